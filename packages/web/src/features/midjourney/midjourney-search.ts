import { integer, searchParams, text, type SearchOf } from '@/lib/search-params'

const seconds = integer(0)

/** /midjourney's filters, kept in the URL. `p` is 1-based here; the API's page index starts at 0. */
const mjShape = {
  p: integer(1),
  /** admins only */
  channel_id: integer(1),
  mj_id: text(128),
  /** unix seconds; defaults to 30 days ago */
  start: seconds,
  /** unix seconds; open-ended when absent (tasks submitted after the page opened still show) */
  end: seconds,
}
export const mjSearchSchema = searchParams(mjShape)
export type MjSearch = SearchOf<typeof mjShape>

export const THIRTY_DAYS = 30 * 24 * 3600

/** The default range of the drawing page: the last 30 days (spec §9). */
export function defaultMjRange(nowMs = Date.now()): { start: number; end: number } {
  const now = Math.floor(nowMs / 1000)
  return { start: now - THIRTY_DAYS, end: now }
}
