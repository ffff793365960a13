import { Role } from '@gateway/shared'
import { describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import { addToken } from '../../../test/relay-fixtures.ts'

let h: Harness
let root: TestUser
let alice: TestUser
harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
  alice = await h.createUser(Role.user, { quota: 2_000_000 })
  await h.services.db.updateTable('users').set({ used_quota: 500_000 }).where('id', '=', alice.id).execute()
})

const get = (path: string, key?: string) =>
  h.request('GET', path, { headers: key === undefined ? {} : { authorization: `Bearer ${key}` } })
const setOption = async (key: string, value: string) =>
  expect((await h.request('PUT', '/api/option/', { as: root, body: { key, value } })).json?.success, key).toBe(true)
const limited = async (fields: { remain: number; used: number; expiredTime?: number }) => {
  const token = await addToken(h, alice.id, {
    unlimited: false,
    remainQuota: fields.remain,
    expiredTime: fields.expiredTime,
  })
  await h.services.db.updateTable('tokens').set({ used_quota: fields.used }).where('id', '=', token.id).execute()
  return token
}

describe('GET /dashboard/billing/subscription and /usage', () => {
  it("answer the token's balance in dollars on both prefixes, as the reference", async () => {
    const expires = Math.floor(Date.now() / 1000) + 86_400
    const { key } = await limited({ remain: 750_000, used: 250_000, expiredTime: expires })
    for (const prefix of ['', '/v1']) {
      const subscription = await get(`${prefix}/dashboard/billing/subscription`, key)
      expect(subscription.status, prefix).toBe(200)
      expect(subscription.headers.get('content-type')).toContain('application/json')
      // (750 000 + 250 000) / 500 000 quota per dollar
      expect(JSON.parse(subscription.text)).toEqual({
        object: 'billing_subscription',
        has_payment_method: true,
        soft_limit_usd: 2,
        hard_limit_usd: 2,
        system_hard_limit_usd: 2,
        access_until: expires,
      })
      const usage = await get(`${prefix}/dashboard/billing/usage`, key)
      // 250 000 / 500 000 dollars, in cents
      expect(JSON.parse(usage.text)).toEqual({ object: 'list', total_usage: 50 })
    }
  })

  it('report an unlimited token as 100000000 and a token that never expires as access_until 0', async () => {
    const { key } = await addToken(h, alice.id, { unlimited: true })
    expect(JSON.parse((await get('/v1/dashboard/billing/subscription', key)).text)).toMatchObject({
      hard_limit_usd: 100_000_000,
      access_until: 0,
    })
  })

  it("answer the user's balance when DisplayTokenStatEnabled is off, and tokens when quota is not shown as money", async () => {
    const { key } = await limited({ remain: 750_000, used: 250_000 })
    await setOption('DisplayTokenStatEnabled', 'false')
    // the user's 2 000 000 left and 500 000 used
    expect(JSON.parse((await get('/dashboard/billing/subscription', key)).text)).toMatchObject({
      hard_limit_usd: 5,
      access_until: 0,
    })
    expect(JSON.parse((await get('/dashboard/billing/usage', key)).text)).toEqual({ object: 'list', total_usage: 100 })
    await setOption('DisplayInCurrencyEnabled', 'false')
    expect(JSON.parse((await get('/dashboard/billing/subscription', key)).text)).toMatchObject({
      soft_limit_usd: 2_500_000,
    })
    expect(JSON.parse((await get('/dashboard/billing/usage', key)).text)).toEqual({
      object: 'list',
      total_usage: 50_000_000,
    })
  })

  it('refuse a missing or unknown key in OpenAI error shape with 401, never the console page', async () => {
    for (const path of ['/dashboard/billing/subscription', '/v1/dashboard/billing/usage']) {
      for (const key of [undefined, 'sk-not-a-real-key']) {
        const response = await get(path, key)
        expect(response.status, `${path} ${key}`).toBe(401)
        expect(JSON.parse(response.text).error).toMatchObject({ type: 'authentication_error' })
        expect(response.text).not.toContain('<html')
      }
    }
  })
})
