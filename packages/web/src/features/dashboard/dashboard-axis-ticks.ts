import type { QuotaDisplay } from '@gateway/shared'

/** How the values of an axis are shown: quota (as money when the site shows money) or a plain count. */
export type AxisUnit = { kind: 'quota'; display: QuotaDisplay } | { kind: 'count' }

/** Values from this size on are written compactly (1.2K, 3.4M), like the token counts elsewhere. */
const COMPACT_FROM = 1000
const MAX_DIGITS = 12

/**
 * Evenly spaced ticks from 0 that cover `max`, with a "nice" step (1, 2, 2.5 or 5 times a power
 * of ten). We compute them ourselves instead of letting the chart do it so that the label
 * formatter knows the step: the digits a label needs follow from the step, not from the value.
 */
export function niceTicks(max: number, { count = 4, integer = false } = {}): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1]
  // Counts and tokens have no halves: their step is at least 1.
  const rough = integer ? Math.max(1, max / count) : max / count
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power
  const ticks: number[] = []
  // Rounded to the step's own precision so that 3 * 0.1 is 0.3, not 0.30000000000000004.
  const decimals = decimalsOf(step)
  for (let index = 0; index <= count * 3; index++) {
    const value = Number((index * step).toFixed(Math.min(decimals, 20)))
    ticks.push(value)
    if (value >= max) break
  }
  return ticks
}

/** Money ticks are nice in dollars, not in raw quota units (35 quota is $0.00007 at 500000 per $). */
function unitScale(unit: AxisUnit): number {
  return unit.kind === 'quota' && unit.display.displayInCurrency && unit.display.quotaPerUnit > 0
    ? unit.display.quotaPerUnit
    : 1
}

/** The ticks of an axis whose largest value is `max` (in quota units for quota), nice in the unit shown. */
export function axisTicks(max: number, unit: AxisUnit): number[] {
  const scale = unitScale(unit)
  return niceTicks(max / scale, { integer: scale === 1 }).map((tick) => tick * scale)
}

/** Fraction digits needed to write `value` exactly (up to MAX_DIGITS): 0.25 -> 2, 0.00005 -> 5, 500 -> 0. */
function decimalsOf(value: number): number {
  if (value === 0) return 0
  for (let digits = 0; digits < MAX_DIGITS; digits++) {
    const scaled = Math.abs(value) * 10 ** digits
    // Relative tolerance: float noise (0.00015 * 1e5 = 15.000000000000002) is not a digit.
    if (Math.abs(scaled - Math.round(scaled)) <= 1e-6 * scaled) return digits
  }
  return MAX_DIGITS
}

/** The smallest gap between neighbouring ticks (the step), or 0 for fewer than two ticks. */
function stepOf(ticks: number[]): number {
  let step = 0
  for (const [index, tick] of ticks.entries()) {
    if (index === 0) continue
    const gap = Math.abs(tick - (ticks[index - 1] ?? tick))
    if (gap > 0 && (step === 0 || gap < step)) step = gap
  }
  return step
}

/**
 * A formatter for the labels of these ticks. The digits come from the step so that neighbouring
 * ticks never read the same (0.00015 and 0.0002 must not both print as 0.0002); values of 1000
 * and more are compact. Money carries the `$` the console shows elsewhere (formatQuota).
 */
export function axisTickFormatter(ticks: number[], unit: AxisUnit): (value: number) => string {
  const scale = unitScale(unit)
  const money =
    scale !== 1 || (unit.kind === 'quota' && unit.display.displayInCurrency && unit.display.quotaPerUnit === 1)
  const values = ticks.map((tick) => tick / scale)
  const largest = Math.max(0, ...values.map(Math.abs))
  const compact = largest >= COMPACT_FROM
  const step = stepOf(values)
  const build = (digits: number) => {
    if (compact) {
      // Compact divides by the largest tick's power of thousand; the step's digits count after that.
      const divisor = 1000 ** Math.floor(Math.log10(largest) / 3)
      const fraction = Math.min(MAX_DIGITS, decimalsOf(step / divisor) + digits)
      return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: fraction })
    }
    const fraction = Math.min(MAX_DIGITS, (step > 0 ? decimalsOf(step) : 0) + digits)
    return new Intl.NumberFormat('en-US', { maximumFractionDigits: fraction, useGrouping: false })
  }
  // The step's digits suffice for nice ticks; more are added only if rounding still merged two labels.
  let format = build(0)
  for (
    let extra = 1;
    extra <= 3 && new Set(values.map((value) => format.format(value))).size < new Set(values).size;
    extra++
  )
    format = build(extra)
  const prefix = money ? '$' : ''
  return (value: number) => {
    const shown = format.format(value / scale)
    return shown.startsWith('-') ? `-${prefix}${shown.slice(1)}` : `${prefix}${shown}`
  }
}

/** Axis width in pixels for these labels at the chart's 11px font, so that no label is clipped. */
export function axisWidth(labels: string[]): number {
  const longest = Math.max(1, ...labels.map((label) => label.length))
  // ~6.5px per character of an 11px sans-serif digit, plus the tick margin.
  return Math.ceil(longest * 6.5 + 12)
}
