import { ChannelStatus, type ChannelInfoDoc } from '@gateway/shared'

/**
 * channels.channel_info, the reference's multi-key document. Its per-key maps are keyed by the
 * key's 0-based index (JSON object keys, so strings); a key without a status entry is enabled.
 * PostgreSQL and MySQL hand the json column back parsed, SQLite and MariaDB as text, and rows
 * from before the column existed as NULL: all read the same here.
 */
export function readChannelInfo(raw: unknown): ChannelInfoDoc {
  let value: unknown = raw
  if (typeof raw === 'string') {
    try {
      value = raw.trim() === '' ? {} : JSON.parse(raw)
    } catch {
      value = {}
    }
  }
  const doc =
    value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  const info: ChannelInfoDoc = {
    is_multi_key: doc.is_multi_key === true,
    multi_key_size: finite(doc.multi_key_size),
    multi_key_status_list: numberMap(doc.multi_key_status_list),
    multi_key_polling_index: finite(doc.multi_key_polling_index),
    multi_key_mode: typeof doc.multi_key_mode === 'string' ? doc.multi_key_mode : '',
  }
  const reasons = stringMap(doc.multi_key_disabled_reason)
  const times = numberMap(doc.multi_key_disabled_time)
  if (reasons) info.multi_key_disabled_reason = reasons
  if (times) info.multi_key_disabled_time = times
  return info
}

/** The text stored in channel_info, with the reference's field order and its empty maps left out. */
export function channelInfoText(info: ChannelInfoDoc): string {
  const statuses = info.multi_key_status_list
  return JSON.stringify({
    is_multi_key: info.is_multi_key,
    multi_key_size: info.multi_key_size,
    multi_key_status_list: statuses && Object.keys(statuses).length > 0 ? statuses : info.is_multi_key ? {} : null,
    ...(info.multi_key_disabled_reason && Object.keys(info.multi_key_disabled_reason).length > 0
      ? { multi_key_disabled_reason: info.multi_key_disabled_reason }
      : {}),
    ...(info.multi_key_disabled_time && Object.keys(info.multi_key_disabled_time).length > 0
      ? { multi_key_disabled_time: info.multi_key_disabled_time }
      : {}),
    multi_key_polling_index: info.multi_key_polling_index,
    multi_key_mode: info.multi_key_mode,
  })
}

/** What a new single-key channel stores (the reference writes the same document). */
export const singleKeyInfo = (): ChannelInfoDoc => ({
  is_multi_key: false,
  multi_key_size: 0,
  multi_key_status_list: null,
  multi_key_polling_index: 0,
  multi_key_mode: '',
})

export const multiKeyInfo = (mode: string, size: number): ChannelInfoDoc => ({
  is_multi_key: true,
  multi_key_size: size,
  multi_key_status_list: {},
  multi_key_polling_index: 0,
  multi_key_mode: mode,
})

/** channel_info in console reads: the reasons and times are the key manager's to show, as in the reference. */
export function consoleChannelInfo(raw: unknown): ChannelInfoDoc {
  const { multi_key_disabled_reason: _reasons, multi_key_disabled_time: _times, ...info } = readChannelInfo(raw)
  return info
}

/**
 * The keys of a multi-key channel, by index: a JSON array (Vertex AI service accounts, each
 * element one key) or one key per line. Lines are taken as stored, blank ones included, so the
 * indexes match the reference's for a taken-over channel.
 */
export function splitChannelKeys(text: string): string[] {
  if (text === '') return []
  const trimmed = text.trim()
  if (trimmed.startsWith('[')) {
    try {
      const array: unknown = JSON.parse(trimmed)
      if (Array.isArray(array)) return array.map((item) => JSON.stringify(item))
    } catch {
      // not an array after all: one key per line
    }
  }
  return text.replace(/^\n+|\n+$/g, '').split('\n')
}

/** A key's status: its entry in the status list, enabled when it has none. */
export const keyStatusOf = (info: ChannelInfoDoc, index: number): number =>
  info.multi_key_status_list?.[String(index)] ?? ChannelStatus.enabled

export const enabledKeyIndexes = (info: ChannelInfoDoc, count: number): number[] =>
  Array.from({ length: count }, (_, i) => i).filter((i) => keyStatusOf(info, i) === ChannelStatus.enabled)

/**
 * Keeps only the per-key entries of keys that still exist (after keys were removed from the
 * end), as the reference does when a multi-key channel is saved.
 */
export function pruneKeyEntries(info: ChannelInfoDoc, size: number): ChannelInfoDoc {
  const keep = <V>(map: Record<string, V> | null | undefined) =>
    map ? Object.fromEntries(Object.entries(map).filter(([index]) => Number(index) >= 0 && Number(index) < size)) : map
  return {
    ...info,
    multi_key_size: size,
    multi_key_status_list: keep(info.multi_key_status_list) ?? {},
    multi_key_disabled_reason: keep(info.multi_key_disabled_reason) ?? undefined,
    multi_key_disabled_time: keep(info.multi_key_disabled_time) ?? undefined,
  }
}

/** A key as the key manager shows it: its first 3 and last 4 characters, or stars when it is short. */
export function maskKey(key: string): string {
  const compact = key.trim()
  if (compact.length < 12) return '*'.repeat(Math.max(3, compact.length))
  return `${compact.slice(0, 3)}...${compact.slice(-4)}`
}

const finite = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0)

function numberMap(value: unknown): Record<string, number> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null
  const entries = Object.entries(value as Record<string, unknown>).filter(
    (e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1])
  )
  return Object.fromEntries(entries)
}

function stringMap(value: unknown): Record<string, string> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string')
  )
}
