import { MAX_QUOTA, Role } from '@gateway/shared'
import { describe, expect, it } from 'vitest'
import { expectRefused, harnessPerTest, type Harness, type TestUser } from '../../test/harness.ts'
import { epaySign } from './payments/epay-signature.ts'

/** Every credit stops at MAX_QUOTA: refused with a clear message, and nothing it would have touched changes. */

const UNIT = 500_000
const LIMIT_EN =
  'A balance may hold at most $2000000000; this credit would go beyond it, so it was refused and nothing changed'
const LIMIT_ZH = '余额最多为 $2000000000，本次入账会超出上限，已拒绝，余额未变'
const en = { 'accept-language': 'en' }

let h: Harness
let root: TestUser
harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
})

const userRow = (id: number) =>
  h.services.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const quotaOf = async (id: number) => Number((await userRow(id)).quota)
const logsOfType = (type: number) => h.services.logDb.selectFrom('logs').selectAll().where('type', '=', type).execute()
const setOption = async (key: string, value: string) => {
  const response = await h.request('PUT', '/api/option/', { as: root, body: { key, value } })
  expect(response.json?.success, response.text).toBe(true)
}

describe('redeeming a code (POST /api/user/topup)', () => {
  it('refuses a code that would take the balance above MAX_QUOTA; the code stays unused and nothing is logged', async () => {
    const created = await h.request('POST', '/api/redemption/', {
      as: root,
      body: { name: 'big', quota: 100, count: 2 },
    })
    const [first, second] = (created.json?.data ?? []) as string[]
    const user = await h.createUser(Role.user, { quota: MAX_QUOTA - 99 })

    const refused = await h.request('POST', '/api/user/topup', { as: user, body: { key: first }, headers: en })
    expectRefused(refused, 'BAD_REQUEST')
    expect(refused.json?.message).toBe(LIMIT_EN)
    expect((await h.request('POST', '/api/user/topup', { as: user, body: { key: first } })).json?.message).toBe(
      LIMIT_ZH
    )
    expect(await quotaOf(user.id)).toBe(MAX_QUOTA - 99)
    const code = await h.services.db
      .selectFrom('redemptions')
      .selectAll()
      .where('key', '=', first as string)
      .executeTakeFirstOrThrow()
    expect(code).toMatchObject({ status: 1, used_user_id: 0, redeemed_time: 0 })
    expect(await logsOfType(1)).toHaveLength(0)

    // The code still works for an account with room, and a credit up to the cap itself is fine.
    const other = await h.createUser(Role.user, { quota: MAX_QUOTA - 100 })
    expect((await h.request('POST', '/api/user/topup', { as: other, body: { key: second } })).json?.success).toBe(true)
    expect(await quotaOf(other.id)).toBe(MAX_QUOTA)
  })

  it('lets only as many racing redemptions through as the room under the cap allows', async () => {
    const created = await h.request('POST', '/api/redemption/', {
      as: root,
      body: { name: 'race', quota: 60, count: 8 },
    })
    const keys = (created.json?.data ?? []) as string[]
    const user = await h.createUser(Role.user, { quota: MAX_QUOTA - 100 })
    const answers = await Promise.all(
      keys.map((key) => h.request('POST', '/api/user/topup', { as: user, body: { key } }))
    )
    expect(answers.filter((a) => a.json?.success)).toHaveLength(1)
    expect(await quotaOf(user.id)).toBe(MAX_QUOTA - 40)
    const used = await h.services.db.selectFrom('redemptions').select('id').where('status', '=', 3).execute()
    expect(used).toHaveLength(1)
    expect(await logsOfType(1)).toHaveLength(1)
  })

  it('refuses creating or editing a code worth more than MAX_QUOTA', async () => {
    const create = await h.request('POST', '/api/redemption/', {
      as: root,
      body: { name: 'huge', quota: MAX_QUOTA + 1, count: 1 },
      headers: en,
    })
    expectRefused(create, 'BAD_REQUEST')
    expect(create.json?.message).toBe('The code quota cannot exceed 1,000,000,000,000,000')
    expect(await h.services.db.selectFrom('redemptions').selectAll().execute()).toHaveLength(0)

    await h.request('POST', '/api/redemption/', { as: root, body: { name: 'small', quota: 100, count: 1 } })
    const { id } = await h.services.db.selectFrom('redemptions').select('id').executeTakeFirstOrThrow()
    const edit = await h.request('PUT', '/api/redemption/', {
      as: root,
      body: { id, quota: MAX_QUOTA + 1 },
      headers: { 'accept-language': 'zh' },
    })
    expect(edit.json?.message).toBe('兑换码额度不能超过 1,000,000,000,000,000')
    expect((await h.services.db.selectFrom('redemptions').select('quota').executeTakeFirstOrThrow()).quota).toBe(100)
  })
})

describe('online top-up (GET /api/user/epay/notify)', () => {
  const KEY = 'epay-merchant-secret-key'
  const PID = '1001'
  const configurePayments = async () => {
    await setOption('ServerAddress', 'https://gw.example.com')
    await setOption('PayAddress', 'https://pay.example.com/')
    await setOption('EpayId', PID)
    await setOption('EpayKey', KEY)
    await setOption('Price', '7.3')
  }
  const deliver = (params: Record<string, string>) => {
    const signed = { ...params, sign: epaySign(params, KEY), sign_type: 'MD5' }
    return h.request('GET', `/api/user/epay/notify?${new URLSearchParams(signed).toString()}`)
  }

  it('keeps a paid order pending while its credit would exceed MAX_QUOTA, and credits it once there is room', async () => {
    await configurePayments()
    const user = await h.createUser(Role.user, { quota: MAX_QUOTA - 10 * UNIT + 1 })
    const paid = await h.request('POST', '/api/user/pay', { as: user, body: { amount: 10, payment_method: 'zfb' } })
    expect(paid.json?.success, paid.text).toBe(true)
    const form = paid.json?.data as Record<string, string>
    const notify = {
      pid: PID,
      trade_no: 'GW1',
      out_trade_no: form.out_trade_no as string,
      type: form.type as string,
      name: form.name as string,
      money: form.money as string,
      trade_status: 'TRADE_SUCCESS',
    }

    // Not acknowledged, so the gateway delivers again later; nothing moved meanwhile.
    for (let i = 0; i < 2; i++) expect((await deliver(notify)).text).toBe('fail')
    expect(await quotaOf(user.id)).toBe(MAX_QUOTA - 10 * UNIT + 1)
    expect(await h.services.db.selectFrom('top_ups').selectAll().executeTakeFirstOrThrow()).toMatchObject({
      status: 'pending',
      complete_time: 0,
    })
    expect(await logsOfType(1)).toHaveLength(0)

    // The balance came down (spent, or an admin lowered it): the next delivery settles it, once.
    await h.services.db.updateTable('users').set({ quota: 1 }).where('id', '=', user.id).execute()
    expect((await deliver(notify)).text).toBe('success')
    expect((await deliver(notify)).text).toBe('success')
    expect(await quotaOf(user.id)).toBe(1 + 10 * UNIT)
    expect((await h.services.db.selectFrom('top_ups').selectAll().executeTakeFirstOrThrow()).status).toBe('success')
    expect(await logsOfType(1)).toHaveLength(1)
  })

  it('refuses to open an order whose quota is above MAX_QUOTA', async () => {
    await configurePayments()
    await setOption('QuotaPerUnit', String(1_000_000_000))
    const user = await h.createUser(Role.user)
    const response = await h.request('POST', '/api/user/pay', {
      as: user,
      body: { amount: 1_000_001, payment_method: 'zfb' },
      headers: en,
    })
    expect(response.json?.message).toBe('The top-up amount is too large')
    expect(await h.services.db.selectFrom('top_ups').selectAll().execute()).toHaveLength(0)
  })
})

describe('invite reward transfer (POST /api/user/aff_transfer)', () => {
  it('refuses a transfer that would take the balance above MAX_QUOTA and leaves both sides as they were', async () => {
    const user = await h.createUser(Role.user, { quota: MAX_QUOTA - UNIT + 1 })
    await h.services.db
      .updateTable('users')
      .set({ aff_quota: 3 * UNIT })
      .where('id', '=', user.id)
      .execute()
    const refused = await h.request('POST', '/api/user/aff_transfer', { as: user, body: { quota: UNIT }, headers: en })
    expectRefused(refused, 'BAD_REQUEST')
    expect(refused.json?.message).toBe(LIMIT_EN)
    expect(await userRow(user.id)).toMatchObject({ quota: MAX_QUOTA - UNIT + 1, aff_quota: 3 * UNIT })
    // Too little reward is still told as such, whatever the balance.
    expect(
      (await h.request('POST', '/api/user/aff_transfer', { as: user, body: { quota: 4 * UNIT }, headers: en })).json
        ?.message
    ).toBe('Not enough invite quota!')

    await h.services.db
      .updateTable('users')
      .set({ quota: MAX_QUOTA - UNIT })
      .where('id', '=', user.id)
      .execute()
    expect((await h.request('POST', '/api/user/aff_transfer', { as: user, body: { quota: UNIT } })).json?.success).toBe(
      true
    )
    expect(await userRow(user.id)).toMatchObject({ quota: MAX_QUOTA, aff_quota: 2 * UNIT })
  })
})

describe('admin user edit (PUT /api/user/)', () => {
  it('refuses a quota above MAX_QUOTA (the "add quota" dialog sends the new total) and changes nothing', async () => {
    const user = await h.createUser(Role.user, { quota: MAX_QUOTA - 5 })
    const edit = (quota: number, headers = en) =>
      h.request('PUT', '/api/user/', { as: root, body: { id: user.id, username: user.username, quota }, headers })
    const refused = await edit(MAX_QUOTA + 1)
    expectRefused(refused, 'BAD_REQUEST')
    expect(refused.json?.message).toBe('Quota cannot exceed 1,000,000,000,000,000')
    expect((await edit(MAX_QUOTA + 1, { 'accept-language': 'zh' })).json?.message).toBe(
      '额度不能超过 1,000,000,000,000,000'
    )
    expect((await edit(-1)).json?.message).toBe('Quota must be a whole number of at least 0')
    expect(await quotaOf(user.id)).toBe(MAX_QUOTA - 5)
    expect(await logsOfType(3)).toHaveLength(0)
    expect((await edit(MAX_QUOTA)).json?.success).toBe(true)
    expect(await quotaOf(user.id)).toBe(MAX_QUOTA)
  })
})

describe('new accounts', () => {
  const register = (body: Record<string, unknown>) =>
    h.request('POST', '/api/user/register', {
      body: { password: 'password123', password2: 'password123', ...body },
      headers: en,
    })

  it('refuses a registration whose starting gifts add up above MAX_QUOTA and creates no one', async () => {
    await setOption('QuotaForNewUser', String(MAX_QUOTA))
    await setOption('QuotaForInvitee', '1')
    const inviter = await h.createUser(Role.user)
    const { aff_code } = await userRow(inviter.id)
    const refused = await register({ username: 'greedy', aff_code })
    expectRefused(refused, 'BAD_REQUEST')
    expect(refused.json?.message).toBe(LIMIT_EN)
    expect(
      await h.services.db.selectFrom('users').select('id').where('username', '=', 'greedy').executeTakeFirst()
    ).toBeUndefined()
    expect(await userRow(inviter.id)).toMatchObject({ aff_count: 0, aff_quota: 0 })
    // Without the invite the gift is exactly the cap, which is allowed.
    expect((await register({ username: 'capped' })).json?.success).toBe(true)
    expect(
      Number(
        (
          await h.services.db
            .selectFrom('users')
            .select('quota')
            .where('username', '=', 'capped')
            .executeTakeFirstOrThrow()
        ).quota
      )
    ).toBe(MAX_QUOTA)
  })

  it('registers the invitee but skips the reward of an inviter whose invite reward is at the cap', async () => {
    await setOption('QuotaForInviter', '30')
    const inviter = await h.createUser(Role.user)
    await h.services.db
      .updateTable('users')
      .set({ aff_quota: MAX_QUOTA - 29, aff_history: MAX_QUOTA - 29 })
      .where('id', '=', inviter.id)
      .execute()
    const { aff_code } = await userRow(inviter.id)
    expect((await register({ username: 'newbie', aff_code })).json?.success).toBe(true)
    expect(await userRow(inviter.id)).toMatchObject({
      aff_count: 1,
      aff_quota: MAX_QUOTA - 29,
      aff_history: MAX_QUOTA - 29,
    })
    const rewardLogs = (await logsOfType(4)).filter((log) => log.user_id === inviter.id)
    expect(rewardLogs).toHaveLength(0)
  })

  it('refuses an admin-created account while QuotaForNewUser is above MAX_QUOTA', async () => {
    await setOption('QuotaForNewUser', String(MAX_QUOTA + 1))
    const response = await h.request('POST', '/api/user/', {
      as: root,
      body: { username: 'made', password: 'password123' },
      headers: en,
    })
    expectRefused(response, 'BAD_REQUEST')
    expect(response.json?.message).toBe(LIMIT_EN)
    expect(
      await h.services.db.selectFrom('users').select('id').where('username', '=', 'made').executeTakeFirst()
    ).toBeUndefined()
  })
})

describe('token quota (POST and PUT /api/token/)', () => {
  it('refuses a remain_quota above MAX_QUOTA when creating or editing, and keeps the stored one', async () => {
    const user = await h.createUser(Role.user)
    const tooMuch = await h.request('POST', '/api/token/', {
      as: user,
      body: { name: 't', remain_quota: MAX_QUOTA + 1 },
      headers: en,
    })
    expectRefused(tooMuch, 'BAD_REQUEST')
    expect(tooMuch.json?.message).toBe('The token quota cannot exceed 1,000,000,000,000,000')
    expect(await h.services.db.selectFrom('tokens').selectAll().execute()).toHaveLength(0)

    const created = await h.request('POST', '/api/token/', { as: user, body: { name: 't', remain_quota: MAX_QUOTA } })
    expect(created.json?.success, created.text).toBe(true)
    const id = created.json?.data.id as number
    const edit = await h.request('PUT', '/api/token/', {
      as: user,
      body: { id, remain_quota: MAX_QUOTA + 1 },
      headers: { 'accept-language': 'zh' },
    })
    expect(edit.json?.message).toBe('令牌额度不能超过 1,000,000,000,000,000')
    const row = await h.services.db
      .selectFrom('tokens')
      .select('remain_quota')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(Number(row.remain_quota)).toBe(MAX_QUOTA)
  })
})
