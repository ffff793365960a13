import { integer, searchParams, text as textOf, type SearchOf } from '@/lib/search-params'

const text = textOf(255)
const seconds = integer(0)

/** /log's filters, kept in the URL so a reload or a shared link shows the same list. */
const logShape = {
  p: integer(1),
  type: integer(0, 6),
  token_name: text,
  model_name: text,
  group: text,
  /** admins only */
  username: text,
  /** admins only */
  channel: seconds,
  /** exact: our request id (X-Oneapi-Request-Id) or the upstream's */
  request_id: text,
  upstream_request_id: text,
  /** unix seconds; defaults to midnight today */
  start: seconds,
  /** unix seconds; defaults to now plus one hour */
  end: seconds,
}
export const logSearchSchema = searchParams(logShape)
export type LogSearch = SearchOf<typeof logShape>

/** The default range: from today's midnight to one hour from now (spec: the end is now + 1 h). */
export function defaultRange(nowMs = Date.now()): { start: number; end: number } {
  const midnight = new Date(nowMs)
  midnight.setHours(0, 0, 0, 0)
  return { start: Math.floor(midnight.getTime() / 1000), end: Math.floor(nowMs / 1000) + 3600 }
}

const pad = (value: number) => String(value).padStart(2, '0')

/** Unix seconds as the value of an <input type="datetime-local"> (local time, to the minute). */
export function toDateTimeLocal(seconds: number): string {
  const d = new Date(seconds * 1000)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** The value of an <input type="datetime-local"> as unix seconds; undefined when empty or invalid. */
export function fromDateTimeLocal(value: string): number | undefined {
  if (!value) return undefined
  const ms = new Date(value).getTime()
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000)
}
