import { formatQuota, LogType, redemptionExpiryPassed, RedemptionStatus } from '@gateway/shared'
import { creditUserQuota } from '../../db/queries/balances.ts'
import { insertLog } from '../../db/queries/logs.ts'
import { claimRedemption, findRedemptionQuotaByKey, findRedemptionStateByKey } from '../../db/queries/redemptions.ts'
import { AppError } from '../../errors/app-error.ts'
import { logTextColumns } from '../../i18n/log-text.ts'
import { nowSeconds } from '../../lib/time.ts'
import { balanceLimitError } from '../balance-limit.ts'
import type { Services } from '../container.ts'

/**
 * POST /api/user/topup: turns a redemption code into quota, exactly once. The code is claimed by
 * one conditional UPDATE (`... WHERE key = ? AND status = unused`) whose affected-row count decides
 * who won, and the credit happens in the same transaction: two racing redeemers can never both
 * pass, and no lock that a database might silently ignore is relied upon. A credit that would take
 * the balance above MAX_QUOTA is refused by the crediting UPDATE itself; the claim is then rolled
 * back, so the code stays unused for a later try (or another account).
 */
export async function redeemCode(
  services: Services,
  userId: number,
  username: string,
  rawKey: string
): Promise<number> {
  const key = rawKey.trim()
  if (!key) throw new AppError('BAD_REQUEST', 'redemption.key_required')
  const now = nowSeconds()
  const result = await services.db.transaction().execute(async (trx) => {
    if (!(await claimRedemption(trx, key, userId, now))) return undefined
    const code = await findRedemptionQuotaByKey(trx, key)
    // Thrown inside the transaction so that the claim above is undone with it.
    if (!(await creditUserQuota(trx, userId, Number(code.quota)))) throw balanceLimitError(services.options)
    return { id: code.id, quota: Number(code.quota) }
  })
  if (!result) {
    const code = await findRedemptionStateByKey(services.db, key)
    const live = code !== undefined && code.deleted_at === null
    if (live && code.status === RedemptionStatus.used) throw new AppError('CONFLICT', 'redemption.already_used')
    if (live && code.status === RedemptionStatus.unused && redemptionExpiryPassed(Number(code.expired_time), now))
      throw new AppError('BAD_REQUEST', 'redemption.expired')
    throw new AppError('BAD_REQUEST', 'redemption.invalid')
  }
  const display = {
    quotaPerUnit: services.options.number('QuotaPerUnit'),
    displayInCurrency: services.options.bool('DisplayInCurrencyEnabled'),
  }
  await insertLog(services.logDb, {
    user_id: userId,
    username,
    created_at: now,
    type: LogType.topUp,
    quota: result.quota,
    ...logTextColumns(services.env.DEFAULT_LANGUAGE, 'log.redeemed', {
      quota: formatQuota(result.quota, display),
      id: result.id,
    }),
  })
  return result.quota
}
