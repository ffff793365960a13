import { LOG_COUNT_CAP, LogType, Role } from '@gateway/shared'
import { describe, expect, it } from 'vitest'
import { expectRefused, harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import { insertReturningId } from '../../db/insert-id.ts'
import type { LogRow } from '../../services/logs/log-writer.ts'

let h: Harness
let admin: TestUser
let alice: TestUser
let bob: TestUser
let channelId: number
const now = Math.floor(Date.now() / 1000)

harnessPerTest(async (made) => {
  h = made
  await h.setupRoot()
  admin = await h.createUser(Role.admin)
  alice = await h.createUser()
  bob = await h.createUser()
  channelId = await insertReturningId(
    h.services.db
      .insertInto('channels')
      .values({ name: 'primary', type: 1, key: 'k', models: 'gpt-4o', group: 'default', created_time: now }),
    h.services.dialect
  )
})

const log = (user: TestUser, fields: Partial<LogRow> = {}): LogRow => ({
  user_id: user.id,
  username: user.username,
  created_at: now,
  type: LogType.consume,
  token_name: 'main',
  model_name: 'gpt-4o',
  quota: 100,
  prompt_tokens: 10,
  completion_tokens: 5,
  channel_id: channelId,
  group: 'default',
  other: JSON.stringify({ model_ratio: 2.5, group_ratio: 1, frt: 800, admin_info: { use_channel: [channelId, 9] } }),
  ...fields,
})
const insert = (rows: LogRow[]) => h.services.logDb.insertInto('logs').values(rows).execute()
const get = async (user: TestUser, path: string) => {
  const response = await h.request('GET', path, { as: user })
  expect(response.json?.success, response.text).toBe(true)
  return response.json?.data
}
const models = async (user: TestUser, path: string) =>
  ((await get(user, path)).items as { model_name: string }[]).map((l) => l.model_name).sort()

describe('GET /api/log/ and /api/log/self', () => {
  it('shows a user only their own rows, without admin_info or channel names, with real ids', async () => {
    await insert([
      log(alice, { model_name: 'a-model' }),
      log(bob, { model_name: 'b-model' }),
      log(alice, { model_name: 'a2' }),
    ])
    const own = await get(alice, '/api/log/self?p=1&page_size=10')
    expect(own).toMatchObject({ total: 2, page: 1, page_size: 10, total_capped: false })
    for (const item of own.items) {
      expect(item.user_id).toBe(alice.id)
      expect(item.channel_name).toBe('')
      expect(item.channel).toBe(0)
      expect(item.other).not.toContain('admin_info')
      expect(JSON.parse(item.other)).toMatchObject({ model_ratio: 2.5, frt: 800 })
    }
    const stored = await h.services.logDb
      .selectFrom('logs')
      .select('id')
      .where('user_id', '=', alice.id)
      .orderBy('id', 'desc')
      .execute()
    expect(own.items.map((l: { id: number }) => l.id)).toEqual(stored.map((r) => Number(r.id)))
    // A user cannot widen the view through admin filters.
    expect(await models(alice, `/api/log/self?username=${bob.username}`)).toEqual(['a-model', 'a2'])
    expect((await h.request('GET', '/api/log/', { as: alice })).status).toBe(403)
    expect((await h.request('GET', '/api/log/stat', { as: alice })).status).toBe(403)
    expect((await h.request('DELETE', '/api/log/?target_timestamp=1', { as: alice })).status).toBe(403)
  })

  it('gives admins every row, the channel name and admin_info', async () => {
    await insert([log(alice), log(bob, { channel_id: 0 })])
    const all = await get(admin, '/api/log/')
    expect(all.total).toBe(2)
    const [bobs, alices] = all.items
    expect(alices).toMatchObject({
      username: alice.username,
      channel: channelId,
      channel_name: 'primary',
      quota: 100,
      is_stream: false,
    })
    expect(bobs).toMatchObject({ username: bob.username, channel: 0, channel_name: '' })
    expect(JSON.parse(alices.other).admin_info).toEqual({ use_channel: [channelId, 9] })
  })

  it('filters by type, username, token, model, time, channel and group', async () => {
    await insert([
      log(alice, { model_name: 'gpt-4o', created_at: now - 100 }),
      log(alice, { model_name: 'claude-3', token_name: 'ci', created_at: now - 50, group: 'vip' }),
      log(alice, { model_name: 'top-up', type: LogType.topUp, channel_id: 0 }),
      log(bob, { model_name: 'gemini', channel_id: 77 }),
    ])
    expect(await models(admin, '/api/log/?type=1')).toEqual(['top-up'])
    expect(await models(admin, '/api/log/?type=0')).toHaveLength(4)
    expect(await models(admin, `/api/log/?username=${bob.username}`)).toEqual(['gemini'])
    expect(await models(admin, '/api/log/?token_name=ci')).toEqual(['claude-3'])
    expect(await models(admin, '/api/log/?model_name=CLAUDE')).toEqual(['claude-3'])
    expect(await models(admin, `/api/log/?start_timestamp=${now - 60}&end_timestamp=${now - 40}`)).toEqual(['claude-3'])
    expect(await models(admin, '/api/log/?channel=77')).toEqual(['gemini'])
    expect(await models(admin, '/api/log/?group=vip')).toEqual(['claude-3'])
    expect(await models(alice, '/api/log/self?channel=77')).toEqual(['claude-3', 'gpt-4o', 'top-up'])
  })

  it('matches model names literally (LIKE wildcards escaped)', async () => {
    const names = ['a%b', 'axb', 'a_c', 'abc', 'back\\slash', 'bang!x']
    await insert(names.map((model_name) => log(alice, { model_name })))
    expect(await models(alice, '/api/log/self?model_name=%25')).toEqual(['a%b'])
    expect(await models(alice, '/api/log/self?model_name=_')).toEqual(['a_c'])
    expect(await models(alice, '/api/log/self?model_name=%5C')).toEqual(['back\\slash'])
    expect(await models(alice, '/api/log/self?model_name=!')).toEqual(['bang!x'])
  })

  it('clamps page_size to 100, pages by id desc, and caps the count', async () => {
    await insert(Array.from({ length: 130 }, (_, i) => log(alice, { model_name: `m${i}` })))
    const first = await get(alice, '/api/log/self?p=1&page_size=1000')
    expect(first).toMatchObject({ total: 130, page_size: 100, total_capped: false })
    expect(first.items).toHaveLength(100)
    const second = await get(alice, '/api/log/self?p=2&page_size=100')
    expect(second.items).toHaveLength(30)
    expect(second.items[29].model_name).toBe('m0')
    // Past the last page: the last page.
    expect((await get(alice, '/api/log/self?p=99&page_size=100')).page).toBe(2)
    const rows = Array.from({ length: LOG_COUNT_CAP + 50 }, (_, i) => log(bob, { model_name: `b${i}` }))
    for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500))
    const capped = await get(bob, '/api/log/self?p=1000000&page_size=10')
    expect(capped).toMatchObject({ total: LOG_COUNT_CAP, total_capped: true, page: LOG_COUNT_CAP / 10 })
  }, 60_000)
})

describe('GET /api/log/stat and /self/stat', () => {
  it('sums consume quota over the filters, and counts the last minute for rpm and tpm', async () => {
    await insert([
      log(alice, { quota: 100, created_at: now - 10 }),
      log(alice, { quota: 40, created_at: now - 3600, prompt_tokens: 1000 }),
      log(alice, { quota: 999, type: LogType.topUp }),
      log(bob, { quota: 7, created_at: now - 5, prompt_tokens: 1, completion_tokens: 1 }),
    ])
    expect(await get(alice, '/api/log/self/stat')).toEqual({ quota: 140, rpm: 1, tpm: 15 })
    expect(await get(alice, `/api/log/self/stat?start_timestamp=${now - 60}`)).toEqual({ quota: 100, rpm: 1, tpm: 15 })
    expect(await get(admin, '/api/log/stat')).toEqual({ quota: 147, rpm: 2, tpm: 17 })
    expect(await get(admin, `/api/log/stat?username=${bob.username}`)).toEqual({ quota: 7, rpm: 1, tpm: 2 })
    expect(await get(admin, '/api/log/stat?model_name=nothing')).toEqual({ quota: 0, rpm: 0, tpm: 0 })
  })
})

describe('DELETE /api/log/', () => {
  it('deletes rows older than the timestamp, in batches, and refuses a missing one', async () => {
    const old = Array.from({ length: 5003 }, () => log(alice, { created_at: now - 86_400 }))
    for (let i = 0; i < old.length; i += 500) await insert(old.slice(i, i + 500))
    await insert([log(alice), log(bob)])
    const missing = await h.request('DELETE', '/api/log/', { as: admin })
    expectRefused(missing, 'BAD_REQUEST')
    expect(missing.json?.message).toBe('请选择日志记录时间')
    const response = await h.request('DELETE', `/api/log/?target_timestamp=${now - 60}`, { as: admin })
    expect(response.json).toMatchObject({ success: true, data: 5003 })
    expect((await get(admin, '/api/log/')).total).toBe(2)
  }, 60_000)
})
