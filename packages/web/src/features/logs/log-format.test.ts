import { describe, expect, it } from 'vitest'
import { firstTokenTone, parseOther, pricingLines, retryPath, useTimeTone } from './log-format'
import { defaultRange, fromDateTimeLocal, toDateTimeLocal } from './log-search'

describe('latency colours', () => {
  it('colours use time green under 101 s, orange under 300 s, else red', () => {
    expect([0, 100, 100.9, 101, 299, 300, 1000].map(useTimeTone)).toEqual([
      'success',
      'success',
      'success',
      'warning',
      'warning',
      'danger',
      'danger',
    ])
  })
  it('colours first-token latency green under 3 s, orange under 10 s, else red (milliseconds)', () => {
    expect([1, 2999, 3000, 9999, 10_000].map(firstTokenTone)).toEqual([
      'success',
      'success',
      'warning',
      'warning',
      'danger',
    ])
  })
})

describe('pricing explanation', () => {
  const row = { model_name: 'gpt-4o', prompt_tokens: 1000, completion_tokens: 200 }
  it('explains per-token pricing with ratios, prices per million, cache, latency, mapping and effort', () => {
    const lines = pricingLines(
      {
        model_ratio: 1.25,
        completion_ratio: 4,
        group_ratio: 0.5,
        model_price: -1,
        cache_tokens: 300,
        cache_ratio: 0.5,
        frt: 1500,
        is_model_mapped: true,
        upstream_model_name: 'gpt-4o-2024',
        reasoning_effort: 'high',
      },
      row
    )
    expect(lines).toEqual([
      { key: 'perToken', values: { model: '1.25', completion: '4', group: '0.5' } },
      { key: 'inputPrice', values: { tokens: 1000, price: '1.25' } },
      { key: 'outputPrice', values: { tokens: 200, price: '5' } },
      { key: 'cache', values: { tokens: 300, ratio: '0.5' } },
      { key: 'firstToken', values: { value: '1.5' } },
      { key: 'mapping', values: { from: 'gpt-4o', to: 'gpt-4o-2024' } },
      { key: 'reasoning', values: { value: 'high' } },
    ])
  })
  it('explains per-call pricing, the user group ratio, and audio', () => {
    const lines = pricingLines(
      {
        model_price: 0.1,
        group_ratio: 1,
        user_group_ratio: 0.8,
        audio: true,
        audio_input: 10,
        audio_output: 20,
        text_input: 5,
        text_output: 6,
      },
      row
    )
    expect(lines.map((line) => line.key)).toEqual(['perCall', 'userGroupRatio', 'audio', 'text'])
    expect(lines[0]?.values).toEqual({ price: '0.1', group: '0.8', total: '0.08' })
  })
  it('reads broken or empty `other` as nothing', () => {
    expect(parseOther('')).toEqual({})
    expect(parseOther('not json')).toEqual({})
    expect(parseOther('[1]')).toEqual({})
    expect(pricingLines({}, row)).toEqual([])
    expect(retryPath(parseOther('{"admin_info":{"use_channel":[3,"7"]}}'))).toEqual(['3', '7'])
  })
})

describe('time range', () => {
  it('defaults from midnight today to one hour from now', () => {
    const now = new Date(2026, 0, 15, 13, 30, 0).getTime()
    const { start, end } = defaultRange(now)
    expect(start).toBe(new Date(2026, 0, 15).getTime() / 1000)
    expect(end).toBe(now / 1000 + 3600)
  })
  it('round-trips datetime-local values', () => {
    const seconds = new Date(2026, 4, 6, 7, 8).getTime() / 1000
    expect(toDateTimeLocal(seconds)).toBe('2026-05-06T07:08')
    expect(fromDateTimeLocal('2026-05-06T07:08')).toBe(seconds)
    expect(fromDateTimeLocal('')).toBeUndefined()
    expect(fromDateTimeLocal('garbage')).toBeUndefined()
  })
})
