import { Role } from '@gateway/shared'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, expectRefused, type Harness, type TestUser } from '../../../test/harness.ts'
import { insertToken } from '../../db/queries/tokens.ts'
import type { Change } from '../../services/changes/change-bus.ts'
import { findTokenByKey } from '../../services/tokens/token-key.ts'

let h: Harness
let alice: TestUser
let bob: TestUser
beforeEach(async () => {
  h = await createHarness()
  await h.setupRoot()
  alice = await h.createUser(Role.user, { group: 'team' })
  bob = await h.createUser()
})
afterEach(async () => {
  await h.close()
})

const as = (user: TestUser) => ({
  get: (path: string) => h.request('GET', path, { as: user }),
  post: (path: string, body: unknown) => h.request('POST', path, { as: user, body }),
  put: (path: string, body: unknown) => h.request('PUT', path, { as: user, body }),
  delete: (path: string) => h.request('DELETE', path, { as: user }),
})
const create = async (user: TestUser, body: Record<string, unknown> = {}) => {
  const response = await as(user).post('/api/token/', { name: 'key', ...body })
  expect(response.json?.success, response.text).toBe(true)
  return response.json?.data as { id: number; key: string; [field: string]: unknown }
}
const row = (id: number) =>
  h.services.db.selectFrom('tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
/** The reference system's mask of a full `sk-` key: four characters, ten asterisks, four characters. */
const masked = (key: string) => `sk-${key.slice(3, 7)}**********${key.slice(-4)}`

describe('POST /api/token/', () => {
  it('creates a token whose key is shown to the owner and stored only hashed and encrypted', async () => {
    const token = await create(alice, {
      name: 'CI',
      remain_quota: 5000,
      expired_time: -1,
      model_limits_enabled: true,
      model_limits: ' gpt-4o, ,o3,gpt-4o ',
    })
    expect(token.key).toMatch(/^sk-[0-9a-zA-Z]{48}$/)
    expect(token).toMatchObject({
      name: 'CI',
      user_id: alice.id,
      status: 1,
      remain_quota: 5000,
      used_quota: 0,
      unlimited_quota: false,
      model_limits_enabled: true,
      model_limits: 'gpt-4o,o3',
      group: '',
    })
    const stored = await row(token.id)
    const bare = token.key.slice(3)
    expect(JSON.stringify(stored)).not.toContain(bare)
    expect(stored.key).toBe(h.services.secrets.lookupHash(bare))
    expect(stored.key_ciphertext.startsWith('enc:v1:')).toBe(true)
    expect((await as(alice).get(`/api/token/${token.id}`)).json?.data.key).toBe(masked(token.key))
    expect((await findTokenByKey(h.services, token.key))?.id).toBe(token.id)
    expect((await findTokenByKey(h.services, bare))?.id).toBe(token.id)
  })

  it('ignores fields a user may not set (mass assignment)', async () => {
    const token = await create(alice, {
      user_id: bob.id,
      key: 'x'.repeat(48),
      used_quota: 999,
      status: 4,
      id: 777,
      accessed_time: 1,
      deleted_at: 5,
    })
    expect(token.user_id).toBe(alice.id)
    expect(token.key).not.toBe(`sk-${'x'.repeat(48)}`)
    expect(token.id).not.toBe(777)
    expect(await row(token.id)).toMatchObject({ user_id: alice.id, used_quota: 0, status: 1, deleted_at: null })
  })

  it('answers the validation messages and creates nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'n'.repeat(31) }, '令牌名称过长'],
      [{ remain_quota: -1 }, '令牌额度必须是不小于 0 的整数'],
      [{ remain_quota: 1.5 }, '令牌额度必须是不小于 0 的整数'],
      [{ remain_quota: 2 ** 60 }, '令牌额度必须是不小于 0 的整数'],
      [{ expired_time: -2 }, '过期时间格式错误！'],
      [{ expired_time: 'tomorrow' }, '过期时间格式错误！'],
      [{ allow_ips: '10.0.0.1\nnot-an-ip' }, 'IP 白名单中的 not-an-ip 不是合法的 IP 地址或 CIDR 网段'],
      [{ allow_ips: '10.0.0.0/33' }, 'IP 白名单中的 10.0.0.0/33 不是合法的 IP 地址或 CIDR 网段'],
      [{ group: 'svip' }, '无权使用分组 svip'],
    ]
    for (const [body, message] of cases) {
      const response = await as(alice).post('/api/token/', body)
      expectRefused(response, 'BAD_REQUEST', JSON.stringify(body))
      expect(response.json?.message).toBe(message)
    }
    const en = await h.request('POST', '/api/token/', {
      as: alice,
      body: { name: 'n'.repeat(31) },
      headers: { 'accept-language': 'en' },
    })
    expect(en.json?.message).toBe('The token name is too long (at most 30 characters)')
    expect((await as(alice).get('/api/token/')).json?.data.total).toBe(0)
  })

  it('accepts IPs and CIDR ranges of both families, and usable groups', async () => {
    const token = await create(alice, {
      allow_ips: ' 1.2.3.4 \r\n\n10.0.0.0/8\n2001:db8::/32, ::1\n1.2.3.4',
      group: 'vip',
    })
    expect(token.allow_ips).toBe('1.2.3.4\n10.0.0.0/8\n2001:db8::/32\n::1')
    expect((await create(alice, { group: 'team' })).group).toBe('team')
    expect((await create(alice, { group: 'auto' })).group).toBe('auto')
  })
})

describe('GET /api/token/ and /search', () => {
  it('pages own tokens newest first, with size as an alias and page_size clamped to 100', async () => {
    const ids = [(await create(alice)).id, (await create(alice)).id, (await create(alice)).id]
    await create(bob)
    const first = await as(alice).get('/api/token/?p=1&page_size=2')
    expect(first.json?.data).toMatchObject({ total: 3, page: 1, page_size: 2 })
    expect(first.json?.data.items.map((t: { id: number }) => t.id)).toEqual([ids[2], ids[1]])
    const second = await as(alice).get('/api/token/?p=2&size=2')
    expect(second.json?.data.items.map((t: { id: number }) => t.id)).toEqual([ids[0]])
    const now = Math.floor(Date.now() / 1000)
    const rows = Array.from({ length: 110 }, (_, i) => ({
      user_id: alice.id,
      key: `hash-${i}`,
      name: `bulk${i}`,
      created_time: now,
    }))
    await h.services.db.insertInto('tokens').values(rows).execute()
    const clamped = await as(alice).get('/api/token/?p=1&page_size=1000')
    expect(clamped.json?.data.items).toHaveLength(100)
    expect(clamped.json?.data).toMatchObject({ total: 113, page_size: 100 })
  })

  it('searches names literally (LIKE wildcards escaped) and keys only by the whole key', async () => {
    const names = ['a%b', 'axb', 'a_c', 'abc', 'back\\slash', 'bang!x']
    const tokens = []
    for (const name of names) tokens.push(await create(alice, { name }))
    const search = async (query: string) =>
      (((await as(alice).get(`/api/token/search?${query}`)).json?.data.items ?? []) as { name: string }[])
        .map((t) => t.name)
        .sort()
    expect(await search('keyword=%25')).toEqual(['a%b'])
    expect(await search('keyword=_')).toEqual(['a_c'])
    expect(await search('keyword=%5C')).toEqual(['back\\slash'])
    expect(await search('keyword=!')).toEqual(['bang!x'])
    expect(await search('keyword=A')).toEqual(['a%b', 'a_c', 'abc', 'axb', 'bang!x', 'back\\slash'].sort())
    const key = tokens[3]?.key as string
    expect(await search(`token=${key}`)).toEqual(['abc'])
    expect(await search(`token=${key.slice(3)}`)).toEqual(['abc'])
    expect(await search(`token=${key.slice(0, 20)}`)).toEqual([])
    expect(await search('keyword=a&token=sk-nope')).toEqual([])
    const bobSearch = await as(bob).get(`/api/token/search?token=${key}`)
    expect(bobSearch.json?.data.items).toEqual([])
  })

  it('searches with the filters in a POST body, so a key need not travel in a URL', async () => {
    const { key } = await create(alice, { name: 'by-body' })
    await create(alice, { name: 'other' })
    const search = async (user: TestUser, body: unknown) =>
      (await h.request('POST', '/api/token/search', { as: user, body })).json?.data as
        { items: { name: string }[]; page_size: number } | undefined
    expect((await search(alice, { token: key, p: 1, page_size: 10 }))?.items.map((t) => t.name)).toEqual(['by-body'])
    expect((await search(alice, { keyword: 'oth' }))?.items.map((t) => t.name)).toEqual(['other'])
    expect((await search(alice, { keyword: 'by', page_size: 1000 }))?.page_size).toBe(100)
    expect((await search(bob, { token: key }))?.items).toEqual([])
  })
})

describe('masked keys and the key routes', () => {
  const post = (user: TestUser, path: string, body?: unknown) => h.request('POST', path, { as: user, body })

  it('lists, searches and reads tokens with masked keys only', async () => {
    const token = await create(alice, { name: 'masked' })
    const bare = token.key.slice(3)
    const answers = [
      await as(alice).get('/api/token/'),
      await as(alice).get(`/api/token/search?token=${token.key}`),
      await as(alice).get(`/api/token/search?token=${bare}`),
      await as(alice).get('/api/token/search?keyword=mask'),
      await as(alice).get(`/api/token/${token.id}`),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.text).not.toContain(bare)
      expect(answer.text).not.toContain(bare.slice(4, 44))
    }
    for (const answer of answers.slice(0, 4))
      expect(answer.json?.data.items.map((t: { key: string }) => t.key)).toEqual([masked(token.key)])
    expect(answers[4]?.json?.data.key).toBe(masked(token.key))
    expect(masked(token.key)).toMatch(/^sk-[0-9a-zA-Z]{4}\*{10}[0-9a-zA-Z]{4}$/)
  })

  it('POST /:id/key gives the full key of an own token, uncached; another user gets 404 and no key', async () => {
    const token = await create(alice)
    const response = await post(alice, `/api/token/${token.id}/key`)
    expect(response.status).toBe(200)
    // The stored form without `sk-`, as the reference answers it (its console adds the prefix).
    expect(response.json).toEqual({ success: true, message: '', data: { key: token.key.slice(3) } })
    expect(response.headers.get('cache-control')).toBe('no-store')

    const theirs = await post(bob, `/api/token/${token.id}/key`)
    expectRefused(theirs, 'NOT_FOUND')
    expect(theirs.json?.message).toBe('令牌不存在')
    expect(theirs.text).not.toContain(token.key.slice(3))
    expect(theirs.headers.get('cache-control')).toBe('no-store')
    expectRefused(await post(alice, '/api/token/999999/key'), 'NOT_FOUND')
    expectRefused(await post(alice, '/api/token/abc/key'), 'NOT_FOUND')
    await as(alice).delete(`/api/token/${token.id}`)
    expectRefused(await post(alice, `/api/token/${token.id}/key`), 'NOT_FOUND')
  })

  it('POST /batch/keys gives full keys of own tokens by id, leaves out others, and takes at most 100 ids', async () => {
    const a = await create(alice)
    const b = await create(alice)
    const gone = await create(alice)
    await as(alice).delete(`/api/token/${gone.id}`)
    const theirs = await create(bob)
    const response = await post(alice, '/api/token/batch/keys', { ids: [a.id, b.id, gone.id, theirs.id, 999999] })
    expect(response.status).toBe(200)
    expect(response.json?.data).toEqual({ keys: { [String(a.id)]: a.key.slice(3), [String(b.id)]: b.key.slice(3) } })
    expect(response.text).not.toContain(theirs.key.slice(3))
    expect(response.headers.get('cache-control')).toBe('no-store')

    expect((await post(bob, '/api/token/batch/keys', { ids: [a.id, b.id] })).json?.data).toEqual({ keys: {} })
    const tooMany = await post(alice, '/api/token/batch/keys', { ids: Array.from({ length: 101 }, (_, i) => i + 1) })
    expectRefused(tooMany, 'BAD_REQUEST')
    expect(tooMany.json?.message).toBe('一次最多获取 100 个令牌的密钥')
    const hundred = await post(alice, '/api/token/batch/keys', { ids: Array.from({ length: 100 }, (_, i) => a.id + i) })
    expect(Object.keys(hundred.json?.data.keys).sort()).toEqual([String(a.id), String(b.id)].sort())
    for (const body of [{ ids: [] }, {}]) {
      const empty = await post(alice, '/api/token/batch/keys', body)
      expectRefused(empty, 'BAD_REQUEST')
      expect(empty.json?.message).toBe('请至少选择一个令牌！')
    }
  })

  it('reveals keys of rows taken over from the reference system (stored in the clear in key_ciphertext)', async () => {
    const bare = 'R'.repeat(20) + 'abcdefghijklmnopqrstuvwxyz0A'
    const values = {
      user_id: alice.id,
      key: h.services.secrets.lookupHash(bare),
      key_ciphertext: bare,
      name: 'old',
      created_time: 1,
    }
    const id = await insertToken(h.services.db, h.services.dialect, values)
    expect((await as(alice).get(`/api/token/${id}`)).json?.data.key).toBe('sk-RRRR**********yz0A')
    expect((await post(alice, `/api/token/${id}/key`)).json?.data.key).toBe(bare)
  })
})

describe('the key routes under the critical rate limit', () => {
  it('answers 429 once the per-IP window is used up', async () => {
    await h.close()
    h = await createHarness({ rateLimits: { critical: { points: 2, durationSeconds: 60 } } })
    alice = await h.createUser()
    const token = await create(alice)
    // Signing in used the window too (login is critical as well); app.request() comes from 127.0.0.1.
    await h.services.limiters.critical?.reset('127.0.0.1')
    const statuses = []
    for (const path of [`/api/token/${token.id}/key`, '/api/token/batch/keys', `/api/token/${token.id}/key`]) {
      statuses.push((await h.request('POST', path, { as: alice, body: { ids: [token.id] } })).status)
    }
    expect(statuses).toEqual([200, 200, 429])
  })
})

describe('PUT /api/token/', () => {
  it('updates the editable fields, keeps the others and ignores mass-assigned ones', async () => {
    const token = await create(alice, { remain_quota: 10, allow_ips: '1.1.1.1' })
    const response = await as(alice).put('/api/token/', {
      id: token.id,
      name: 'renamed',
      remain_quota: 20,
      unlimited_quota: true,
      expired_time: 4_102_444_800,
      model_limits: 'a,b',
      group: 'vip',
      status: 3,
      used_quota: 99,
      user_id: bob.id,
      key: 'sk-forged',
    })
    expect(response.json?.data).toMatchObject({
      name: 'renamed',
      remain_quota: 20,
      unlimited_quota: true,
      expired_time: 4_102_444_800,
      model_limits: 'a,b',
      allow_ips: '1.1.1.1',
      group: 'vip',
      status: 1,
      used_quota: 0,
      key: masked(token.key),
    })
    expect(await row(token.id)).toMatchObject({ user_id: alice.id, status: 1, used_quota: 0 })
    const bad = await as(alice).put('/api/token/', { id: token.id, group: 'svip' })
    expect(bad.json?.message).toBe('无权使用分组 svip')
  })

  it('switches status only with status_only, and refuses to enable expired or exhausted tokens', async () => {
    const token = await create(alice, { remain_quota: 100 })
    const setStatus = (id: number, status: unknown) => as(alice).put('/api/token/?status_only=true', { id, status })
    expect((await setStatus(token.id, 2)).json?.data).toMatchObject({ status: 2, name: 'key' })
    expect((await setStatus(token.id, 3)).json?.message).toBe('令牌只能被启用或禁用')
    expectRefused(await setStatus(token.id, 4), 'BAD_REQUEST')

    await h.services.db
      .updateTable('tokens')
      .set({ status: 3, expired_time: 1000 })
      .where('id', '=', token.id)
      .execute()
    const expired = await setStatus(token.id, 1)
    expectRefused(expired, 'BAD_REQUEST')
    expect(expired.json?.message).toBe('令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期')
    await as(alice).put('/api/token/', { id: token.id, expired_time: -1 })
    expect((await setStatus(token.id, 1)).json?.data.status).toBe(1)

    await h.services.db.updateTable('tokens').set({ status: 4, remain_quota: 0 }).where('id', '=', token.id).execute()
    expect((await setStatus(token.id, 1)).json?.message).toBe(
      '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度'
    )
    await as(alice).put('/api/token/', { id: token.id, unlimited_quota: true })
    expect((await setStatus(token.id, 1)).json?.data.status).toBe(1)
  })
})

describe('DELETE /api/token/:id and POST /api/token/batch', () => {
  it('soft-deletes own tokens, with or without a trailing slash', async () => {
    const a = await create(alice)
    const b = await create(alice)
    expect((await as(alice).delete(`/api/token/${a.id}`)).json?.success).toBe(true)
    expect((await as(alice).delete(`/api/token/${b.id}/`)).json?.success).toBe(true)
    expect((await row(a.id)).deleted_at).not.toBeNull()
    expectRefused(await as(alice).get(`/api/token/${a.id}`), 'NOT_FOUND')
    expect((await as(alice).get('/api/token/')).json?.data.total).toBe(0)
    expect(await findTokenByKey(h.services, a.key)).toBeUndefined()
    expectRefused(await as(alice).delete(`/api/token/${a.id}`), 'NOT_FOUND')
    expectRefused(await as(alice).delete('/api/token/abc'), 'NOT_FOUND')
  })

  it('deletes several own tokens at once and needs a selection', async () => {
    const mine = [(await create(alice)).id, (await create(alice)).id]
    const theirs = (await create(bob)).id
    const response = await as(alice).post('/api/token/batch', { ids: [...mine, theirs, 999999] })
    expect(response.json?.data).toBe(2)
    expect((await row(theirs)).deleted_at).toBeNull()
    for (const body of [{ ids: [] }, {}, { ids: null }]) {
      const empty = await as(alice).post('/api/token/batch', body)
      expectRefused(empty, 'BAD_REQUEST')
      expect(empty.json?.message).toBe('请至少选择一个令牌！')
    }
  })
})

describe('object-level authorisation', () => {
  it("never lets one user read, change or delete another user's token (404, nothing changed)", async () => {
    const token = await create(alice, { remain_quota: 42 })
    const before = await row(token.id)
    const attempts = [
      await as(bob).get(`/api/token/${token.id}`),
      await as(bob).put('/api/token/', { id: token.id, name: 'stolen', remain_quota: 1 }),
      await as(bob).put('/api/token/?status_only=true', { id: token.id, status: 2 }),
      await as(bob).delete(`/api/token/${token.id}`),
    ]
    for (const attempt of attempts) {
      expectRefused(attempt, 'NOT_FOUND')
      expect(attempt.text).not.toContain(token.key.slice(3))
    }
    expect((await as(bob).post('/api/token/batch', { ids: [token.id] })).json?.data).toBe(0)
    expect((await as(bob).get('/api/token/')).json?.data.items).toEqual([])
    expect(await row(token.id)).toEqual(before)
  })
})

describe('change announcements', () => {
  it('publishes the token hash on create, update, status change and delete', async () => {
    const changes: Change[] = []
    const stop = h.services.changes.subscribe((change) => changes.push(change))
    const token = await create(alice)
    const hash = (await row(token.id)).key
    await as(alice).put('/api/token/', { id: token.id, name: 'x' })
    await as(alice).put('/api/token/?status_only=true', { id: token.id, status: 2 })
    await as(alice).delete(`/api/token/${token.id}`)
    stop()
    expect(changes).toEqual(Array.from({ length: 4 }, () => ({ kind: 'token', hash })))
  })
})
