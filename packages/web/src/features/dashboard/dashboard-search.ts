import { z } from 'zod'

export const GRANULARITIES = ['hour', 'day', 'week'] as const
export type Granularity = (typeof GRANULARITIES)[number]

const seconds = z.coerce.number().int().min(0).optional().catch(undefined)

/** /detail's filters, kept in the URL so a reload or a shared link shows the same view. */
export const dashboardSearchSchema = z.object({
  /** unix seconds; defaults per granularity (see defaultRange) */
  start: seconds,
  /** unix seconds; defaults to now */
  end: seconds,
  /** admins only: one user's data instead of everyone's */
  username: z.string().trim().max(64).optional().catch(undefined),
  granularity: z.enum(GRANULARITIES).optional().catch(undefined),
})
export type DashboardSearch = z.infer<typeof dashboardSearchSchema>

/** A stored or configured granularity, 'hour' when it is anything else. */
export function toGranularity(value: string | null | undefined): Granularity {
  return (GRANULARITIES as readonly string[]).includes(value ?? '') ? (value as Granularity) : 'hour'
}

export const DAY = 86_400
/** The widest range a user may read of their own data (the server's limit). */
export const SELF_MAX_SPAN = 30 * DAY

/** The ranges offered as presets, in days. */
export const PRESET_DAYS = [1, 7, 14, 30] as const

/** The last `days` days up to now. */
export function presetRange(days: number, nowMs = Date.now()): { start: number; end: number } {
  const end = Math.floor(nowMs / 1000)
  return { start: end - days * DAY, end }
}

/** The default range a granularity opens with: a day of hours, a week of days, a month of weeks. */
export function defaultRange(granularity: Granularity, nowMs = Date.now()): { start: number; end: number } {
  const end = Math.floor(nowMs / 1000)
  const days = granularity === 'hour' ? 1 : granularity === 'day' ? 7 : 30
  return { start: end - days * DAY, end }
}
