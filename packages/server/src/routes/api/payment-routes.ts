import { ok, payInput, topUpAmountInput } from '@gateway/shared'
import { Hono } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { serverAddress } from '../../lib/server-address.ts'
import { publicRoute, userAuth } from '../../middleware/auth.ts'
import { readJson } from '../../middleware/json-body.ts'
import { createEpayOrder, previewTopUp } from '../../services/payments/create-epay-order.ts'
import { settleEpayNotify } from '../../services/payments/settle-epay-notify.ts'
import { topUpInfo } from '../../services/payments/top-up-info.ts'

/**
 * The reference's clients recognise a priced amount or a created order by `message: 'success'`
 * (not by `success`), so these two answers carry it: a protocol word, never shown to anyone.
 */
const REFERENCE_OK = 'success'

/**
 * Online top-up under /api/user. Mounted before userRoutes so that these static paths are
 * matched before any `/api/user/:id` route.
 */
export const paymentRoutes = new Hono<HonoEnv>()
  .get('/topup/info', userAuth, (c) => c.json(ok(topUpInfo(c.get('services')))))
  .post('/amount', userAuth, async (c) => {
    const { amount } = await readJson(c, topUpAmountInput)
    return c.json(ok(previewTopUp(c.get('services'), c.get('user').group, amount), REFERENCE_OK))
  })
  .post('/pay', userAuth, async (c) => {
    const input = await readJson(c, payInput)
    const user = c.get('user')
    const form = await createEpayOrder(
      c.get('services'),
      { id: user.id, group: user.group },
      input,
      serverAddress(c),
      c.req.header('idempotency-key')
    )
    // As the reference answers: the signed fields as data, the gateway's address next to them.
    return c.json({ ...ok(form.params, REFERENCE_OK), url: form.url })
  })
  // Public: the payment gateway calls it server to server; the signature is the authentication.
  .get('/epay/notify', publicRoute, async (c) => {
    const services = c.get('services')
    try {
      return c.text(await settleEpayNotify(services, c.req.query()))
    } catch (error) {
      // A database hiccup: answer fail so that the gateway delivers again later.
      services.logger.error({ err: String(error) }, 'epay notification failed')
      return c.text('fail', 500)
    }
  })
