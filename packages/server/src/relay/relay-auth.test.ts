import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness, type TestUser } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, quotaOf, settle } from '../../test/relay-fixtures.ts'
import { nowSeconds } from '../lib/time.ts'

let mock: MockUpstream
let h: Harness
let root: TestUser
let user: TestUser

beforeAll(async () => {
  mock = await startMockUpstream()
})
afterAll(async () => {
  await mock.stop()
})
harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
  user = await h.createUser(1, { quota: 1_000_000 })
  await addChannel(h, { baseUrl: mock.url, models: 'gpt-4o-mini,gpt-4o', groups: 'default,vip' })
})

const chat = (key: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  h.request('POST', '/v1/chat/completions', {
    body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], ...body },
    headers: key ? { authorization: `Bearer ${key}`, ...headers } : headers,
  })
const errorCode = (response: Awaited<ReturnType<typeof chat>>) =>
  (response.json as unknown as { error: { code: string } }).error.code

describe('token checks', () => {
  it('refuses missing, unknown, disabled, expired and exhausted keys with 401', async () => {
    expect((await chat('')).status).toBe(401)
    expect((await chat('sk-' + 'x'.repeat(48))).status).toBe(401)
    const disabled = await addToken(h, user.id, { status: 2 })
    const expiredStatus = await addToken(h, user.id, { status: 3 })
    const expiredTime = await addToken(h, user.id, { expiredTime: nowSeconds() - 10 })
    const exhausted = await addToken(h, user.id, { status: 4 })
    for (const [token, code] of [
      [disabled, 'token_disabled'],
      [expiredStatus, 'token_expired'],
      [expiredTime, 'token_expired'],
      [exhausted, 'token_exhausted'],
    ] as const) {
      const response = await chat(token.key)
      expect(response.status).toBe(401)
      expect(errorCode(response)).toBe(code)
    }
  })

  it('reads the key from x-api-key and x-goog-api-key too, with the same decisions', async () => {
    const { key } = await addToken(h, user.id)
    expect((await chat('', {}, { 'x-api-key': key })).status).toBe(200)
    expect((await chat('', {}, { 'x-goog-api-key': key })).status).toBe(200)
    const disabled = await addToken(h, user.id, { status: 2 })
    expect((await chat('', {}, { 'x-api-key': disabled.key })).status).toBe(401)
  })

  it('refuses a token whose limited quota cannot pay, and an unlimited token of a user who cannot', async () => {
    const poor = await addToken(h, user.id, { unlimited: false, remainQuota: 1 })
    const limited = await chat(poor.key)
    expect(limited.status).toBe(403)
    expect(errorCode(limited)).toBe('pre_consume_token_quota_failed')
    const broke = await h.createUser(1, { quota: 0 })
    const { key } = await addToken(h, broke.id)
    const response = await chat(key)
    expect(response.status).toBe(403)
    expect(errorCode(response)).toBe('insufficient_user_quota')
  })

  it('enforces model limits', async () => {
    const { key } = await addToken(h, user.id, { modelLimits: 'gpt-4o' })
    expect((await chat(key, { model: 'gpt-4o' })).status).toBe(200)
    const refused = await chat(key)
    expect(refused.status).toBe(403)
    expect(errorCode(refused)).toBe('model_not_allowed')
    const models = await h.request('GET', '/v1/models', { headers: { authorization: `Bearer ${key}` } })
    expect((models.json as unknown as { data: { id: string }[] }).data.map((m) => m.id)).toEqual(['gpt-4o'])
  })

  it('enforces the IP allow list, CIDR included', async () => {
    const allowed = await addToken(h, user.id, { allowIps: '10.0.0.0/8\n127.0.0.1' })
    expect((await chat(allowed.key)).status).toBe(200)
    const elsewhere = await addToken(h, user.id, { allowIps: '203.0.113.0/24' })
    const refused = await chat(elsewhere.key)
    expect(refused.status).toBe(403)
    expect(errorCode(refused)).toBe('ip_not_allowed')
  })

  it('refuses a banned or cancelled owner at once', async () => {
    const { key } = await addToken(h, user.id)
    expect((await chat(key)).status).toBe(200)
    await h.services.db.updateTable('users').set({ status: 2 }).where('id', '=', user.id).execute()
    await h.services.changes.publish({ kind: 'user', id: user.id })
    expect((await chat(key)).status).toBe(403)
  })

  it('lets only admins pin a channel with the key suffix', async () => {
    const channelId = await addChannel(h, { baseUrl: mock.url, name: 'pinned' })
    const userToken = await addToken(h, user.id)
    const pinnedByUser = await chat(`${userToken.key}-${channelId}`)
    expect(pinnedByUser.status).toBe(403)
    expect(errorCode(pinnedByUser)).toBe('channel_pin_forbidden')
    const adminToken = await addToken(h, root.id)
    expect((await chat(`${adminToken.key}-${channelId}`)).status).toBe(200)
    await settle(h)
    const logs = await consumeLogs(h)
    expect(logs.at(-1)?.channel_id).toBe(channelId)
    expect((await chat(`${adminToken.key}-99999`)).status).toBe(400)
  })
})

describe('groups and pricing', () => {
  it('uses the token group, refuses groups the user may not use, and prices by the group ratio', async () => {
    await h.request('PUT', '/api/option/', {
      as: root,
      body: { key: 'GroupRatio', value: '{"default":1,"vip":2,"secret":1}' },
    })
    const vip = await addToken(h, user.id, { group: 'vip' })
    expect((await chat(vip.key, { max_tokens: 10 })).status).toBe(200)
    await settle(h)
    const [log] = await consumeLogs(h)
    expect(log?.group).toBe('vip')
    expect(JSON.parse(String(log?.other)).group_ratio).toBe(2)
    const secret = await addToken(h, user.id, { group: 'secret' })
    const refused = await chat(secret.key)
    expect(refused.status).toBe(403)
    expect(errorCode(refused)).toBe('group_forbidden')
  })

  it('resolves the auto group to the first AutoGroups group that serves the model', async () => {
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'AutoGroups', value: '["vip","default"]' } })
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'GroupRatio', value: '{"default":1,"vip":2}' } })
    await addChannel(h, { baseUrl: mock.url, models: 'default-only-model', groups: 'default' })
    await h.request('PUT', '/api/option/', {
      as: root,
      body: { key: 'ModelRatio', value: '{"gpt-4o-mini":0.075,"default-only-model":1}' },
    })
    const { key } = await addToken(h, user.id, { group: 'auto' })
    expect((await chat(key)).status).toBe(200)
    // Settle between the calls: log rows are written in the order settlements finish.
    await settle(h)
    expect((await chat(key, { model: 'default-only-model' })).status).toBe(200)
    await settle(h)
    const logs = await consumeLogs(h)
    expect(logs.map((l) => l.group)).toEqual(['vip', 'default'])
    const models = await h.request('GET', '/v1/models', { headers: { authorization: `Bearer ${key}` } })
    expect((models.json as unknown as { data: { id: string }[] }).data.map((m) => m.id)).toContain('default-only-model')
  })

  it('refuses an unpriced model unless self-use mode is on', async () => {
    await addChannel(h, { baseUrl: mock.url, models: 'brand-new-model' })
    const { key } = await addToken(h, user.id)
    const refused = await chat(key, { model: 'brand-new-model' })
    expect(refused.status).toBe(403)
    expect(errorCode(refused)).toBe('model_price_error')
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'SelfUseModeEnabled', value: 'true' } })
    expect((await chat(key, { model: 'brand-new-model' })).status).toBe(200)
  })

  it('charges a fixed per-call price', async () => {
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'ModelPrice', value: '{"gpt-4o":0.01}' } })
    const { key } = await addToken(h, user.id)
    expect((await chat(key, { model: 'gpt-4o' })).status).toBe(200)
    await settle(h)
    expect(await quotaOf(h, user.id)).toBe(1_000_000 - 5_000)
  })

  it('answers 404 model_not_found when no channel lists the model in the group', async () => {
    const { key } = await addToken(h, user.id)
    const response = await chat(key, { model: 'gpt-4.1' })
    expect(response.status).toBe(404)
    expect(response.json).toMatchObject({ error: { type: 'invalid_request_error', code: 'model_not_found' } })
  })

  it('validates the body loosely and answers 400 in the OpenAI shape', async () => {
    const { key } = await addToken(h, user.id)
    const noMessages = await h.request('POST', '/v1/chat/completions', {
      body: { model: 'gpt-4o-mini' },
      headers: { authorization: `Bearer ${key}` },
    })
    expect(noMessages.status).toBe(400)
    expect(noMessages.json).toHaveProperty('error.message')
    expect((await chat(key, { max_tokens: -1 })).status).toBe(400)
    const broken = await h.request('POST', '/v1/chat/completions', {
      body: '{"model":',
      headers: { authorization: `Bearer ${key}` },
    })
    expect(broken.status).toBe(400)
  })

  it('answers unknown relay paths with 404 and unimplemented ones with 501', async () => {
    expect((await h.request('GET', '/v1/nothing-here')).status).toBe(404)
    expect((await h.request('POST', '/v1/images/variations', { body: {} })).status).toBe(501)
  })
})

describe('playground', () => {
  it('chats with the session, in a usable group, paid by the user without a token', async () => {
    const response = await h.request('POST', '/pg/chat/completions', {
      as: user,
      body: { model: 'gpt-4o-mini', group: 'default', messages: [{ role: 'user', content: 'hi' }], stream: true },
    })
    expect(response.status).toBe(200)
    expect(response.text).toContain('[DONE]')
    await settle(h)
    const [log] = await consumeLogs(h)
    expect(log?.token_name).toBe('playground-default')
    expect(log?.token_id).toBe(0)
    expect(await quotaOf(h, user.id)).toBe(1_000_000 - Number(log?.quota))
  })

  it('refuses a group the user may not use, and calls without a session', async () => {
    await h.request('PUT', '/api/option/', {
      as: root,
      body: { key: 'GroupRatio', value: '{"default":1,"vip":1,"secret":1}' },
    })
    const refused = await h.request('POST', '/pg/chat/completions', {
      as: user,
      body: { model: 'gpt-4o-mini', group: 'secret', messages: [{ role: 'user', content: 'hi' }] },
    })
    expect(refused.status).toBe(403)
    const anonymous = await h.request('POST', '/pg/chat/completions', {
      body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
    })
    expect(anonymous.status).toBe(401)
  })
})
