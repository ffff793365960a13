import type { QuotaDataRow } from '@gateway/shared'
import type { Granularity } from './dashboard-search'

export type Metric = 'quota' | 'tokens' | 'count'

export interface Totals {
  quota: number
  tokens: number
  count: number
}

export interface ModelTotals extends Totals {
  model: string
}

/** One time bucket of the trend chart: its start and one value per model (series key = model). */
export interface TrendPoint {
  time: number
  values: Record<string, Totals>
}

export interface Dashboard {
  totals: Totals
  /** models by quota spent, largest first (then by requests, then by name) */
  models: ModelTotals[]
  points: TrendPoint[]
}

/**
 * The local start of the bucket a time falls in: the hour, the day (local midnight) or the week
 * (local Monday midnight). Local, because a person reads "Tuesday" in their own time zone.
 */
export function bucketStart(seconds: number, granularity: Granularity): number {
  if (granularity === 'hour') return seconds - (seconds % 3600)
  const date = new Date(seconds * 1000)
  date.setHours(0, 0, 0, 0)
  if (granularity === 'week') date.setDate(date.getDate() - ((date.getDay() + 6) % 7))
  return Math.floor(date.getTime() / 1000)
}

const empty = (): Totals => ({ quota: 0, tokens: 0, count: 0 })
const add = (into: Totals, row: QuotaDataRow) => {
  into.quota += row.quota
  into.tokens += row.token_used
  into.count += row.count
}

/** Totals, per-model totals and the trend buckets of a set of rows, for one granularity. */
export function aggregate(rows: readonly QuotaDataRow[], granularity: Granularity): Dashboard {
  const totals = empty()
  const models = new Map<string, ModelTotals>()
  const points = new Map<number, TrendPoint>()
  for (const row of rows) {
    add(totals, row)
    const model = row.model_name || '-'
    let perModel = models.get(model)
    if (!perModel) models.set(model, (perModel = { model, ...empty() }))
    add(perModel, row)
    const time = bucketStart(row.created_at, granularity)
    let point = points.get(time)
    if (!point) points.set(time, (point = { time, values: {} }))
    add((point.values[model] ??= empty()), row)
  }
  return {
    totals,
    models: [...models.values()].sort(
      (a, b) => b.quota - a.quota || b.count - a.count || a.model.localeCompare(b.model)
    ),
    points: [...points.values()].sort((a, b) => a.time - b.time),
  }
}

/** One coloured series of the charts: a model, or the smaller models summed as "other". */
export interface Series {
  key: string
  /** the model name; '' for the "other" series */
  model: string
  models: string[]
  other: boolean
}

/**
 * The charts' series, the same for every metric so that a model keeps its colour: the models in
 * order of quota spent, the ones past `limit - 1` summed into one "other" series.
 */
export function buildSeries(models: readonly ModelTotals[], limit: number): Series[] {
  const named = models.length <= limit ? models : models.slice(0, limit - 1)
  const series: Series[] = named.map((m, index) => ({
    key: `s${index}`,
    model: m.model,
    models: [m.model],
    other: false,
  }))
  if (named.length < models.length)
    series.push({ key: 'other', model: '', models: models.slice(limit - 1).map((m) => m.model), other: true })
  return series
}

/** A series' total of one metric (over its models). */
export function seriesTotal(series: Series, values: Record<string, Totals>, metric: Metric): number {
  let sum = 0
  for (const model of series.models) sum += values[model]?.[metric] ?? 0
  return sum
}

/** Start of the bucket after `time` (local days and weeks, so summer time shifts stay aligned). */
function nextBucket(time: number, granularity: Granularity): number {
  if (granularity === 'hour') return time + 3600
  const date = new Date(time * 1000)
  date.setDate(date.getDate() + (granularity === 'day' ? 1 : 7))
  return Math.floor(date.getTime() / 1000)
}

/** Most buckets a chart draws with the quiet ones filled in; past that only buckets with data are drawn. */
export const MAX_FILLED_BUCKETS = 800

/** Every bucket of the range, the empty ones included, so the time axis has no silent jumps. */
export function fillBuckets(
  points: readonly TrendPoint[],
  range: { start: number; end: number },
  granularity: Granularity
): TrendPoint[] {
  const byTime = new Map(points.map((p) => [p.time, p]))
  const filled: TrendPoint[] = []
  for (let time = bucketStart(range.start, granularity); time <= range.end; time = nextBucket(time, granularity)) {
    if (filled.length >= MAX_FILLED_BUCKETS) return [...points]
    filled.push(byTime.get(time) ?? { time, values: {} })
    byTime.delete(time)
  }
  // Rows outside the range (an hour bucket that began before a local-day start) still count.
  return byTime.size ? [...filled, ...byTime.values()].sort((a, b) => a.time - b.time) : filled
}

const pad = (value: number) => String(value).padStart(2, '0')
const monthDay = (date: Date) => `${pad(date.getMonth() + 1)}-${pad(date.getDate())}`

/** A bucket's label: "MM-DD HH:00" for hours, "MM-DD" for days, "MM-DD - MM-DD" (six days on) for weeks. */
export function bucketLabel(seconds: number, granularity: Granularity): string {
  const date = new Date(seconds * 1000)
  if (granularity === 'hour') return `${monthDay(date)} ${pad(date.getHours())}:00`
  if (granularity === 'day') return monthDay(date)
  const last = new Date(date)
  last.setDate(last.getDate() + 6)
  return `${monthDay(date)} - ${monthDay(last)}`
}

/** Average requests and tokens per minute over the range asked for. */
export function perMinute(totals: Totals, range: { start: number; end: number }): { rpm: number; tpm: number } {
  const minutes = Math.max(1, (range.end - range.start) / 60)
  return { rpm: totals.count / minutes, tpm: totals.tokens / minutes }
}
