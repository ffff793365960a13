import { z } from 'zod'

const seconds = z.coerce.number().int().min(0).optional().catch(undefined)

/** /task's filters, kept in the URL so a reload or a shared link shows the same list. */
export const taskSearchSchema = z.object({
  /** admins only */
  channel_id: z.coerce.number().int().min(1).optional().catch(undefined),
  task_id: z.string().trim().max(50).optional().catch(undefined),
  /** unix seconds; defaults to midnight today */
  start: seconds,
  /** unix seconds; no end when absent */
  end: seconds,
})
export type TaskSearch = z.infer<typeof taskSearchSchema>

/** Spec §9: the start time defaults to midnight today. */
export function midnightToday(nowMs = Date.now()): number {
  const midnight = new Date(nowMs)
  midnight.setHours(0, 0, 0, 0)
  return Math.floor(midnight.getTime() / 1000)
}
