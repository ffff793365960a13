import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import { Role } from '@gateway/shared'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { expectRefused, harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import { startJsonUpstream, type JsonUpstream } from '../../../test/json-upstream.ts'
import { addChannel } from '../../../test/relay-fixtures.ts'
import { adapterFor } from '../../providers/registry.ts'

/** What an OpenAI channel serves, as the adapter registry declares it. */
const OPENAI_ENDPOINTS = [...(adapterFor(1)?.endpoints ?? [])]

const KEY = 'sk-ops-canary-key-91c2'

let mock: MockUpstream
let json: JsonUpstream
let h: Harness
let root: TestUser
let admin: TestUser
let user: TestUser
beforeAll(async () => {
  mock = await startMockUpstream({ models: ['gpt-4o', 'gpt-4o-mini', 'o3', 'text-embedding-3-small'] })
  json = await startJsonUpstream()
})
afterAll(async () => {
  await mock.stop()
  await json.stop()
})
beforeEach(() => {
  mock.reset()
})
harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
  admin = await h.createUser(Role.admin)
  user = await h.createUser(Role.user)
})

const get = (path: string, as: TestUser = admin) => h.request('GET', path, { as })
const post = (path: string, body: unknown, as: TestUser = root) => h.request('POST', path, { as, body })
const status = async (id: number) =>
  (await h.services.db.selectFrom('channels').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

async function waitForTests() {
  for (let i = 0; i < 300; i++) {
    const progress = (await get('/api/channel/test/progress')).json?.data
    if (!progress.running) return progress
    await new Promise((done) => setTimeout(done, 20))
  }
  throw new Error('test run did not finish')
}

describe('GET /api/channel/test/:id', () => {
  it('answers success and the time in seconds, and records the response time', async () => {
    const id = await addChannel(h, { baseUrl: `${mock.url}/_mock/latencyMs=40`, key: KEY, models: 'gpt-4o,o3' })
    const response = await get(`/api/channel/test/${id}?model=o3`)
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ success: true, message: '', data: { success: true } })
    const time = (response.json as { time?: number } | undefined)?.time
    expect(time).toBeGreaterThanOrEqual(0.04)
    expect(response.json?.data.time).toBe(time)
    expect(mock.requests[0]?.body).toMatchObject({ model: 'o3', max_completion_tokens: 10 })
    expect(mock.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`)
    const row = await h.services.db
      .selectFrom('channels')
      .select(['response_time', 'test_time'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.response_time).toBeGreaterThanOrEqual(40)
  })

  it('reports a failure, and auto-disables the channel only when the setting is on', async () => {
    const id = await addChannel(h, { baseUrl: `${mock.url}/_mock/status=401,errorMessage=bad%20key`, key: KEY })
    const failed = await get(`/api/channel/test/${id}`)
    expect(failed.status).toBe(200)
    // The mock is on loopback: what a private address answers is told by its status alone.
    expect(failed.json).toMatchObject({ success: false, message: 'upstream answered 401' })
    expect(failed.text).not.toContain(KEY)
    expect(await status(id)).toBe(1)
    await h.services.options.set('AutomaticDisableChannelEnabled', 'true')
    await get(`/api/channel/test/${id}`)
    expect(await status(id)).toBe(3)
  })

  it('answers a refused or unreachable address with a sentence in the caller language, never a message key', async () => {
    // The metadata address is refused by the outbound guard; nothing listens on port 1.
    for (const baseUrl of ['http://169.254.169.254', 'http://127.0.0.1:1']) {
      const id = await addChannel(h, { baseUrl, key: KEY, models: 'gpt-4o' })
      for (const [language, sentence] of [
        ['zh', '请求上游地址失败'],
        ['en', 'The upstream request failed'],
      ] as const) {
        const response = await h.request('GET', `/api/channel/test/${id}`, {
          as: admin,
          headers: { 'accept-language': language },
        })
        expect(response.status, `${baseUrl} ${language}`).toBe(200)
        expect(response.json, `${baseUrl} ${language}`).toMatchObject({
          success: false,
          message: sentence,
          data: { success: false, message: sentence },
        })
        expect(response.text).not.toContain('upstream.')
      }
    }
  })

  it('refuses drawing and music channels, and unknown ids', async () => {
    for (const type of [2, 5, 36]) {
      const id = await addChannel(h, { type, baseUrl: mock.url })
      const response = await get(`/api/channel/test/${id}`)
      expectRefused(response, 'BAD_REQUEST')
      expect(response.json?.message).toBe('该渠道类型不支持测试')
    }
    expect(mock.hits()).toBe(0)
    expect((await get('/api/channel/test/99999')).json?.message).toBe('渠道未找到，请刷新页面后重试。')
  })
})

describe('GET /api/channel/test (all)', () => {
  it('tests every channel that is not manually disabled in the background, once at a time', async () => {
    const slow = await addChannel(h, { baseUrl: `${mock.url}/_mock/latencyMs=150` })
    const broken = await addChannel(h, { baseUrl: `${mock.url}/_mock/status=500` })
    const manual = await addChannel(h, { baseUrl: mock.url })
    await addChannel(h, { type: 36, baseUrl: mock.url })
    await h.services.db.updateTable('channels').set({ status: 2 }).where('id', '=', manual).execute()
    await h.services.changes.publish({ kind: 'channels' })
    expect((await get('/api/channel/test/progress')).json?.data).toMatchObject({ running: false, done: 0, total: 0 })
    const started = await get('/api/channel/test')
    expect(started.json).toMatchObject({
      success: true,
      message: '已开始测试所有渠道，请稍后刷新查看结果',
      data: { running: true, total: 2 },
    })
    const again = await get('/api/channel/test')
    expectRefused(again, 'CONFLICT')
    expect(again.json?.message).toBe('测试已在运行中')
    expect(await waitForTests()).toMatchObject({ running: false, done: 2, total: 2, failed: 1 })
    const tested = await h.services.db
      .selectFrom('channels')
      .select(['id', 'test_time'])
      .where('test_time', '>', 0)
      .orderBy('id')
      .execute()
    expect(tested.map((r) => r.id)).toEqual([slow, broken])
    expect((await get('/api/channel/test')).json?.success).toBe(true)
    await waitForTests()
  })
})

describe('fetch_models', () => {
  it('lists the upstream models of a saved channel with its first key line', async () => {
    const id = await addChannel(h, { baseUrl: mock.url, key: `${KEY}\nother-key` })
    const response = await get(`/api/channel/fetch_models/${id}`)
    expect(response.json?.data).toEqual(['gpt-4o', 'gpt-4o-mini', 'o3', 'text-embedding-3-small'])
    expect(mock.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' })
    expect(mock.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`)
  })

  it('lists models for typed-in credentials (root only), Gemini through its OpenAI surface', async () => {
    const response = await post('/api/channel/fetch_models', { base_url: `${mock.url}/`, type: 1, key: ` ${KEY} \nk2` })
    expect(response.json?.data).toContain('o3')
    expect(mock.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`)
    json.routes.set('/v1beta/openai/models', [
      200,
      { object: 'list', data: [{ id: 'models/gemini-2.5-pro' }, { id: 'models/gemini-2.5-flash' }] },
    ])
    const gemini = await post('/api/channel/fetch_models', { base_url: json.url, type: 24, key: 'g-key' })
    expect(gemini.json?.data).toEqual(['gemini-2.5-pro', 'gemini-2.5-flash'])
    expect((await post('/api/channel/fetch_models', { base_url: mock.url, type: 1, key: KEY }, admin)).status).toBe(403)
  })

  it('answers 获取模型列表失败 with a sanitized reason', async () => {
    const failing = await post('/api/channel/fetch_models', {
      base_url: `${mock.url}/_mock/status=401,errorMessage=key%20${KEY}%20rejected`,
      type: 1,
      key: KEY,
    })
    expectRefused(failing, 'BAD_REQUEST')
    // The mock is on loopback: what a private address answers is told by its status alone.
    expect(failing.json?.message).toBe('获取模型列表失败：401: upstream answered 401')
    expect(failing.text).not.toContain(KEY)
    const english = await h.request('POST', '/api/channel/fetch_models', {
      as: root,
      body: { base_url: `${mock.url}/_mock/status=500`, type: 1, key: KEY },
      headers: { 'accept-language': 'en' },
    })
    expect(english.json?.message).toMatch(/^Failed to fetch the model list: 500: /)
    const blocked = await post('/api/channel/fetch_models', { base_url: 'http://169.254.169.254', type: 1, key: KEY })
    expect(blocked.json?.message).toBe('获取模型列表失败：the address is refused by the outbound policy')
    json.routes.set('/v1/models', [200, { nothing: true }])
    expect((await post('/api/channel/fetch_models', { base_url: json.url, type: 1, key: KEY })).json?.message).toBe(
      '获取模型列表失败：the answer carries no model list'
    )
    expect((await post('/api/channel/fetch_models', { base_url: mock.url, type: 1, key: ' ' })).json?.message).toBe(
      '请填写密钥'
    )
    expect((await post('/api/channel/fetch_models', { base_url: 'ftp://x', type: 1, key: KEY })).json?.message).toBe(
      'API 地址必须是以 http:// 或 https:// 开头的合法地址'
    )
    expect((await post('/api/channel/fetch_models', { base_url: '', type: 47, key: KEY })).json?.message).toBe(
      '获取模型列表失败：the channel has no base URL'
    )
  })
})

describe('GET /api/channel/test_upstream/:id', () => {
  it('lists models to add and to remove, respecting the model mapping, and the groups it served', async () => {
    const id = await addChannel(h, {
      baseUrl: mock.url,
      models: 'gpt-4o,legacy-model,alias',
      groups: 'default,vip',
      modelMapping: { alias: 'gpt-4o-mini' },
    })
    await h.services.logDb
      .insertInto('logs')
      .values([
        { created_at: 1000, type: 2, channel_id: id, group: 'vip', is_stream: false },
        { created_at: 3000, type: 2, channel_id: id, group: 'vip', is_stream: false },
        { created_at: 5000, type: 5, channel_id: id, group: 'default', is_stream: false },
      ])
      .execute()
    const response = await get(`/api/channel/test_upstream/${id}`)
    expect(response.json?.data).toEqual({
      upstream_models: ['gpt-4o', 'gpt-4o-mini', 'o3', 'text-embedding-3-small'],
      to_add: ['o3', 'text-embedding-3-small'],
      to_remove: ['legacy-model'],
      groups: [
        { group: 'default', first_seen: 0, last_seen: 0, client_types: OPENAI_ENDPOINTS },
        { group: 'vip', first_seen: 1000, last_seen: 3000, client_types: OPENAI_ENDPOINTS },
      ],
    })
  })
})

describe('model lists', () => {
  it('GET /api/channel/models: priced models and every model an enabled channel serves', async () => {
    await addChannel(h, { baseUrl: mock.url, models: 'my-house-model' })
    const models = (await get('/api/channel/models')).json?.data as { id: string; object: string; owned_by: string }[]
    expect(models.find((m) => m.id === 'my-house-model')).toMatchObject({ object: 'model', owned_by: 'custom' })
    expect(models.find((m) => m.id === 'gpt-4o')).toMatchObject({ object: 'model', owned_by: 'openai' })
    expect(new Set(models.map((m) => m.id)).size).toBe(models.length)
  })

  it('GET /api/models: known model names per channel type, for any signed-in user', async () => {
    const byType = (await get('/api/models', user)).json?.data as Record<string, string[]>
    expect(byType['1']).toContain('gpt-4o')
    expect(byType['14']?.some((m) => m.startsWith('claude'))).toBe(true)
    expect(byType['43']).toContain('deepseek-chat')
    expect((await h.request('GET', '/api/models')).status).toBe(401)
  })
})

describe('access', () => {
  it('refuses a normal user on every channel operation (403) without calling an upstream', async () => {
    const id = await addChannel(h, { baseUrl: mock.url })
    const paths = [
      'test/progress',
      'test',
      `test/${id}`,
      'update_balance/progress',
      'update_balance',
      `update_balance/${id}`,
      `fetch_models/${id}`,
      'models',
      `test_upstream/${id}`,
    ]
    for (const path of paths) expect((await get(`/api/channel/${path}`, user)).status, path).toBe(403)
    expect((await post('/api/channel/fetch_models', { base_url: mock.url, type: 1, key: KEY }, user)).status).toBe(403)
    expect(mock.hits()).toBe(0)
  })
})
