import { describe, expect, it } from 'vitest'
import { affordableOutputBudget, worstCaseQuota, type ReservationInput } from './reservation-plan.ts'
import type { Price } from './resolve-price.ts'

const ratio: Price = {
  kind: 'ratio',
  modelRatio: 0.075,
  completionRatio: 4,
  cacheRatio: 0.5,
  cacheCreationRatio: 1.25,
  groupRatio: 1,
}
const input = (overrides: Partial<ReservationInput> = {}): ReservationInput => ({
  price: ratio,
  quotaPerUnit: 500_000,
  promptTokens: 100,
  outputBudget: 1000,
  choices: 1,
  ...overrides,
})

describe('worst-case reservation', () => {
  it('covers every choice and prices the prompt as a cache write when that costs more', () => {
    // (100 x 1.25 + 1000 x 4) x 0.075 = 309.375
    expect(worstCaseQuota(input())).toBe(309)
    // n = 128: (125 + 128,000 x 4) x 0.075
    expect(worstCaseQuota(input({ choices: 128 }))).toBe(Math.round((125 + 128_000 * 4) * 0.075))
    expect(worstCaseQuota({ ...input(), price: { ...ratio, cacheCreationRatio: 1 } })).toBe(
      Math.round((100 + 4000) * 0.075)
    )
  })

  it('finds the largest output budget a balance affords, or -1 when the prompt alone is too much', () => {
    const plan = input({ outputBudget: 16_384, choices: 3 })
    const budget = affordableOutputBudget(plan, 1_300)
    expect(worstCaseQuota({ ...plan, outputBudget: budget })).toBeLessThanOrEqual(1_300)
    expect(worstCaseQuota({ ...plan, outputBudget: budget + 1 })).toBeGreaterThan(1_300)
    expect(affordableOutputBudget(plan, 10_000_000)).toBe(16_384)
    expect(affordableOutputBudget(input({ promptTokens: 100_000 }), 1_300)).toBe(-1)
  })
})
