import type { Status } from '@gateway/shared'

/** The key as chat clients expect it, always with the `sk-` prefix. */
export function fullKey(key: string): string {
  return key.startsWith('sk-') ? key : `sk-${key}`
}

function fill(part: string, key: string, address: string, encode: boolean): string {
  const enc = encode ? encodeURIComponent : (value: string) => value
  return part.replaceAll('{key}', enc(key)).replaceAll('{address}', enc(address))
}

/**
 * Puts a token key and the server address into an admin's chat link template: `{key}` becomes
 * the `sk-…` key and `{address}` the server address; both are URL-encoded where they sit in the
 * query or fragment, and left as they are in the path (`https://{address}/…` style templates).
 */
export function fillChatLink(template: string, key: string, address: string): string {
  const cut = template.search(/[?#]/)
  const k = fullKey(key)
  if (cut === -1) return fill(template, k, address, false)
  return fill(template.slice(0, cut), k, address, false) + fill(template.slice(cut), k, address, true)
}

/** The server address for links: the configured one, else this console's origin. */
export function serverAddress(status: Pick<Status, 'server_address'>): string {
  return status.server_address || window.location.origin
}

export interface ChatEntry {
  label: string
  url: string
}

/** status.chats entries are `{ label: url }` objects; anything else is a configuration error (null). */
export function chatEntries(chats: Status['chats'] | undefined): ChatEntry[] {
  if (!Array.isArray(chats)) return []
  return chats.flatMap((entry) => {
    if (!entry || typeof entry !== 'object') return []
    const [label, url] = Object.entries(entry)[0] ?? []
    return typeof label === 'string' && typeof url === 'string' && url.trim() !== '' ? [{ label, url: url.trim() }] : []
  })
}

/** The chat at position `id` of status.chats, or null when there is none or it is malformed. */
export function chatAt(chats: Status['chats'] | undefined, id: string | number): ChatEntry | null {
  const index = Number(id)
  if (!Number.isInteger(index) || index < 0 || !Array.isArray(chats)) return null
  const entry = chats[index]
  if (!entry || typeof entry !== 'object') return null
  const [label, url] = Object.entries(entry)[0] ?? []
  return typeof label === 'string' && typeof url === 'string' && url.trim() !== '' ? { label, url: url.trim() } : null
}

/** What /chat2link opens: status.chat_link, else the first configured chat. */
export function chat2Link(status: Pick<Status, 'chat_link' | 'chats'>): string | null {
  if (status.chat_link?.trim()) return status.chat_link.trim()
  return chatEntries(status.chats)[0]?.url ?? null
}

/**
 * The iframe's sandbox: allow-same-origin only for an https page of another origin (it needs its
 * own storage there, and cannot reach ours); a same-origin or plain-http page never gets it, since
 * same-origin plus scripts would let it lift its own sandbox.
 */
export function chatSandbox(url: string, origin = window.location.origin): string {
  const base = 'allow-scripts allow-forms allow-popups'
  try {
    const parsed = new URL(url, origin)
    return parsed.protocol === 'https:' && parsed.origin !== origin ? `${base} allow-same-origin` : base
  } catch {
    return base
  }
}
