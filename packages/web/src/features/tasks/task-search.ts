import { integer, searchParams, text, type SearchOf } from '@/lib/search-params'

const seconds = integer(0)

/** /task's filters, kept in the URL so a reload or a shared link shows the same list. */
const taskShape = {
  /** admins only */
  channel_id: integer(1),
  task_id: text(50),
  /** unix seconds; defaults to midnight today */
  start: seconds,
  /** unix seconds; no end when absent */
  end: seconds,
}
export const taskSearchSchema = searchParams(taskShape)
export type TaskSearch = SearchOf<typeof taskShape>

/** Spec §9: the start time defaults to midnight today. */
export function midnightToday(nowMs = Date.now()): number {
  const midnight = new Date(nowMs)
  midnight.setHours(0, 0, 0, 0)
  return Math.floor(midnight.getTime() / 1000)
}
