import type { Price } from './resolve-price.ts'

/** What one image of a size costs relative to 1024x1024 (the reference's table). */
const SIZE_FACTORS: Record<string, number> = {
  '256x256': 0.4,
  '512x512': 0.45,
  '1024x1024': 1,
  '1024x1792': 2,
  '1792x1024': 2,
}

/** Dollars per image for a model priced only by a ratio (the reference's 0.0025 × ratio). */
const DOLLARS_PER_RATIO = 0.0025

/**
 * An image request priced as one call: the model's price per image (or 0.0025 × its ratio) × the
 * size factor × the HD factor of dall-e-3 × n. The reference charged ratio-only models
 * n × ratio × group after success instead; one rule for both is what the price list promises.
 */
export function imagePrice(
  price: Price,
  model: string,
  body: { n?: unknown; size?: unknown; quality?: unknown }
): Price {
  const n = typeof body.n === 'number' ? body.n : 1
  const size = typeof body.size === 'string' ? body.size : '1024x1024'
  let factor = SIZE_FACTORS[size] ?? 1
  if (body.quality === 'hd' && model.startsWith('dall-e-3')) factor *= size === '1024x1024' ? 2 : 1.5
  const perImage = price.kind === 'per-call' ? price.modelPrice : DOLLARS_PER_RATIO * price.modelRatio
  // Rounded to a millionth of a dollar so that binary fractions do not leak into the log.
  const modelPrice = Math.round(perImage * factor * n * 1e6) / 1e6
  return price.userGroupRatio === undefined
    ? { kind: 'per-call', modelPrice, groupRatio: price.groupRatio }
    : { kind: 'per-call', modelPrice, groupRatio: price.groupRatio, userGroupRatio: price.userGroupRatio }
}
