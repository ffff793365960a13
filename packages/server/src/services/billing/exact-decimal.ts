/**
 * Exact decimal arithmetic for prices: ratios such as 0.075 or 1.25 are decimals that binary
 * floats cannot hold, so quota = tokens x ratios is computed on BigInt numerators over powers of
 * ten and rounded once, at the end. Charges are therefore integer-exact and never drift.
 */
export interface Decimal {
  /** value = units / 10^scale */
  units: bigint
  scale: number
}

const decimals = new Map<number, Decimal>()

/** The decimal a JavaScript number prints as (its shortest round-trip form). */
export function toDecimal(value: number): Decimal {
  // Token counts are integers; ratios repeat request after request, so their reading is kept.
  if (Number.isSafeInteger(value)) return { units: BigInt(value), scale: 0 }
  const known = decimals.get(value)
  if (known) return known
  const decimal = readDecimal(value)
  if (decimals.size < 10_000) decimals.set(value, decimal)
  return decimal
}

function readDecimal(value: number): Decimal {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`)
  const text = value.toString()
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text)
  if (!match) throw new RangeError(`cannot read ${text}`)
  const [, sign = '', whole = '0', fraction = '', exponentText = '0'] = match
  let units = BigInt(`${sign}${whole}${fraction}`)
  let scale = fraction.length - Number(exponentText)
  if (scale < 0) {
    units *= 10n ** BigInt(-scale)
    scale = 0
  }
  return { units, scale }
}

export function multiply(...factors: Decimal[]): Decimal {
  return factors.reduce((acc, f) => ({ units: acc.units * f.units, scale: acc.scale + f.scale }), {
    units: 1n,
    scale: 0,
  })
}

export function add(...terms: Decimal[]): Decimal {
  const scale = Math.max(...terms.map((t) => t.scale))
  return { units: terms.reduce((sum, t) => sum + t.units * 10n ** BigInt(scale - t.scale), 0n), scale }
}

/** Rounds half away from zero to an integer. */
export function roundToInteger(value: Decimal): bigint {
  if (value.scale === 0) return value.units
  const divisor = 10n ** BigInt(value.scale)
  const quotient = value.units / divisor
  const remainder = value.units % divisor
  const twice = (remainder < 0n ? -remainder : remainder) * 2n
  if (twice >= divisor) return value.units < 0n ? quotient - 1n : quotient + 1n
  return quotient
}

export const isZero = (value: Decimal): boolean => value.units === 0n

/** A decimal whose units fit a JavaScript number exactly: value = units / 10^scale. */
export interface SmallDecimal {
  units: number
  scale: number
}

const smallDecimals = new Map<number, SmallDecimal | null>()

/**
 * `value` as a SmallDecimal for the integer fast path, or undefined when its units do not fit.
 * Ratios repeat request after request, so each reading is kept (the same bound as toDecimal's):
 * the fast path then allocates nothing per call.
 */
export function smallDecimal(value: number): SmallDecimal | undefined {
  let known = smallDecimals.get(value)
  if (known === undefined) {
    const { units, scale } = toDecimal(value)
    const small = Number(units)
    known = Number.isSafeInteger(small) && scale <= 15 ? { units: small, scale } : null
    if (smallDecimals.size < 10_000) smallDecimals.set(value, known)
  }
  return known ?? undefined
}

/** a × b when it is an exact integer below 2^53, otherwise NaN (which every later step carries). */
export const exactTimes = (a: number, b: number): number => {
  const product = a * b
  return Number.isSafeInteger(product) ? product : Number.NaN
}

/** a + b when it is an exact integer below 2^53, otherwise NaN. */
export const exactPlus = (a: number, b: number): number => {
  const sum = a + b
  return Number.isSafeInteger(sum) ? sum : Number.NaN
}

/**
 * value / 10^scale rounded half away from zero, for a non-negative safe integer; NaN otherwise.
 * The remainder and the division of what is left are both exact in binary floating point.
 */
export function roundedOverPowerOfTen(value: number, scale: number): number {
  if (!(value >= 0) || scale > 15) return Number.NaN
  const divisor = 10 ** scale
  const remainder = value % divisor
  const quotient = (value - remainder) / divisor
  return remainder * 2 >= divisor ? quotient + 1 : quotient
}
