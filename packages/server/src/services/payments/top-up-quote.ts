import { MAX_QUOTA } from '@gateway/shared'
import { AppError } from '../../errors/app-error.ts'
import type { OptionStore } from '../options/option-store.ts'
import { topupGroupRatio } from './payment-settings.ts'

/** A top-up order's figures, all decided on the server. */
export interface TopUpQuote {
  /** whole units ($) bought; what `top_ups.amount` records */
  units: number
  /** quota credited on payment: units × QuotaPerUnit */
  quota: number
  /** money to pay, in hundredths (integer, so that comparing with the gateway's figure is exact) */
  cents: number
}

/** A bound far above any real top-up that keeps quota arithmetic within safe integers. */
const MAX_UNITS = 10_000_000

/**
 * Prices a top-up as the reference does: the amount is in units ($) when the console shows
 * currency, otherwise in quota points; money = units × Price × TopupGroupRatio[group].
 * Point amounts must be whole units: the order records units, and crediting a truncated amount
 * would take money for quota never given.
 */
export function quoteTopUp(options: OptionStore, group: string, amount: unknown): TopUpQuote {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    throw new AppError('BAD_REQUEST', 'wallet.amount_invalid')
  }
  const quotaPerUnit = options.number('QuotaPerUnit')
  const inCurrency = options.bool('DisplayInCurrencyEnabled')
  const minimum = inCurrency ? options.number('MinTopUp') : options.number('MinTopUp') * quotaPerUnit
  if (amount < minimum) throw new AppError('BAD_REQUEST', 'wallet.amount_below_minimum', { min: minimum })
  const units = inCurrency ? amount : amount / quotaPerUnit
  if (!Number.isInteger(units)) throw new AppError('BAD_REQUEST', 'wallet.amount_whole_units', { unit: quotaPerUnit })
  if (units > MAX_UNITS) throw new AppError('BAD_REQUEST', 'wallet.amount_too_large')
  const money = units * options.number('Price') * topupGroupRatio(options, group)
  if (!(money >= 0.01)) throw new AppError('BAD_REQUEST', 'wallet.money_too_low')
  const quota = Math.round(units * quotaPerUnit)
  // An order no balance could ever take in is refused before anyone pays for it.
  if (quota > MAX_QUOTA) throw new AppError('BAD_REQUEST', 'wallet.amount_too_large')
  return { units, quota, cents: Math.round(money * 100) }
}

/** Hundredths as the two-decimal text that EPay signs and the console shows. */
export const formatCents = (cents: number): string => (cents / 100).toFixed(2)

/** Parses the gateway's `money` ("7.30", "7.3", "7") into hundredths; anything else is undefined. */
export function parseMoneyCents(text: string | undefined): number | undefined {
  if (typeof text !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(text)) return undefined
  const [whole, fraction = ''] = text.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}
