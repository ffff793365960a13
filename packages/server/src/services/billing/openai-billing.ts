import type { BillingSubscription, BillingUsage } from '@gateway/shared'
import { findUserToken } from '../../db/queries/tokens.ts'
import { findUserById } from '../../db/queries/users.ts'
import { localError } from '../../relay/relay-error.ts'
import type { Services } from '../container.ts'

/** What the reference reports as the limit of an unlimited token. */
const UNLIMITED_AMOUNT = 100_000_000

interface Caller {
  tokenId: number
  userId: number
}

/**
 * The quota figures the balance calls report. As in the reference: the token's own figures while
 * DisplayTokenStatEnabled is on (the default), otherwise the user's. Read from the database, not
 * the relay's cache, so a balance is never stale.
 */
async function readFigures(services: Services, caller: Caller) {
  if (services.options.bool('DisplayTokenStatEnabled')) {
    const token = await findUserToken(services.db, caller.userId, caller.tokenId)
    if (!token) throw localError(401, 'invalid_api_key', 'token.invalid', undefined, 'authentication_error')
    return {
      remain: Number(token.remain_quota),
      used: Number(token.used_quota),
      unlimited: Boolean(token.unlimited_quota),
      expiredTime: Number(token.expired_time),
    }
  }
  const user = await findUserById(services.db, caller.userId)
  if (!user) throw localError(401, 'invalid_api_key', 'token.invalid', undefined, 'authentication_error')
  return { remain: Number(user.quota), used: Number(user.used_quota), unlimited: false, expiredTime: 0 }
}

/** Quota in the site's display unit: dollars when it shows money, tokens as they are otherwise. */
function inDisplayUnit(services: Services, quota: number): number {
  return services.options.bool('DisplayInCurrencyEnabled') ? quota / services.options.number('QuotaPerUnit') : quota
}

export async function billingSubscription(services: Services, caller: Caller): Promise<BillingSubscription> {
  const figures = await readFigures(services, caller)
  const amount = figures.unlimited ? UNLIMITED_AMOUNT : inDisplayUnit(services, figures.remain + figures.used)
  return {
    object: 'billing_subscription',
    has_payment_method: true,
    soft_limit_usd: amount,
    hard_limit_usd: amount,
    system_hard_limit_usd: amount,
    access_until: figures.expiredTime > 0 ? figures.expiredTime : 0,
  }
}

export async function billingUsage(services: Services, caller: Caller): Promise<BillingUsage> {
  const figures = await readFigures(services, caller)
  return { object: 'list', total_usage: inDisplayUnit(services, figures.used) * 100 }
}
