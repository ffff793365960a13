import { formatQuota } from '@gateway/shared'
import { moveAffQuotaToQuota, readBalances } from '../../db/queries/balances.ts'
import { AppError } from '../../errors/app-error.ts'
import { balanceLimitError } from '../balance-limit.ts'
import type { Services } from '../container.ts'

/**
 * Moves invite reward into spendable quota. One conditional UPDATE does both sides and checks the
 * balance (`WHERE aff_quota >= amount`), so concurrent transfers can never overdraw: the database
 * lets each through only while there is enough left, and the affected-row count says who got it.
 * The same statement refuses a move that would take the balance above MAX_QUOTA.
 */
export async function transferAffQuota(services: Services, userId: number, amount: number): Promise<void> {
  if (!Number.isSafeInteger(amount)) throw new AppError('BAD_REQUEST', 'personal.transfer_integer')
  const quotaPerUnit = services.options.number('QuotaPerUnit')
  if (amount < quotaPerUnit) {
    const display = { quotaPerUnit, displayInCurrency: services.options.bool('DisplayInCurrencyEnabled') }
    throw new AppError('BAD_REQUEST', 'personal.transfer_min', { amount: formatQuota(quotaPerUnit, display) })
  }
  if (await moveAffQuotaToQuota(services.db, userId, amount)) return
  // Refused: read the row only to say why (the UPDATE above decided).
  const row = await readBalances(services.db, userId)
  if (row && Number(row.aff_quota) >= amount) throw balanceLimitError(services.options)
  throw new AppError('BAD_REQUEST', 'personal.transfer_insufficient')
}
