import { z } from 'zod'

const seconds = z.coerce.number().int().min(0).optional().catch(undefined)

/** /midjourney's filters, kept in the URL. `p` is 1-based here; the API's page index starts at 0. */
export const mjSearchSchema = z.object({
  p: z.coerce.number().int().min(1).optional().catch(undefined),
  /** admins only */
  channel_id: z.coerce.number().int().min(1).optional().catch(undefined),
  mj_id: z.string().trim().max(128).optional().catch(undefined),
  /** unix seconds; defaults to 30 days ago */
  start: seconds,
  /** unix seconds; open-ended when absent (tasks submitted after the page opened still show) */
  end: seconds,
})
export type MjSearch = z.infer<typeof mjSearchSchema>

export const THIRTY_DAYS = 30 * 24 * 3600

/** The default range of the drawing page: the last 30 days (spec §9). */
export function defaultMjRange(nowMs = Date.now()): { start: number; end: number } {
  const now = Math.floor(nowMs / 1000)
  return { start: now - THIRTY_DAYS, end: now }
}
