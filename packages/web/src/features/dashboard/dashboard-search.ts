import { integer, oneOf, searchParams, text, type SearchOf } from '@/lib/search-params'

export const GRANULARITIES = ['hour', 'day', 'week'] as const
export type Granularity = (typeof GRANULARITIES)[number]

const seconds = integer(0)

/** /detail's filters, kept in the URL so a reload or a shared link shows the same view. */
const dashboardShape = {
  /** unix seconds; defaults per granularity (see defaultRange) */
  start: seconds,
  /** unix seconds; defaults to now */
  end: seconds,
  /** admins only: one user's data instead of everyone's */
  username: text(64),
  granularity: oneOf(GRANULARITIES),
}
export const dashboardSearchSchema = searchParams(dashboardShape)
export type DashboardSearch = SearchOf<typeof dashboardShape>

/** A stored or configured granularity, 'hour' when it is anything else. */
export function toGranularity(value: string | null | undefined): Granularity {
  return (GRANULARITIES as readonly string[]).includes(value ?? '') ? (value as Granularity) : 'hour'
}

export const DAY = 86_400

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
