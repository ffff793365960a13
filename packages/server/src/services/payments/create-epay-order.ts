import type { EpayForm, PayInput } from '@gateway/shared'
import { isUniqueViolation } from '../../db/errors.ts'
import { findTopUp, insertTopUp } from '../../db/queries/top-ups.ts'
import { AppError } from '../../errors/app-error.ts'
import { randomAlphanumeric, sha256Hex } from '../../lib/crypto.ts'
import { nowSeconds } from '../../lib/time.ts'
import type { Services } from '../container.ts'
import { epaySign } from './epay-signature.ts'
import { epaySettings, epayType, payMethodTypes, type EpaySettings } from './payment-settings.ts'
import { formatCents, quoteTopUp } from './top-up-quote.ts'

interface Order {
  tradeNo: string
  type: string
  units: number
  cents: number
}

/** POST /api/user/amount: the money a top-up of `amount` costs this user, two decimals. */
export function previewTopUp(services: Services, group: string, amount: unknown): string {
  return formatCents(quoteTopUp(services.options, group, amount).cents)
}

/** Printable ASCII, as Stripe's keys; long enough for a UUID or a client's own scheme. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/

/**
 * A keyed order's trade number is derived from the user and the key, so the unique index on
 * trade_no makes two requests with one key create one order, even when they race.
 */
const keyedTradeNo = (userId: number, key: string): string =>
  `USR${userId}K${sha256Hex(`${userId}:${key}`).slice(0, 32)}`

/**
 * POST /api/user/pay: records a pending order with a fresh trade number and answers the signed
 * EPay form. Nothing is credited here; only a verified notification settles the order.
 * With an Idempotency-Key, a repeat of the same request answers the same order, and a reuse of
 * the key for another amount or method is refused.
 */
export async function createEpayOrder(
  services: Services,
  user: { id: number; group: string },
  input: PayInput,
  serverAddress: string,
  idempotencyKey?: string
): Promise<EpayForm> {
  const { options } = services
  const settings = epaySettings(options)
  if (!settings) throw new AppError('BAD_REQUEST', 'wallet.online_topup_disabled')
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey))
    throw new AppError('BAD_REQUEST', 'wallet.idempotency_key_invalid')
  if (!payMethodTypes(options).includes(input.payment_method))
    throw new AppError('BAD_REQUEST', 'wallet.pay_method_invalid')
  const quote = quoteTopUp(options, user.group, input.amount)
  const now = nowSeconds()
  const order: Order = {
    tradeNo:
      idempotencyKey === undefined
        ? `USR${user.id}NO${randomAlphanumeric(6)}${now}`
        : keyedTradeNo(user.id, idempotencyKey),
    type: epayType(input.payment_method),
    units: quote.units,
    cents: quote.cents,
  }
  if (idempotencyKey !== undefined) {
    const earlier = await replayOrder(services, settings, order, serverAddress)
    if (earlier) return earlier
  }
  try {
    await insertTopUp(services.db, {
      user_id: user.id,
      amount: order.units,
      money: order.cents / 100,
      trade_no: order.tradeNo,
      create_time: now,
      status: 'pending',
      payment_method: order.type,
    })
  } catch (error) {
    // A concurrent request with the same key inserted first: answer its order.
    const earlier =
      idempotencyKey !== undefined && isUniqueViolation(error)
        ? await replayOrder(services, settings, order, serverAddress)
        : undefined
    if (earlier) return earlier
    throw error
  }
  return epayForm(services, settings, order, serverAddress)
}

/** The form of an order already recorded under this trade number, if any. */
async function replayOrder(
  services: Services,
  settings: EpaySettings,
  order: Order,
  serverAddress: string
): Promise<EpayForm | undefined> {
  const row = await findTopUp(services.db, order.tradeNo)
  if (!row) return undefined
  if (Number(row.amount) !== order.units || row.payment_method !== order.type)
    throw new AppError('CONFLICT', 'wallet.idempotency_key_reused')
  // Paying a settled order again would take money that no notification could credit.
  if (row.status !== 'pending') throw new AppError('CONFLICT', 'wallet.order_already_paid')
  return epayForm(services, settings, { ...order, cents: Math.round(Number(row.money) * 100) }, serverAddress)
}

function epayForm(services: Services, settings: EpaySettings, order: Order, serverAddress: string): EpayForm {
  const callbackAddress = services.options.get('CustomCallbackAddress').replace(/\/+$/, '') || serverAddress
  const params: Record<string, string> = {
    pid: settings.pid,
    type: order.type,
    out_trade_no: order.tradeNo,
    notify_url: `${callbackAddress}/api/user/epay/notify`,
    return_url: `${serverAddress}/log`,
    name: `TUC${order.units}`,
    money: formatCents(order.cents),
  }
  params.sign = epaySign(params, settings.key)
  params.sign_type = 'MD5'
  return { url: `${settings.payAddress}/submit.php`, params }
}
