import { formatQuota, MAX_QUOTA } from '@gateway/shared'
import { AppError } from '../errors/app-error.ts'
import type { OptionStore } from './options/option-store.ts'

/** The answer to a credit refused because the balance would go above MAX_QUOTA, the cap shown as the console shows quota. */
export function balanceLimitError(options: OptionStore): AppError {
  const display = {
    quotaPerUnit: options.number('QuotaPerUnit'),
    displayInCurrency: options.bool('DisplayInCurrencyEnabled'),
  }
  return new AppError('BAD_REQUEST', 'wallet.balance_limit', { max: formatQuota(MAX_QUOTA, display) })
}

/** Thrown inside a transaction to undo its earlier writes when its credit was refused. */
export class CreditRefused extends Error {
  constructor() {
    super('credit refused: the balance would exceed MAX_QUOTA')
    this.name = 'CreditRefused'
  }
}
