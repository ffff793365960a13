import { describe, expect, it } from 'vitest'
import { expectRefused, harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'

let h: Harness
let root: TestUser
harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
})

const createCodes = async (count: number, quota = 100_000): Promise<string[]> => {
  const response = await h.request('POST', '/api/redemption/', { as: root, body: { name: 'gift', quota, count } })
  expect(response.json?.success, response.text).toBe(true)
  return response.json?.data as string[]
}
const quotaOf = async (id: number) =>
  Number((await h.services.db.selectFrom('users').select('quota').where('id', '=', id).executeTakeFirstOrThrow()).quota)

describe('POST /api/user/topup', () => {
  it('credits the code once, marks it used and logs a top-up', async () => {
    const [key] = await createCodes(1, 250_000)
    const user = await h.createUser(1, { quota: 10 })
    const response = await h.request('POST', '/api/user/topup', {
      as: user,
      body: { key },
      headers: { 'accept-language': 'en' },
    })
    expect(response.json).toMatchObject({ success: true, data: 250_000, message: 'Redeemed!' })
    expect(await quotaOf(user.id)).toBe(250_010)
    const code = await h.services.db
      .selectFrom('redemptions')
      .selectAll()
      .where('key', '=', key as string)
      .executeTakeFirstOrThrow()
    expect(code).toMatchObject({ status: 3, used_user_id: user.id })
    expect(code.redeemed_time).toBeGreaterThan(0)
    const logs = await h.services.logDb.selectFrom('logs').selectAll().where('type', '=', 1).execute()
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatchObject({ user_id: user.id, quota: 250_000 })
    // Written in DEFAULT_LANGUAGE (zh) whatever the caller's language, with what the console renders it from.
    const id = (
      await h.services.db
        .selectFrom('redemptions')
        .select('id')
        .where('key', '=', key as string)
        .executeTakeFirstOrThrow()
    ).id
    expect(logs[0]?.content).toBe(`通过兑换码充值 $0.5，兑换码ID ${id}`)
    expect(JSON.parse(logs[0]?.other ?? '')).toEqual({
      content_key: 'log.redeemed',
      content_params: { quota: '$0.5', id },
    })
    const again = await h.request('POST', '/api/user/topup', {
      as: user,
      body: { key },
      headers: { 'accept-language': 'en' },
    })
    expectRefused(again, 'CONFLICT')
    expect(again.json?.message).toBe('Redemption failed: this code has already been used')
    expect(await quotaOf(user.id)).toBe(250_010)
  })

  it('refuses empty, unknown, disabled and deleted codes and changes nothing', async () => {
    const user = await h.createUser(1, { quota: 10 })
    expectRefused(await h.request('POST', '/api/user/topup', { as: user, body: { key: '' } }), 'BAD_REQUEST')
    expect(
      (await h.request('POST', '/api/user/topup', { as: user, body: { key: 'f'.repeat(32) } })).json?.message
    ).toBe('兑换失败，无效的兑换码')
    const [disabled, deleted] = await createCodes(2)
    const ids = await h.services.db.selectFrom('redemptions').select(['id', 'key']).execute()
    const idOf = (key: string) => ids.find((r) => r.key === key)?.id
    await h.request('PUT', '/api/redemption/?status_only=true', {
      as: root,
      body: { id: idOf(disabled as string), status: 2 },
    })
    await h.request('DELETE', `/api/redemption/${idOf(deleted as string)}`, { as: root })
    for (const key of [disabled, deleted])
      expectRefused(await h.request('POST', '/api/user/topup', { as: user, body: { key } }), 'BAD_REQUEST')
    expect(await quotaOf(user.id)).toBe(10)
    expect((await h.request('POST', '/api/user/topup', { body: { key: disabled } })).status).toBe(401)
  })

  it('credits exactly once when 50 users race for one code, over many codes', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => h.createUser(1, { quota: 0 })))
    const codes = await createCodes(20, 1_000)
    for (const key of codes) {
      const attempts = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          h.request('POST', '/api/user/topup', { as: users[i % users.length], body: { key } })
        )
      )
      expect(attempts.filter((a) => a.json?.success)).toHaveLength(1)
    }
    const total = (await Promise.all(users.map((u) => quotaOf(u.id)))).reduce((a, b) => a + b, 0)
    expect(total).toBe(20 * 1_000)
    const logs = await h.services.logDb.selectFrom('logs').select('quota').where('type', '=', 1).execute()
    expect(logs).toHaveLength(20)
  }, 60_000)
})
