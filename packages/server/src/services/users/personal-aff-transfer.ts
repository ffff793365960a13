import { formatQuota } from '@gateway/shared'
import { sql } from 'kysely'
import { z } from 'zod'
import { AppError } from '../../errors/app-error.ts'
import type { Services } from '../container.ts'

/** POST /api/user/aff_transfer */
export const affTransferInput = z.object({ quota: z.number({ message: 'personal.transfer_integer' }) })

/**
 * Moves invite reward into spendable quota. One conditional UPDATE does both sides and checks the
 * balance (`WHERE aff_quota >= amount`), so concurrent transfers can never overdraw: the database
 * lets each through only while there is enough left, and the affected-row count says who got it.
 */
export async function transferAffQuota(services: Services, userId: number, amount: number): Promise<void> {
  if (!Number.isSafeInteger(amount)) throw new AppError('BAD_REQUEST', 'personal.transfer_integer')
  const quotaPerUnit = services.options.number('QuotaPerUnit')
  if (amount < quotaPerUnit) {
    const display = { quotaPerUnit, displayInCurrency: services.options.bool('DisplayInCurrencyEnabled') }
    throw new AppError('BAD_REQUEST', 'personal.transfer_min', { amount: formatQuota(quotaPerUnit, display) })
  }
  const result = await services.db
    .updateTable('users')
    .set({ aff_quota: sql`aff_quota - ${amount}`, quota: sql`quota + ${amount}` })
    .where('id', '=', userId)
    .where('aff_quota', '>=', amount)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('BAD_REQUEST', 'personal.transfer_insufficient')
}
