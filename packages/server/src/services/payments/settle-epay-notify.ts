import { formatQuota, LogType } from '@gateway/shared'
import { creditUserQuota } from '../../db/queries/balances.ts'
import { insertLog } from '../../db/queries/logs.ts'
import { findTopUp, findTopUpStatus, settlePendingTopUp } from '../../db/queries/top-ups.ts'
import { findUsername } from '../../db/queries/users.ts'
import { logTextColumns } from '../../i18n/log-text.ts'
import { nowSeconds } from '../../lib/time.ts'
import { CreditRefused } from '../balance-limit.ts'
import type { Services } from '../container.ts'
import { verifyEpaySignature } from './epay-signature.ts'
import { epaySettings } from './payment-settings.ts'
import { formatCents, parseMoneyCents } from './top-up-quote.ts'

/** What EPay expects as the body: `success` stops its retries, anything else asks for another delivery. */
export type NotifyAnswer = 'success' | 'fail'

/**
 * GET /api/user/epay/notify. Settles an order at most once however often and however
 * concurrently the gateway delivers: the order is moved from pending to success by one
 * conditional UPDATE whose affected-row count decides, in the same transaction as the quota
 * increment. A notification is believed only when its signature verifies under our key, it names
 * our merchant id and the order's payment type, reports TRADE_SUCCESS and the exact money recorded.
 *
 * A credit that would take the balance above MAX_QUOTA (or find the account gone) is refused by the
 * crediting UPDATE; the order's settlement is then rolled back with it and the delivery answered
 * `fail`. Why not settle it anyway: the money was paid, so marking the order done without the quota
 * would lose it silently, while a pending order loses nothing: the gateway keeps redelivering and
 * the credit lands as soon as the balance has room (spent down, or lowered by an admin), and an
 * operator sees the error-level log line and the order still pending meanwhile.
 */
export async function settleEpayNotify(services: Services, params: Record<string, string>): Promise<NotifyAnswer> {
  const settings = epaySettings(services.options)
  const tradeNo = params.out_trade_no ?? ''
  const reject = (reason: string): NotifyAnswer => {
    // Never the key or the signature: only what identifies the delivery.
    services.logger.warn({ trade_no: tradeNo.slice(0, 128), reason }, 'epay notification refused')
    return 'fail'
  }
  if (!settings) return reject('online top-up not configured')
  if (!verifyEpaySignature(params, settings.key)) return reject('bad signature')
  if (params.pid !== settings.pid) return reject('merchant id mismatch')
  if (params.trade_status !== 'TRADE_SUCCESS') return reject(`trade status ${String(params.trade_status).slice(0, 32)}`)
  const order = await findTopUp(services.db, tradeNo)
  if (!order) return reject('unknown order')
  if (order.payment_method && params.type !== order.payment_method) return reject('payment type mismatch')
  const recordedCents = Math.round(Number(order.money) * 100)
  if (parseMoneyCents(params.money) !== recordedCents) return reject('amount mismatch')
  if (order.status === 'success') return 'success'

  const quota = Math.round(Number(order.amount) * services.options.number('QuotaPerUnit'))
  const now = nowSeconds()
  let credited: boolean
  try {
    credited = await services.db.transaction().execute(async (trx) => {
      if (!(await settlePendingTopUp(trx, tradeNo, now))) return false
      // Thrown so that the settlement above is rolled back with the refused credit.
      if (!(await creditUserQuota(trx, order.user_id, quota))) throw new CreditRefused()
      return true
    })
  } catch (error) {
    if (!(error instanceof CreditRefused)) throw error
    services.logger.error(
      { trade_no: tradeNo, user_id: order.user_id, quota },
      'paid top-up not credited: the balance would exceed MAX_QUOTA or the account is gone; the order stays pending'
    )
    return reject('credit refused')
  }
  if (!credited) {
    // Another delivery won the race; a settled order is acknowledged so the gateway stops retrying.
    const status = await findTopUpStatus(services.db, tradeNo)
    return status === 'success' ? 'success' : reject(`order status ${String(status)}`)
  }
  const username = await findUsername(services.db, order.user_id)
  const display = {
    quotaPerUnit: services.options.number('QuotaPerUnit'),
    displayInCurrency: services.options.bool('DisplayInCurrencyEnabled'),
  }
  try {
    await insertLog(services.logDb, {
      user_id: order.user_id,
      username: username ?? '',
      created_at: now,
      type: LogType.topUp,
      quota,
      ...logTextColumns(services.env.DEFAULT_LANGUAGE, 'wallet.log_online_topup', {
        quota: formatQuota(quota, display),
        money: formatCents(recordedCents),
      }),
    })
  } catch (error) {
    // The credit is committed; a lost log line must not make the gateway redeliver.
    services.logger.error({ err: String(error), trade_no: tradeNo }, 'online top-up log not written')
  }
  return 'success'
}
