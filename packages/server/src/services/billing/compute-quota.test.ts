import { describe, expect, it } from 'vitest'
import { computeQuota, exactQuota, isPlausibleUsage } from './compute-quota.ts'
import { multiply, roundToInteger, toDecimal } from './exact-decimal.ts'
import type { Price } from './resolve-price.ts'

const ratio = (modelRatio: number, extra: Partial<Extract<Price, { kind: 'ratio' }>> = {}): Price => ({
  kind: 'ratio',
  modelRatio,
  completionRatio: 1,
  cacheRatio: 1,
  cacheCreationRatio: 1.25,
  groupRatio: 1,
  ...extra,
})

/** A repeatable stream of numbers in [0, 1), so a failing generated case fails the same way again. */
function seededRandom(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return state / 2 ** 31
  }
}

describe('computeQuota golden cases', () => {
  it('prices prompt and completion by ratio (gpt-4o-mini: 0.075, completion x4)', () => {
    // (1000 + 500 x 4) x 0.075 = 225
    expect(
      computeQuota(ratio(0.075, { completionRatio: 4 }), { promptTokens: 1000, completionTokens: 500 }, 500000)
    ).toBe(225)
  })
  it('applies the group ratio exactly where floats would drift', () => {
    // 3 x 0.1 x 0.7 = 0.21 -> 0; but 0.1 x 3 in floats is 0.30000000000000004
    expect(computeQuota(ratio(0.1, { groupRatio: 0.7 }), { promptTokens: 30, completionTokens: 0 }, 500000)).toBe(2)
    expect(computeQuota(ratio(1.1, { groupRatio: 1.1 }), { promptTokens: 100, completionTokens: 0 }, 500000)).toBe(121)
  })
  it('rounds half up', () => {
    expect(computeQuota(ratio(0.5), { promptTokens: 3, completionTokens: 0 }, 500000)).toBe(2)
    expect(computeQuota(ratio(0.5), { promptTokens: 1, completionTokens: 0 }, 500000)).toBe(1)
  })
  it('charges at least 1 for a priced request that used tokens', () => {
    expect(computeQuota(ratio(0.001), { promptTokens: 1, completionTokens: 0 }, 500000)).toBe(1)
  })
  it('charges nothing for a request without tokens or a free model', () => {
    expect(computeQuota(ratio(2), { promptTokens: 0, completionTokens: 0 }, 500000)).toBe(0)
    expect(computeQuota(ratio(0), { promptTokens: 100, completionTokens: 100 }, 500000)).toBe(0)
  })
  it('bills cached and cache-write tokens by their ratios', () => {
    // (1000 - 600 - 100) + 600 x 0.5 + 100 x 1.25 + 200 x 4 = 300 + 300 + 125 + 800 = 1525; x 1.25 = 1906.25 -> 1906
    const price = ratio(1.25, { completionRatio: 4, cacheRatio: 0.5 })
    expect(
      computeQuota(
        price,
        { promptTokens: 1000, completionTokens: 200, cachedTokens: 600, cacheCreationTokens: 100 },
        500000
      )
    ).toBe(1906)
  })
  it('prices per call by QuotaPerUnit and group ratio', () => {
    expect(
      computeQuota(
        { kind: 'per-call', modelPrice: 0.04, groupRatio: 1 },
        { promptTokens: 0, completionTokens: 0 },
        500000
      )
    ).toBe(20000)
    expect(
      computeQuota(
        { kind: 'per-call', modelPrice: 0.1, groupRatio: 0.9 },
        { promptTokens: 5, completionTokens: 5 },
        500000
      )
    ).toBe(45000)
  })
})

describe('computeQuota properties', () => {
  it('is a non-negative integer, monotone in usage, over 100,000 generated cases', () => {
    const next = seededRandom(42)
    const ratios = [0, 0.001, 0.01, 0.075, 0.1, 0.25, 0.5, 1, 1.25, 2.5, 7.5, 15, 37.5]
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T
    for (let i = 0; i < 100_000; i++) {
      const price = ratio(pick(ratios), {
        completionRatio: pick([1, 2, 3, 4, 4 / 3, 5, 8]),
        cacheRatio: pick([0.1, 0.25, 0.5, 1]),
        groupRatio: pick([0, 0.5, 0.8, 1, 1.5, 2]),
      })
      const prompt = Math.floor(next() * 200_000)
      const cached = Math.floor(next() * prompt)
      const completion = Math.floor(next() * 100_000)
      const usage = { promptTokens: prompt, completionTokens: completion, cachedTokens: cached }
      const quota = computeQuota(price, usage, 500000)
      expect(Number.isSafeInteger(quota) && quota >= 0).toBe(true)
      expect(computeQuota(price, { ...usage, completionTokens: completion + 1 }, 500000)).toBeGreaterThanOrEqual(quota)
    }
  })
})

describe('computeQuota on numbers against BigInt', () => {
  it('answers what the BigInt decimals answer, over 200,000 generated cases', () => {
    const next = seededRandom(7)
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T
    // Ratios as operators write them, and some with many digits that leave the fast path.
    const ratios = [0, 0.0001, 0.075, 0.1, 0.123456789, 1 / 3, 1.25, 2.5, 4 / 3, 37.5, 1234.5678, 1e-9, 3e7]
    const counts = () => pick([0, 1, 7, 999, Math.floor(next() * 2_000_000), Math.floor(next() * 1e9)])
    for (let i = 0; i < 200_000; i++) {
      const price = ratio(pick(ratios), {
        completionRatio: pick(ratios),
        cacheRatio: pick(ratios),
        cacheCreationRatio: pick(ratios),
        groupRatio: pick(ratios),
      })
      const prompt = counts()
      const cached = Math.floor(next() * prompt * 0.6)
      const creation = Math.floor(next() * (prompt - cached))
      const usage = {
        promptTokens: prompt,
        completionTokens: counts(),
        cachedTokens: cached,
        cacheCreationTokens: creation,
      }
      let expected: number | string
      try {
        expected = exactQuota(price, usage, 500000)
      } catch (error) {
        expected = String(error)
      }
      let actual: number | string
      try {
        actual = computeQuota(price, usage, 500000)
      } catch (error) {
        actual = String(error)
      }
      if (actual !== expected) expect({ price, usage, actual }).toEqual({ price, usage, actual: expected })
    }
  })
  it('takes the BigInt path where numbers would lose digits', () => {
    // 1e9 × 0.123456789 × 1234.5678 × 1 is past 2^53 in units; the answer is still exact.
    const price = ratio(1234.5678, { completionRatio: 0.123456789 })
    const usage = { promptTokens: 0, completionTokens: 1e9 }
    expect(computeQuota(price, usage, 500000)).toBe(exactQuota(price, usage, 500000))
    expect(computeQuota(price, usage, 500000)).toBe(152415776391)
  })
})

describe('isPlausibleUsage', () => {
  it('refuses negative, fractional, absurd and inconsistent usage', () => {
    expect(isPlausibleUsage({ promptTokens: 10, completionTokens: 5 })).toBe(true)
    expect(isPlausibleUsage({ promptTokens: -1e6, completionTokens: 5 })).toBe(false)
    expect(isPlausibleUsage({ promptTokens: 1.5, completionTokens: 5 })).toBe(false)
    expect(isPlausibleUsage({ promptTokens: 10, completionTokens: 2 ** 63 })).toBe(false)
    expect(isPlausibleUsage({ promptTokens: 10, completionTokens: 0, cachedTokens: 11 })).toBe(false)
  })
})

describe('exact decimals', () => {
  it('reads numbers as the decimals they print as', () => {
    expect(toDecimal(0.075)).toEqual({ units: 75n, scale: 3 })
    expect(toDecimal(1e-7)).toEqual({ units: 1n, scale: 7 })
    expect(toDecimal(2e21)).toEqual({ units: 2000000000000000000000n, scale: 0 })
    expect(roundToInteger(multiply(toDecimal(0.1), toDecimal(3)))).toBe(0n)
    expect(roundToInteger(multiply(toDecimal(0.5), toDecimal(5)))).toBe(3n)
  })
})
