import { describe, expect, it } from 'vitest'
import { expectRefused, harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import { epaySign } from '../../services/payments/epay-signature.ts'

const KEY = 'epay-merchant-secret-key'
const PID = '1001'

let h: Harness
let root: TestUser
harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
})

const setOption = async (key: string, value: string) => {
  const response = await h.request('PUT', '/api/option/', { as: root, body: { key, value } })
  expect(response.json?.success, response.text).toBe(true)
}
const configurePayments = async () => {
  await setOption('ServerAddress', 'https://gw.example.com')
  await setOption('PayAddress', 'https://pay.example.com/')
  await setOption('EpayId', PID)
  await setOption('EpayKey', KEY)
  await setOption('Price', '7.3')
}
const quotaOf = async (id: number) =>
  Number((await h.services.db.selectFrom('users').select('quota').where('id', '=', id).executeTakeFirstOrThrow()).quota)
const topUpLogs = () => h.services.logDb.selectFrom('logs').selectAll().where('type', '=', 1).execute()

const pay = (user: TestUser, body: Record<string, unknown>, language = 'en') =>
  h.request('POST', '/api/user/pay', {
    as: user,
    body: { payment_method: 'zfb', ...body },
    headers: { 'accept-language': language },
  })

/** A pending order of `amount` units and the notification the gateway would send for it. */
async function order(user: TestUser, amount = 10) {
  const response = await pay(user, { amount })
  expect(response.json?.success, response.text).toBe(true)
  // The reference's form: the signed fields as data, the gateway's address next to them.
  const form = {
    url: (response.json as unknown as { url: string }).url,
    params: response.json?.data as Record<string, string>,
  }
  const notify: Record<string, string> = {
    pid: PID,
    trade_no: `GW${Math.random().toString(36).slice(2)}`,
    out_trade_no: form.params.out_trade_no as string,
    type: form.params.type as string,
    name: form.params.name as string,
    money: form.params.money as string,
    trade_status: 'TRADE_SUCCESS',
  }
  return { form, notify }
}
const signed = (params: Record<string, string>, key = KEY) => ({
  ...params,
  sign: epaySign(params, key),
  sign_type: 'MD5',
})
const deliver = (params: Record<string, string>) =>
  h.request('GET', `/api/user/epay/notify?${new URLSearchParams(params).toString()}`)

describe('GET /api/user/topup/info', () => {
  it("answers what the reference's wallet reads: online top-up on once EPay and a method are set, the rest off", async () => {
    const user = await h.createUser()
    const info = async () => {
      const response = await h.request('GET', '/api/user/topup/info', { as: user })
      expect(response.json?.success, response.text).toBe(true)
      return response.json?.data as Record<string, unknown>
    }
    const before = await info()
    expect(Object.keys(before).sort()).toEqual(
      [
        'enable_online_topup',
        'enable_stripe_topup',
        'enable_creem_topup',
        'enable_waffo_topup',
        'enable_waffo_pancake_topup',
        'enable_redemption',
        'payment_compliance_confirmed',
        'payment_compliance_terms_version',
        'waffo_pay_methods',
        'creem_products',
        'pay_methods',
        'min_topup',
        'stripe_min_topup',
        'waffo_min_topup',
        'waffo_pancake_min_topup',
        'amount_options',
        'discount',
        'topup_link',
      ].sort()
    )
    expect(before).toMatchObject({
      enable_online_topup: false,
      enable_stripe_topup: false,
      enable_redemption: true,
      payment_compliance_confirmed: true,
      min_topup: 1,
    })
    await configurePayments()
    await setOption('MinTopUp', '5')
    await setOption('TopUpLink', 'https://shop.example.com')
    expect(await info()).toMatchObject({
      enable_online_topup: true,
      min_topup: 5,
      topup_link: 'https://shop.example.com',
      pay_methods: [
        { name: '支付宝', color: '#1677ff', type: 'zfb' },
        { name: '微信', color: '#07c160', type: 'wx' },
      ],
      amount_options: [],
      discount: {},
    })
    await setOption('PayMethods', '[]')
    expect((await info()).enable_online_topup).toBe(false)
    expect((await h.request('GET', '/api/user/topup/info')).status).toBe(401)
  })
})

describe('POST /api/user/amount', () => {
  it('prices amount × Price × the group top-up ratio with two decimals', async () => {
    await setOption('Price', '7.3')
    await setOption('TopupGroupRatio', JSON.stringify({ default: 1, vip: 0.5 }))
    const user = await h.createUser(1)
    const vip = await h.createUser(1, { group: 'vip' })
    expect(
      (await h.request('POST', '/api/user/amount', { as: user, body: { amount: 10, top_up_code: '' } })).json
    ).toMatchObject({ success: true, data: '73.00' })
    expect((await h.request('POST', '/api/user/amount', { as: vip, body: { amount: 3 } })).json?.data).toBe('10.95')
  })

  it('refuses amounts under MinTopUp, non-integers and a price too low, in both languages', async () => {
    await setOption('MinTopUp', '5')
    const user = await h.createUser(1)
    const ask = (amount: unknown, language = 'en') =>
      h.request('POST', '/api/user/amount', { as: user, body: { amount }, headers: { 'accept-language': language } })
    expect((await ask(4)).json?.message).toBe('The top-up amount cannot be less than 5')
    expect((await ask(4, 'zh')).json?.message).toBe('充值数量不能小于 5')
    for (const bad of [0, -5, 5.5, '10', null]) {
      const response = await ask(bad)
      expectRefused(response, 'BAD_REQUEST')
      expect(response.json?.message).toBe('The top-up amount must be a positive whole number')
    }
    await setOption('Price', '0.001')
    expect((await ask(5, 'zh')).json?.message).toBe('充值金额过低')
  })

  it('takes quota points when the console does not show currency (minimum MinTopUp × QuotaPerUnit, whole units only)', async () => {
    await setOption('DisplayInCurrencyEnabled', 'false')
    await setOption('MinTopUp', '2')
    const user = await h.createUser(1)
    const ask = (amount: number) =>
      h.request('POST', '/api/user/amount', { as: user, body: { amount }, headers: { 'accept-language': 'en' } })
    expect((await ask(500_000)).json?.message).toBe('The top-up amount cannot be less than 1000000')
    expect((await ask(1_500_000)).json?.data).toBe('21.90')
    expect((await ask(1_250_000)).json?.message).toBe('The top-up amount must be a multiple of 500000')
  })
})

describe('POST /api/user/pay', () => {
  it('refuses while online top-up is not configured, and an unknown payment method', async () => {
    const user = await h.createUser(1)
    expect((await pay(user, { amount: 10 }, 'zh')).json?.message).toBe('管理员未开启在线充值！')
    await configurePayments()
    expect((await pay(user, { amount: 10, payment_method: 'bitcoin' })).json?.message).toBe(
      'This payment method does not exist'
    )
    expect(await h.services.db.selectFrom('top_ups').selectAll().execute()).toHaveLength(0)
  })

  it('records a pending order and answers the signed EPay form', async () => {
    await configurePayments()
    await setOption('CustomCallbackAddress', 'https://callback.example.com')
    const user = await h.createUser(1)
    const { form } = await order(user, 10)
    expect(form.url).toBe('https://pay.example.com/submit.php')
    const { sign, sign_type, ...fields } = form.params
    expect(fields).toEqual({
      pid: PID,
      type: 'alipay',
      out_trade_no: expect.stringMatching(new RegExp(`^USR${user.id}NO[A-Za-z0-9]{6}\\d+$`)),
      notify_url: 'https://callback.example.com/api/user/epay/notify',
      return_url: 'https://gw.example.com/log',
      name: 'TUC10',
      money: '73.00',
    })
    expect(sign_type).toBe('MD5')
    expect(sign).toBe(epaySign(fields, KEY))
    const rows = await h.services.db.selectFrom('top_ups').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      user_id: user.id,
      amount: 10,
      status: 'pending',
      trade_no: fields.out_trade_no,
      payment_method: 'alipay',
    })
    expect(Number(rows[0]?.money)).toBe(73)
    expect(await quotaOf(user.id)).toBe(0)
    // Two orders never share a trade number.
    const second = await order(user, 10)
    expect(second.form.params.out_trade_no).not.toBe(fields.out_trade_no)
  })

  it('answers the same order for a repeated Idempotency-Key, even under 20 concurrent repeats, and refuses reusing it', async () => {
    await configurePayments()
    const user = await h.createUser(1)
    const keyed = (body: Record<string, unknown>, key: string) =>
      h.request('POST', '/api/user/pay', {
        as: user,
        body: { payment_method: 'zfb', ...body },
        headers: { 'accept-language': 'en', 'idempotency-key': key },
      })
    const answers = await Promise.all(Array.from({ length: 20 }, () => keyed({ amount: 10 }, 'order-key-1')))
    for (const answer of answers) expect(answer.json?.success, answer.text).toBe(true)
    const tradeNos = new Set(answers.map((a) => a.json?.data.out_trade_no))
    expect(tradeNos.size).toBe(1)
    expect(await h.services.db.selectFrom('top_ups').selectAll().execute()).toHaveLength(1)
    // Another user's identical key is another order.
    const other = await h.createUser(1)
    const theirs = await h.request('POST', '/api/user/pay', {
      as: other,
      body: { amount: 10, payment_method: 'zfb' },
      headers: { 'idempotency-key': 'order-key-1' },
    })
    expect(theirs.json?.data.out_trade_no).not.toBe([...tradeNos][0])

    expect((await keyed({ amount: 11 }, 'order-key-1')).json).toMatchObject({
      success: false,
      message: 'This Idempotency-Key was already used for a different top-up',
    })
    expectRefused(await keyed({ amount: 10, payment_method: 'wx' }, 'order-key-1'), 'CONFLICT')
    expectRefused(await keyed({ amount: 10 }, 'bad key with spaces'), 'BAD_REQUEST')
    // Once paid, the key cannot start a second payment of the same order.
    const form = { params: answers[0]?.json?.data as Record<string, string> }
    const notify = {
      pid: PID,
      trade_no: 'GW1',
      out_trade_no: form.params.out_trade_no as string,
      type: 'alipay',
      name: 'TUC10',
      money: '73.00',
      trade_status: 'TRADE_SUCCESS',
    }
    expect((await deliver(signed(notify))).text).toBe('success')
    expect((await keyed({ amount: 10 }, 'order-key-1')).json?.message).toBe('This order has already been paid')
    expect(await quotaOf(user.id)).toBe(5_000_000)
    expect(await h.services.db.selectFrom('top_ups').selectAll().execute()).toHaveLength(2)
  })

  it('lets the console post the payment form to PayAddress and nowhere else (CSP form-action)', async () => {
    const formAction = async () =>
      /form-action [^;]*/.exec(
        (await h.request('GET', '/api/status')).headers.get('content-security-policy') ?? ''
      )?.[0]
    expect((await formAction())?.trim()).toBe("form-action 'self'")
    await configurePayments()
    expect((await formAction())?.trim()).toBe("form-action 'self' https://pay.example.com")
  })

  it('never sends the merchant key back: not in the form, the option list or the status', async () => {
    await configurePayments()
    const user = await h.createUser(1)
    const answers = [
      (await pay(user, { amount: 10 })).text,
      (await h.request('GET', '/api/option/', { as: root })).text,
      (await h.request('GET', '/api/status')).text,
      (await h.request('GET', '/api/option/secrets', { as: root })).text,
    ]
    for (const text of answers) expect(text).not.toContain(KEY)
    const status = (await h.request('GET', '/api/status')).json?.data
    expect(status).toMatchObject({ enable_online_topup: true, price: 7.3, min_topup: 1 })
  })
})

describe('GET /api/user/epay/notify', () => {
  it('credits a verified payment once, logs it as a top-up, and acknowledges a replay without crediting again', async () => {
    await configurePayments()
    const user = await h.createUser(1, { quota: 7 })
    const { notify } = await order(user, 10)
    const first = await deliver(signed(notify))
    expect(first.text).toBe('success')
    expect(await quotaOf(user.id)).toBe(7 + 10 * 500_000)
    const row = await h.services.db.selectFrom('top_ups').selectAll().executeTakeFirstOrThrow()
    expect(row.status).toBe('success')
    expect(row.complete_time).toBeGreaterThan(0)
    for (let i = 0; i < 3; i++) expect((await deliver(signed(notify))).text).toBe('success')
    expect(await quotaOf(user.id)).toBe(7 + 10 * 500_000)
    const logs = await topUpLogs()
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatchObject({ user_id: user.id, username: user.username, quota: 5_000_000 })
    expect(logs[0]?.content).toBe('使用在线充值成功，充值金额: $10，支付金额：73.00')
  })

  it('never credits a forged signature, a wrong amount, another merchant, another payment type or an unpaid status', async () => {
    await configurePayments()
    const user = await h.createUser(1)
    const { notify } = await order(user, 10)
    const refused = [
      signed(notify, 'guessed-key'),
      { ...signed(notify), money: '0.01' },
      { ...notify, sign: 'a'.repeat(32), sign_type: 'MD5' },
      notify,
      signed({ ...notify, money: '0.01' }),
      signed({ ...notify, money: '73.01' }),
      signed({ ...notify, money: '730' }),
      signed({ ...notify, pid: '9999' }),
      signed({ ...notify, type: 'wxpay' }),
      signed({ ...notify, trade_status: 'WAIT_BUYER_PAY' }),
      signed({ ...notify, out_trade_no: 'USR1NOabcdef1700000000' }),
    ]
    for (const params of refused) expect((await deliver(params)).text, JSON.stringify(params)).toBe('fail')
    expect(await quotaOf(user.id)).toBe(0)
    expect((await h.services.db.selectFrom('top_ups').select('status').executeTakeFirstOrThrow()).status).toBe(
      'pending'
    )
    expect(await topUpLogs()).toHaveLength(0)
    // The genuine one still goes through afterwards; money written as 73 or 73.0 is the same amount.
    expect((await deliver(signed({ ...notify, money: '73' }))).text).toBe('success')
    expect(await quotaOf(user.id)).toBe(5_000_000)
  })

  it('refuses every notification while the merchant key is empty', async () => {
    await configurePayments()
    const user = await h.createUser(1)
    const { notify } = await order(user, 10)
    await setOption('EpayKey', '')
    expect((await deliver(signed(notify, ''))).text).toBe('fail')
    expect((await deliver(signed(notify))).text).toBe('fail')
    expect(await quotaOf(user.id)).toBe(0)
  })

  it('credits exactly once when 50 deliveries of one payment arrive at the same time', async () => {
    await configurePayments()
    const user = await h.createUser(1)
    const orders = [await order(user, 1), await order(user, 2), await order(user, 3)]
    for (const { notify } of orders) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(signed(notify))))
      expect(answers.map((a) => a.text)).toEqual(Array.from({ length: 50 }, () => 'success'))
    }
    expect(await quotaOf(user.id)).toBe((1 + 2 + 3) * 500_000)
    expect(await topUpLogs()).toHaveLength(3)
  }, 60_000)

  it('is reachable without a session and refuses a POST', async () => {
    expect((await h.request('GET', '/api/user/epay/notify')).text).toBe('fail')
    expect((await h.request('POST', '/api/user/epay/notify', { body: {} })).status).not.toBe(200)
  })
})
