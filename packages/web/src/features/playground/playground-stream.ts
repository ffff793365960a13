import { buildHeaders, expireSession } from '@/lib/api-client'
import type { ChatRequestBody } from './playground-settings'
import { createSseParser, parseStreamData } from './playground-sse'

export const PLAYGROUND_URL = '/pg/chat/completions'

/** Why a stream failed: an expired session, an unreadable chunk, or the server's own message. */
export class ChatStreamError extends Error {
  readonly kind: 'expired' | 'parse' | 'server'
  constructor(kind: 'expired' | 'parse' | 'server', message = '') {
    super(message)
    this.kind = kind
  }
}

async function failureMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '')
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: { message?: unknown } }
    const message = body.error?.message ?? body.message
    if (typeof message === 'string' && message) return message
  } catch {
    /* not JSON */
  }
  return text.trim() || `${response.status} ${response.statusText}`.trim()
}

/**
 * Posts the chat to the playground endpoint (session cookie plus New-Api-User) and reports each
 * text delta as it arrives. Resolves on [DONE] or the end of the stream; rejects with
 * ChatStreamError, or with the AbortError of `signal` when stopped.
 */
export async function streamChat(
  body: ChatRequestBody,
  onText: (text: string) => void,
  signal?: AbortSignal
): Promise<void> {
  const response = await fetch(PLAYGROUND_URL, {
    method: 'POST',
    headers: buildHeaders(true),
    body: JSON.stringify(body),
    credentials: 'include',
    signal,
  })
  if (response.status === 401) {
    // Like every other console call: a 401 ends the local session and leads to the login page.
    expireSession()
    throw new ChatStreamError('expired')
  }
  if (!response.ok || !response.body) throw new ChatStreamError('server', await failureMessage(response))

  let outcome: ChatStreamError | 'done' | undefined
  const parser = createSseParser((data) => {
    if (outcome) return
    const event = parseStreamData(data)
    if (event.kind === 'done') outcome = 'done'
    else if (event.kind === 'text') onText(event.text)
    else if (event.kind === 'error') outcome = new ChatStreamError('server', event.message)
    else outcome = new ChatStreamError('parse')
  })
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  try {
    while (!outcome) {
      const { value, done } = await reader.read()
      if (done) break
      parser.feed(decoder.decode(value, { stream: true }))
    }
    if (!outcome) {
      parser.feed(decoder.decode())
      parser.flush()
    }
  } finally {
    if (outcome) void reader.cancel().catch(() => undefined)
    else reader.releaseLock()
  }
  if (outcome instanceof ChatStreamError) throw outcome
}
