import type { QuotaDataRow } from '@gateway/shared'
import { describe, expect, it } from 'vitest'
import {
  aggregate,
  bucketLabel,
  bucketStart,
  buildSeries,
  fillBuckets,
  MAX_FILLED_BUCKETS,
  perMinute,
  seriesTotal,
} from './dashboard-aggregate'
import { defaultRange, toGranularity } from './dashboard-search'

const local = (y: number, m: number, d: number, h = 0) => Math.floor(new Date(y, m - 1, d, h).getTime() / 1000)
const row = (model: string, at: number, fields: Partial<QuotaDataRow> = {}): QuotaDataRow => ({
  id: 0,
  user_id: 0,
  username: '',
  model_name: model,
  created_at: at - (at % 3600),
  count: 1,
  quota: 100,
  token_used: 10,
  use_group: '',
  token_id: 0,
  channel_id: 0,
  node_name: '',
  ...fields,
})

describe('bucketStart and bucketLabel', () => {
  it('buckets by local hour, day and Monday-started week', () => {
    // Wednesday 2024-05-15 13:00 local.
    const at = local(2024, 5, 15, 13) + 1234
    expect(bucketStart(at, 'hour')).toBe(at - (at % 3600))
    expect(bucketStart(at, 'day')).toBe(local(2024, 5, 15))
    expect(bucketStart(at, 'week')).toBe(local(2024, 5, 13))
    // A Sunday belongs to the week that began the Monday before.
    expect(bucketStart(local(2024, 5, 19, 23), 'week')).toBe(local(2024, 5, 13))
  })

  it('labels hours, days and weeks spanning six days', () => {
    expect(bucketLabel(local(2024, 5, 15, 9), 'hour')).toBe('05-15 09:00')
    expect(bucketLabel(local(2024, 5, 15), 'day')).toBe('05-15')
    expect(bucketLabel(local(2024, 5, 27), 'week')).toBe('05-27 - 06-02')
  })
})

describe('aggregate', () => {
  it('sums totals, models and buckets exactly', () => {
    const rows = [
      row('gpt-4o', local(2024, 5, 15, 9), { count: 2, quota: 3_000_000_000, token_used: 7 }),
      row('claude', local(2024, 5, 15, 9), { count: 1, quota: 5, token_used: 1 }),
      row('gpt-4o', local(2024, 5, 15, 10), { count: 3, quota: 1, token_used: 2 }),
      row('gpt-4o', local(2024, 5, 16, 1), { count: 1, quota: 1, token_used: 2 }),
    ]
    const hourly = aggregate(rows, 'hour')
    expect(hourly.totals).toEqual({ quota: 3_000_000_007, tokens: 12, count: 7 })
    expect(hourly.models.map((m) => [m.model, m.count, m.quota])).toEqual([
      ['gpt-4o', 6, 3_000_000_002],
      ['claude', 1, 5],
    ])
    expect(hourly.points.map((p) => p.time)).toEqual([
      local(2024, 5, 15, 9),
      local(2024, 5, 15, 10),
      local(2024, 5, 16, 1),
    ])
    const daily = aggregate(rows, 'day')
    expect(daily.points.map((p) => [p.time, p.values['gpt-4o']?.count, p.values.claude?.count])).toEqual([
      [local(2024, 5, 15), 5, 1],
      [local(2024, 5, 16), 1, undefined],
    ])
    expect(aggregate([], 'week')).toEqual({ totals: { quota: 0, tokens: 0, count: 0 }, models: [], points: [] })
  })
})

describe('buildSeries', () => {
  it('keeps the largest models and sums the rest as other', () => {
    const models = aggregate(
      ['a', 'b', 'c', 'd'].map((m, i) => row(m, local(2024, 5, 15), { quota: 100 - i, count: i + 1 })),
      'hour'
    ).models
    expect(buildSeries(models, 4).map((s) => s.model)).toEqual(['a', 'b', 'c', 'd'])
    const series = buildSeries(models, 3)
    expect(series.map((s) => [s.key, s.model, s.other])).toEqual([
      ['s0', 'a', false],
      ['s1', 'b', false],
      ['other', '', true],
    ])
    const values = Object.fromEntries(models.map((m) => [m.model, m]))
    expect(seriesTotal(series[2]!, values, 'count')).toBe(3 + 4)
  })
})

describe('fillBuckets', () => {
  it('fills the quiet buckets of the range and keeps rows outside it', () => {
    const start = local(2024, 5, 15, 9)
    const points = aggregate([row('m', start + 3600), row('m', start - 3 * 3600)], 'hour').points
    const filled = fillBuckets(points, { start: start + 60, end: start + 3 * 3600 }, 'hour')
    expect(filled.map((p) => (p.time - start) / 3600)).toEqual([-3, 0, 1, 2, 3])
    expect(filled.map((p) => Object.keys(p.values).length)).toEqual([1, 0, 1, 0, 0])
    // A very long range of hours is drawn with only its busy buckets.
    expect(fillBuckets(points, { start, end: start + (MAX_FILLED_BUCKETS + 5) * 3600 }, 'hour')).toEqual(points)
  })
})

describe('ranges', () => {
  it('opens a day of hours, a week of days and a month of weeks', () => {
    const now = 1_700_000_000_000
    expect(defaultRange('hour', now)).toEqual({ start: 1_700_000_000 - 86_400, end: 1_700_000_000 })
    expect(defaultRange('day', now).start).toBe(1_700_000_000 - 7 * 86_400)
    expect(defaultRange('week', now).start).toBe(1_700_000_000 - 30 * 86_400)
    expect(toGranularity('week')).toBe('week')
    expect(toGranularity('year')).toBe('hour')
    expect(toGranularity(null)).toBe('hour')
  })

  it('averages requests and tokens per minute over the range', () => {
    expect(perMinute({ count: 120, tokens: 6000, quota: 0 }, { start: 0, end: 3600 })).toEqual({ rpm: 2, tpm: 100 })
  })
})
