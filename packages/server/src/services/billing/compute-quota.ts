import type { Usage } from '../../providers/types.ts'
import {
  add,
  exactPlus,
  exactTimes,
  isZero,
  multiply,
  roundedOverPowerOfTen,
  roundToInteger,
  smallDecimal,
  toDecimal,
  type SmallDecimal,
} from './exact-decimal.ts'
import type { Price } from './resolve-price.ts'

// The contract lives with the providers, which produce it; billing keeps exporting it for its callers.
export type { Usage }

/** Usage numbers above this are not believed (no request is a billion tokens). */
export const MAX_TOKENS_PER_FIELD = 1_000_000_000

/** Usage from outside is checked: non-negative integers, cache parts within the prompt. */
export function isPlausibleUsage(usage: Usage): boolean {
  const fields = [usage.promptTokens, usage.completionTokens, usage.cachedTokens ?? 0, usage.cacheCreationTokens ?? 0]
  if (!fields.every((n) => Number.isSafeInteger(n) && n >= 0 && n <= MAX_TOKENS_PER_FIELD)) return false
  return (usage.cachedTokens ?? 0) + (usage.cacheCreationTokens ?? 0) <= usage.promptTokens
}

/**
 * The quota one request costs, as an exact integer:
 * - per call: price x QuotaPerUnit x group ratio;
 * - by ratio: (uncached prompt + cached x cache ratio + cache writes x creation ratio
 *   + completion x completion ratio) x model ratio x group ratio, rounded half up; a priced
 *   request that used tokens costs at least 1.
 * Never negative; a request with no tokens at all costs nothing (the reference's upstream-timeout case).
 */
export function computeQuota(price: Price, usage: Usage, quotaPerUnit: number): number {
  const quick = price.kind === 'ratio' ? quickRatioQuota(price, usage) : Number.NaN
  return Number.isNaN(quick) ? exactQuota(price, usage, quotaPerUnit) : quick
}

/**
 * The same formula on integers held in numbers, without BigInt: every product and sum is checked
 * to stay below 2^53, where numbers are exact. NaN when one would not (huge counts or ratios with
 * many digits), and the caller takes the BigInt path. Most requests are priced here; it runs
 * several times per request (the worst case held, the final charge).
 */
function quickRatioQuota(price: Extract<Price, { kind: 'ratio' }>, usage: Usage): number {
  if (usage.promptTokens + usage.completionTokens === 0) return 0
  const cacheRead = smallDecimal(price.cacheRatio)
  const cacheWrite = smallDecimal(price.cacheCreationRatio)
  const completion = smallDecimal(price.completionRatio)
  const model = smallDecimal(price.modelRatio)
  const group = smallDecimal(price.groupRatio)
  if (!cacheRead || !cacheWrite || !completion || !model || !group) return Number.NaN
  const cached = usage.cachedTokens ?? 0
  const creation = usage.cacheCreationTokens ?? 0
  // Σ tokens × ratio over the common scale of the three token ratios.
  const scale = Math.max(cacheRead.scale, cacheWrite.scale, completion.scale)
  const term = (tokens: number, ratio: SmallDecimal) =>
    exactTimes(tokens, exactTimes(ratio.units, 10 ** (scale - ratio.scale)))
  let weighted = exactTimes(usage.promptTokens - cached - creation, 10 ** scale)
  weighted = exactPlus(weighted, term(cached, cacheRead))
  weighted = exactPlus(weighted, term(creation, cacheWrite))
  weighted = exactPlus(weighted, term(usage.completionTokens, completion))
  const ratioUnits = exactTimes(model.units, group.units)
  const quota = roundedOverPowerOfTen(exactTimes(weighted, ratioUnits), scale + model.scale + group.scale)
  if (Number.isNaN(quota)) return Number.NaN
  return ratioUnits !== 0 && quota <= 0 ? 1 : quota
}

/** computeQuota on BigInt decimals: exact for any inputs. Exported so tests can hold the fast path to it. */
export function exactQuota(price: Price, usage: Usage, quotaPerUnit: number): number {
  if (price.kind === 'per-call') {
    return toSafeInteger(
      roundToInteger(multiply(toDecimal(price.modelPrice), toDecimal(quotaPerUnit), toDecimal(price.groupRatio)))
    )
  }
  if (usage.promptTokens + usage.completionTokens === 0) return 0
  const cached = usage.cachedTokens ?? 0
  const creation = usage.cacheCreationTokens ?? 0
  const weightedTokens = add(
    toDecimal(usage.promptTokens - cached - creation),
    multiply(toDecimal(cached), toDecimal(price.cacheRatio)),
    multiply(toDecimal(creation), toDecimal(price.cacheCreationRatio)),
    multiply(toDecimal(usage.completionTokens), toDecimal(price.completionRatio))
  )
  const ratio = multiply(toDecimal(price.modelRatio), toDecimal(price.groupRatio))
  const quota = roundToInteger(multiply(weightedTokens, ratio))
  if (!isZero(ratio) && quota <= 0n) return 1
  return toSafeInteger(quota)
}

function toSafeInteger(value: bigint): number {
  if (value < 0n) return 0
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('quota overflow')
  return Number(value)
}
