/** Options that decide how a quota amount is shown. */
export interface QuotaDisplay {
  quotaPerUnit: number
  displayInCurrency: boolean
}

/** Abbreviates raw token counts: >= 1e4 as k, >= 1e6 as M, >= 1e9 as B. */
export function formatTokenCount(value: number): string {
  const abs = Math.abs(value)
  if (abs >= 1e9) return `${trim(value / 1e9)}B`
  if (abs >= 1e6) return `${trim(value / 1e6)}M`
  if (abs >= 1e4) return `${trim(value / 1e3)}k`
  return String(value)
}

/** A quota amount as `$` with up to six decimals, or as tokens, per the display options. */
export function formatQuota(quota: number, display: QuotaDisplay, digits = 2): string {
  if (!display.displayInCurrency || display.quotaPerUnit <= 0) return formatTokenCount(quota)
  const units = quota / display.quotaPerUnit
  // Tiny amounts would read as $0.00; show enough digits for them to be visible.
  const precision = units !== 0 && Math.abs(units) < 10 ** -digits ? 6 : digits
  return `$${trim(units, precision)}`
}

/** A dollar amount (an upstream balance, already in USD) with two decimals: $12.5 is "$12.50". */
export function formatUsd(amount: number): string {
  return `$${(Number.isFinite(amount) ? amount : 0).toFixed(2)}`
}

function trim(value: number, digits = 2): string {
  return Number(value.toFixed(digits)).toString()
}
