import { describe, expect, it } from 'vitest'
import en from '@/i18n/locales/en/midjourney.json'
import zh from '@/i18n/locales/zh/midjourney.json'
import { toMjQuery } from './api'
import {
  codeVariant,
  durationSeconds,
  durationTone,
  MJ_ACTIONS,
  MJ_CODES,
  MJ_STATUSES,
  progressPercent,
  statusVariant,
} from './midjourney-format'
import { defaultMjRange, mjSearchSchema, THIRTY_DAYS } from './midjourney-search'

describe('drawing task formatting', () => {
  it('names every action, status and submit code of the spec in both languages', () => {
    // A name is a string with some text (a missing key is undefined, an unfinished one empty).
    for (const action of MJ_ACTIONS) {
      expect(en.actions[action]).toMatch(/\S/)
      expect(zh.actions[action]).toMatch(/\S/)
    }
    for (const status of MJ_STATUSES) expect(zh.statuses[status]).toMatch(/\S/)
    for (const code of MJ_CODES) expect(zh.codes[String(code) as '1']).toMatch(/\S/)
    expect(zh.codes['21']).toBe('等待中')
    expect(zh.codes['22']).toBe('重复提交')
  })

  it('colours statuses with the console palette and codes by outcome', () => {
    expect(statusVariant('SUCCESS')).toBe('success')
    expect(statusVariant('FAILURE')).toBe('danger')
    expect(statusVariant('IN_PROGRESS')).toBe('info')
    expect(statusVariant('SUBMITTED')).toBe('warning')
    expect(statusVariant('NOT_START')).toBe('muted')
    expect(statusVariant('')).toBe('muted')
    expect(codeVariant(1)).toBe('success')
    expect(codeVariant(22)).toBe('warning')
    expect(codeVariant(24)).toBe('muted')
  })

  it('measures time spent in seconds and shows over 60 s in red', () => {
    expect(durationSeconds({ submit_time: 1_000_000, finish_time: 1_045_500 })).toBe(45.5)
    expect(durationSeconds({ submit_time: 1_000_000, finish_time: 0 })).toBeUndefined()
    expect(durationTone(60)).toBe('text-success')
    expect(durationTone(61)).toBe('text-destructive')
    expect(progressPercent('45%')).toBe(45)
    expect(progressPercent('waiting')).toBeUndefined()
  })

  // The router hands validateSearch whatever the URL held, strings included.
  const fromUrl = (raw: Record<string, unknown>) => mjSearchSchema(raw as Parameters<typeof mjSearchSchema>[0])

  it('defaults to the last 30 days and pages from 1 on the API, as the reference', () => {
    const range = defaultMjRange(1_800_000_000_000)
    expect(range.end - range.start).toBe(THIRTY_DAYS)
    const search = fromUrl({ p: '3', channel_id: '4', mj_id: ' abc ' })
    expect(toMjQuery(search, range.start, 20, true)).toEqual({
      p: 3,
      page_size: 20,
      channel_id: 4,
      mj_id: 'abc',
      start_timestamp: range.start,
      end_timestamp: undefined,
    })
    expect(toMjQuery(search, range.start, 20, false).channel_id).toBeUndefined()
    expect(fromUrl({ p: '-1', channel_id: 'x' })).toEqual({
      p: undefined,
      channel_id: undefined,
      mj_id: undefined,
      start: undefined,
      end: undefined,
    })
  })
})
