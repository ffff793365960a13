import { computeQuota } from './compute-quota.ts'
import type { Price } from './resolve-price.ts'

/** What a request may cost at most, before it is sent. */
export interface ReservationInput {
  price: Price
  quotaPerUnit: number
  /** an upper bound of the prompt's tokens */
  promptTokens: number
  /** output tokens per choice the reservation must cover (0 for endpoints that generate no text) */
  outputBudget: number
  /** choices generated (n, best_of, candidateCount) */
  choices: number
}

/**
 * The worst case of a request: the prompt (priced as if it were all written to the provider's
 * cache, when that costs more) plus every choice's output budget.
 */
export function worstCaseQuota(input: ReservationInput): number {
  const completionTokens = input.outputBudget * Math.max(1, input.choices)
  const plain = computeQuota(input.price, { promptTokens: input.promptTokens, completionTokens }, input.quotaPerUnit)
  if (input.price.kind === 'per-call' || input.price.cacheCreationRatio <= 1) return plain
  return Math.max(
    plain,
    computeQuota(
      input.price,
      { promptTokens: input.promptTokens, completionTokens, cacheCreationTokens: input.promptTokens },
      input.quotaPerUnit
    )
  )
}

/**
 * The largest output budget per choice, at most the requested one, whose worst case fits in
 * `available`; -1 when not even the prompt fits. (The cost rises with the budget, so a binary
 * search finds it; this runs only for balances that cannot cover the full budget.)
 */
export function affordableOutputBudget(input: ReservationInput, available: number): number {
  if (worstCaseQuota({ ...input, outputBudget: 0 }) > available) return -1
  let low = 0
  let high = input.outputBudget
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    if (worstCaseQuota({ ...input, outputBudget: middle }) <= available) low = middle
    else high = middle - 1
  }
  return low
}
