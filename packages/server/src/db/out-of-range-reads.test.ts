import { MAX_QUOTA, Role } from '@gateway/shared'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { expectRefused, harnessPerTest, type Harness, type TestUser } from '../../test/harness.ts'

/**
 * A balance beyond 2^53 can only come from before balances were bounded, or from a hand edit; it
 * must not make its account, or any list that shows it, fail. Written as a SQL literal so that no
 * driver rounds it on the way in.
 */
const HUGE = '1152921504606846976' // 2^60

let h: Harness
let root: TestUser
harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
})

const setHuge = (table: 'users' | 'tokens', column: string, id: number) =>
  sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${sql.raw(HUGE)} WHERE id = ${id}`.execute(h.services.db)
/** Compared in SQL, exactly: a JavaScript number cannot tell 2^60 from its neighbours. */
const storedIs = async (id: number, literal: string) => {
  const { rows } = await sql<{
    n: number
  }>`SELECT COUNT(*) AS n FROM users WHERE id = ${id} AND quota = ${sql.raw(literal)}`.execute(h.services.db)
  return Number(rows[0]?.n) === 1
}

describe('a balance stored beyond 2^53', () => {
  it('still reads: the admin user list and the account itself answer 200', async () => {
    const user = await h.createUser(Role.user)
    await setHuge('users', 'quota', user.id)
    await setHuge('users', 'aff_quota', user.id)
    await setHuge('users', 'used_quota', user.id)

    const list = await h.request('GET', '/api/user/', { as: root })
    expect(list.status, list.text).toBe(200)
    const items = (list.json?.data?.items ?? []) as { id: number; quota: number }[]
    const listed = items.find((u) => u.id === user.id)
    expect(listed?.quota).toBeGreaterThan(Number.MAX_SAFE_INTEGER)
    expect((await h.request('GET', `/api/user/search?keyword=${user.username}`, { as: root })).status).toBe(200)
    expect((await h.request('GET', `/api/user/${user.id}`, { as: root })).status).toBe(200)

    const self = await h.request('GET', '/api/user/self', { as: user })
    expect(self.status, self.text).toBe(200)
    expect(self.json?.data.quota).toBeGreaterThan(Number.MAX_SAFE_INTEGER)
    expect(self.json?.data.aff_quota).toBeGreaterThan(Number.MAX_SAFE_INTEGER)
  })

  it('still reads on a token, and refuses any further credit to that account', async () => {
    const user = await h.createUser(Role.user)
    const created = await h.request('POST', '/api/token/', { as: user, body: { name: 't', remain_quota: 10 } })
    const tokenId = created.json?.data.id as number
    await setHuge('tokens', 'remain_quota', tokenId)
    await setHuge('users', 'quota', user.id)
    const tokens = await h.request('GET', '/api/token/', { as: user })
    expect(tokens.status, tokens.text).toBe(200)
    expect(tokens.json?.data.items[0].remain_quota).toBeGreaterThan(Number.MAX_SAFE_INTEGER)

    const codes = await h.request('POST', '/api/redemption/', { as: root, body: { name: 'c', quota: 1, count: 1 } })
    const key = (codes.json?.data as string[] | undefined)?.[0]
    const redeem = await h.request('POST', '/api/user/topup', {
      as: user,
      body: { key },
      headers: { 'accept-language': 'en' },
    })
    expectRefused(redeem, 'BAD_REQUEST')
    expect(await storedIs(user.id, HUGE)).toBe(true)
  })

  it('can be brought back within bounds by an admin', async () => {
    const user = await h.createUser(Role.user)
    await setHuge('users', 'quota', user.id)
    const edit = await h.request('PUT', '/api/user/', {
      as: root,
      body: { id: user.id, username: user.username, quota: MAX_QUOTA },
    })
    expect(edit.json?.success, edit.text).toBe(true)
    expect(await storedIs(user.id, String(MAX_QUOTA))).toBe(true)
  })

  it('is written once by a statement that changes it and returns it (no retry repeats the write)', async () => {
    if (h.services.dialect === 'mysql') return // MySQL has no RETURNING
    const user = await h.createUser(Role.user)
    await setHuge('users', 'quota', user.id)
    const { rows } = await sql<{
      quota: number
    }>`UPDATE users SET quota = quota - 1 WHERE id = ${user.id} RETURNING quota`.execute(h.services.db)
    expect(rows[0]?.quota).toBeGreaterThan(Number.MAX_SAFE_INTEGER)
    expect(await storedIs(user.id, '1152921504606846975')).toBe(true)
  })
})
