import { Role } from '@gateway/shared'
import { describe, expect, it } from 'vitest'
import { expectRefused, harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'

let h: Harness
let admin: TestUser
let user: TestUser
harnessPerTest(async (made) => {
  h = made
  await h.setupRoot()
  admin = await h.createUser(Role.admin)
  user = await h.createUser(Role.user)
})

const api = (method: string, path: string, body?: unknown, as: TestUser = admin) =>
  h.request(method, path, { as, body })
const create = async (body: Record<string, unknown>): Promise<string[]> => {
  const response = await api('POST', '/api/redemption/', body)
  expect(response.json?.success, response.text).toBe(true)
  return response.json?.data as string[]
}
const rows = () => h.services.db.selectFrom('redemptions').selectAll().orderBy('id').execute()
const idOf = async (key: string) =>
  (await h.services.db.selectFrom('redemptions').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id
const setStatus = (id: number, status: number) =>
  h.services.db.updateTable('redemptions').set({ status }).where('id', '=', id).execute()

describe('POST /api/redemption/', () => {
  it('creates count codes of 32 hex characters, named after the formatted quota by default', async () => {
    const keys = await create({ quota: 100_000, count: 3 })
    expect(keys).toHaveLength(3)
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/)
    expect(new Set(keys).size).toBe(3)
    const stored = await rows()
    expect(stored.map((r) => r.key)).toEqual(keys)
    expect(stored[0]).toMatchObject({
      name: '$0.2',
      quota: 100_000,
      status: 1,
      user_id: admin.id,
      used_user_id: 0,
      redeemed_time: 0,
      deleted_at: null,
    })
    expect(stored[0]?.created_time).toBeGreaterThan(0)
    await h.services.options.set('DisplayInCurrencyEnabled', 'false')
    await create({ quota: 25_000, name: '  ' })
    expect((await rows()).at(-1)?.name).toBe('25k')
  })

  it('keeps a given name, ignores fields an admin may not set, and defaults count to 1', async () => {
    const [key] = await create({ name: ' 春节活动 ', quota: 7, status: 3, used_user_id: 9, key: 'mine', user_id: 42 })
    expect(key).not.toBe('mine')
    expect((await rows())[0]).toMatchObject({
      name: '春节活动',
      quota: 7,
      status: 1,
      used_user_id: 0,
      user_id: admin.id,
    })
  })

  it('answers every validation message and creates nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ quota: 1, name: 'n'.repeat(21) }, '兑换码名称长度必须在 1-20 之间'],
      [{ quota: 1, name: 5 }, '兑换码名称长度必须在 1-20 之间'],
      [{ quota: 0 }, '兑换码额度必须是大于 0 的整数'],
      [{ quota: 1.5 }, '兑换码额度必须是大于 0 的整数'],
      [{ quota: '100' }, '兑换码额度必须是大于 0 的整数'],
      [{ quota: Number.MAX_SAFE_INTEGER + 2 }, '兑换码额度必须是大于 0 的整数'],
      [{}, '兑换码额度必须是大于 0 的整数'],
      [{ quota: 1, count: 0 }, '兑换码个数必须在 1 到 100 之间'],
      [{ quota: 1, count: 101 }, '兑换码个数必须在 1 到 100 之间'],
      [{ quota: 1, count: 2.5 }, '兑换码个数必须在 1 到 100 之间'],
    ]
    for (const [body, message] of cases) {
      const response = await api('POST', '/api/redemption/', body)
      expectRefused(response, 'BAD_REQUEST', JSON.stringify(body))
      expect(response.json?.message, JSON.stringify(body)).toBe(message)
    }
    const english = await h.request('POST', '/api/redemption/', {
      as: admin,
      body: { quota: 1, count: 101 },
      headers: { 'accept-language': 'en' },
    })
    expect(english.json?.message).toBe('The number of codes must be between 1 and 100')
    expect(await rows()).toHaveLength(0)
    expect((await create({ quota: 1, count: 100, name: 'n'.repeat(20) })).length).toBe(100)
  })
})

describe('expiry (expired_time, 0 never)', () => {
  it('is stored on create and edit, a past one refused, and a code past it is refused at redeem', async () => {
    const now = Math.floor(Date.now() / 1000)
    const [forever] = await create({ quota: 1000 })
    const [dated] = await create({ quota: 2000, expired_time: now + 3600 })
    expect((await rows()).map((r) => Number(r.expired_time))).toEqual([0, now + 3600])
    for (const body of [
      { quota: 1000, expired_time: now - 60 },
      { quota: 1000, expired_time: -5 },
    ]) {
      const refused = await api('POST', '/api/redemption/', body)
      expect(refused.json).toMatchObject({ success: false, code: 'BAD_REQUEST' })
    }
    expect(await rows()).toHaveLength(2)
    const id = await idOf(dated as string)
    const past = await api('PUT', '/api/redemption/', { id, expired_time: now - 60 })
    expect(past.json).toMatchObject({ success: false, code: 'BAD_REQUEST' })
    expect((await api('PUT', '/api/redemption/', { id, expired_time: 0 })).json?.data.expired_time).toBe(0)
    expect((await api('GET', `/api/redemption/${id}`)).json?.data.expired_time).toBe(0)

    // Expired since it was made: the code stays unused and the user's balance unchanged.
    await h.services.db
      .updateTable('redemptions')
      .set({ expired_time: now - 1 })
      .where('id', '=', id)
      .execute()
    const before = (
      await h.services.db.selectFrom('users').select('quota').where('id', '=', user.id).executeTakeFirstOrThrow()
    ).quota
    const expired = await h.request('POST', '/api/user/topup', {
      as: user,
      body: { key: dated },
      headers: { 'accept-language': 'en' },
    })
    expect(expired.json).toMatchObject({ success: false, message: 'Redemption failed: this code has expired' })
    expect((await rows()).find((r) => r.id === id)?.status).toBe(1)
    expect(
      (await h.services.db.selectFrom('users').select('quota').where('id', '=', user.id).executeTakeFirstOrThrow())
        .quota
    ).toBe(before)
    expect((await h.request('POST', '/api/user/topup', { as: user, body: { key: forever } })).json).toMatchObject({
      success: true,
      data: 1000,
    })
  })
})

describe('GET /api/redemption/ and /search', () => {
  it('pages newest first, 1-based, with page_size clamped to 100', async () => {
    await create({ quota: 1, count: 100, name: 'bulk' })
    await create({ quota: 1, count: 5, name: 'more' })
    const first = await api('GET', '/api/redemption/?p=1&page_size=2')
    expect(first.json?.data).toMatchObject({ total: 105, page: 1, page_size: 2 })
    const ids = first.json?.data.items.map((r: { id: number }) => r.id)
    expect(ids[0]).toBeGreaterThan(ids[1])
    expect(first.json?.data.items[0].name).toBe('more')
    expect(first.json?.data.items[0]).not.toHaveProperty('deleted_at')
    const clamped = await api('GET', '/api/redemption/?p=1&page_size=1000')
    expect(clamped.json?.data.items).toHaveLength(100)
    expect(clamped.json?.data.page_size).toBe(100)
    const last = await api('GET', '/api/redemption/?p=2&page_size=100')
    expect(last.json?.data.items).toHaveLength(5)
    expect((await api('GET', '/api/redemption/?p=0&page_size=x')).json?.data).toMatchObject({ page: 1, page_size: 10 })
  })

  it('finds an exact id or a name prefix, with %, _ and ! matched literally', async () => {
    await create({ quota: 1, name: '50%_off' })
    await create({ quota: 1, name: '50 off' })
    await create({ quota: 1, name: 'xx50%_off' })
    await create({ quota: 1, name: 'a!b' })
    await create({ quota: 1, name: 'aXb' })
    const names = async (keyword: string) =>
      (
        ((await api('GET', `/api/redemption/search?keyword=${encodeURIComponent(keyword)}`)).json?.data.items ??
          []) as { name: string }[]
      )
        .map((r) => r.name)
        .sort()
    expect(await names('50%')).toEqual(['50%_off'])
    expect(await names('50%_')).toEqual(['50%_off'])
    expect(await names('50')).toEqual(['50 off', '50%_off'])
    expect(await names('a!')).toEqual(['a!b'])
    expect(await names('_')).toEqual([])
    expect(await names('off')).toEqual([])
    const id = (await rows())[2]?.id as number
    expect(await names(String(id))).toEqual(['xx50%_off'])
    expect((await api('GET', '/api/redemption/search?keyword=&page_size=2')).json?.data).toMatchObject({ total: 5 })
  })
})

describe('PUT, DELETE and batch', () => {
  it('edits name and quota of an unused code only', async () => {
    const [key] = await create({ quota: 10, name: 'old' })
    const id = await idOf(key as string)
    const edited = await api('PUT', '/api/redemption/', { id, name: 'new', quota: 20, status: 3, key: 'x' })
    expect(edited.json?.data).toMatchObject({ id, name: 'new', quota: 20, status: 1, key })
    expect((await api('PUT', '/api/redemption/', { id, name: '' })).json?.data.name).toBe('new')
    expect((await api('PUT', '/api/redemption/', { id, quota: 0 })).json?.message).toBe('兑换码额度必须是大于 0 的整数')
    expect((await api('PUT', '/api/redemption/', { id, name: 'n'.repeat(21) })).json?.message).toBe(
      '兑换码名称长度必须在 1-20 之间'
    )
    for (const status of [2, 3]) {
      await setStatus(id, status)
      const refused = await api('PUT', '/api/redemption/', { id, name: 'again' })
      expectRefused(refused, 'CONFLICT')
      expect(refused.json?.message).toBe('只有未使用的兑换码可以编辑')
    }
    expect((await api('PUT', '/api/redemption/', { id: 99_999, name: 'x' })).json?.message).toBe('兑换码不存在')
  })

  it('switches status between 1 and 2, never for a used code', async () => {
    const [key] = await create({ quota: 10 })
    const id = await idOf(key as string)
    expect((await api('PUT', '/api/redemption/?status_only=true', { id, status: 2 })).json?.data.status).toBe(2)
    expect((await api('PUT', '/api/redemption/?status_only=true', { id, status: 1 })).json?.data.status).toBe(1)
    for (const status of [3, 0, 'x']) {
      expect((await api('PUT', '/api/redemption/?status_only=true', { id, status })).json?.message).toBe(
        '兑换码只能被启用或禁用'
      )
    }
    await setStatus(id, 3)
    const locked = await api('PUT', '/api/redemption/?status_only=true', { id, status: 1 })
    expectRefused(locked, 'CONFLICT')
    expect(locked.json?.message).toBe('兑换码已被使用，无法修改状态')
    expect((await rows())[0]?.status).toBe(3)
  })

  it('soft-deletes one code or a batch; deleted codes are gone from every read', async () => {
    const keys = await create({ quota: 10, count: 4 })
    const ids = await Promise.all(keys.map(idOf))
    expect((await api('DELETE', `/api/redemption/${ids[0]}/`)).json?.success).toBe(true)
    expectRefused(await api('GET', `/api/redemption/${ids[0]}`), 'NOT_FOUND')
    expect((await api('DELETE', `/api/redemption/${ids[0]}`)).json?.message).toBe('兑换码不存在')
    expect((await api('POST', '/api/redemption/batch', { ids: [ids[0], ids[1], ids[2], 12345] })).json?.data).toBe(2)
    expect((await api('GET', '/api/redemption/')).json?.data.total).toBe(1)
    expect((await rows()).filter((r) => r.deleted_at !== null)).toHaveLength(3)
    for (const body of [{ ids: [] }, {}]) {
      const empty = await api('POST', '/api/redemption/batch', body)
      expectRefused(empty, 'BAD_REQUEST')
      expect(empty.json?.message).toBe('请至少选择一个兑换码！')
    }
    expectRefused(await api('GET', '/api/redemption/abc'), 'NOT_FOUND')
  })
})

describe('DELETE /api/redemption/invalid', () => {
  it('clears the used and disabled codes, keeps the unused ones, and answers how many it cleared', async () => {
    const keys = await create({ quota: 10, count: 4 })
    const [used, disabled, unused, alreadyGone] = await Promise.all(keys.map(idOf))
    await setStatus(used as number, 3)
    await setStatus(disabled as number, 2)
    await setStatus(alreadyGone as number, 3)
    await api('DELETE', `/api/redemption/${alreadyGone}`)
    const cleared = await api('DELETE', '/api/redemption/invalid')
    expect(cleared.json).toEqual({ success: true, message: '', data: 2 })
    const after = await rows()
    expect(after.filter((r) => r.deleted_at === null).map((r) => r.id)).toEqual([unused])
    expect((await api('GET', '/api/redemption/')).json?.data.items.map((r: { id: number }) => r.id)).toEqual([unused])
    expect((await api('DELETE', '/api/redemption/invalid')).json?.data).toBe(0)
  })
})

describe('access', () => {
  it('refuses a normal user on every redemption route (403) and leaves codes untouched', async () => {
    const [key] = await create({ quota: 10 })
    const id = await idOf(key as string)
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/redemption/'],
      ['GET', '/api/redemption/search?keyword=a'],
      ['GET', `/api/redemption/${id}`],
      ['POST', '/api/redemption/', { quota: 1 }],
      ['PUT', '/api/redemption/', { id, name: 'mine' }],
      ['PUT', '/api/redemption/?status_only=true', { id, status: 2 }],
      ['DELETE', `/api/redemption/${id}`],
      ['POST', '/api/redemption/batch', { ids: [id] }],
      ['DELETE', '/api/redemption/invalid'],
    ]
    for (const [method, path, body] of calls) {
      const response = await api(method, path, body, user)
      expect(response.status, `${method} ${path}`).toBe(403)
      expect(response.text).not.toContain(key)
    }
    expect(await rows()).toMatchObject([{ id, status: 1, deleted_at: null }])
    expect((await h.request('GET', '/api/redemption/')).status).toBe(401)
  })
})
