import { describe, expect, it } from 'vitest'
import { formatQuota, formatTokenCount, formatUsd } from './quota-format.ts'

describe('formatTokenCount', () => {
  it('abbreviates from 1e4 on', () => {
    expect(formatTokenCount(9999)).toBe('9999')
    expect(formatTokenCount(12_345)).toBe('12.35k')
    expect(formatTokenCount(2_500_000)).toBe('2.5M')
    expect(formatTokenCount(3_000_000_000)).toBe('3B')
  })
})

describe('formatQuota', () => {
  const currency = { quotaPerUnit: 500_000, displayInCurrency: true }
  it('shows currency when enabled', () => {
    expect(formatQuota(500_000, currency)).toBe('$1')
    expect(formatQuota(1_250_000, currency)).toBe('$2.5')
  })
  it('keeps tiny amounts visible', () => {
    expect(formatQuota(1, currency)).toBe('$0.000002')
  })
  it('shows tokens when currency display is off', () => {
    expect(formatQuota(50_000, { ...currency, displayInCurrency: false })).toBe('50k')
  })
})

describe('formatUsd', () => {
  it('writes dollars with two decimals', () => {
    expect(formatUsd(12.5)).toBe('$12.50')
    expect(formatUsd(0)).toBe('$0.00')
    expect(formatUsd(Number.NaN)).toBe('$0.00')
  })
})
