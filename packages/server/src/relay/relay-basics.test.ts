import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness, type TestUser } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, quotaOf, settle, tokenRemainOf } from '../../test/relay-fixtures.ts'

let mock: MockUpstream
let h: Harness
let user: TestUser
let root: TestUser

beforeAll(async () => {
  mock = await startMockUpstream()
})
afterAll(async () => {
  await mock.stop()
})
beforeEach(() => {
  mock.reset()
})
harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
  user = await h.createUser(1, { quota: 1_000_000 })
})

const chat = (key: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  h.request('POST', '/v1/chat/completions', {
    body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello' }], ...body },
    headers: { authorization: `Bearer ${key}`, ...headers },
  })

describe('dashboard rollups', () => {
  it('adds each request to its hour in quota_data', async () => {
    await addChannel(h, { baseUrl: mock.url })
    const { key } = await addToken(h, user.id)
    for (let i = 0; i < 3; i++) expect((await chat(key)).status).toBe(200)
    await settle(h)
    const rows = await h.services.db.selectFrom('quota_data').selectAll().execute()
    expect(rows).toHaveLength(1)
    const logs = await consumeLogs(h)
    expect(rows[0]).toMatchObject({ user_id: user.id, username: user.username, model_name: 'gpt-4o-mini', count: 3 })
    expect(Number(rows[0]?.quota)).toBe(logs.reduce((sum, log) => sum + Number(log.quota), 0))
    expect(Number(rows[0]?.created_at) % 3600).toBe(0)
    // A second request adds to the same hour instead of inserting another row.
    await chat(key)
    await settle(h)
    const after = await h.services.db.selectFrom('quota_data').selectAll().execute()
    expect(after).toHaveLength(1)
    expect(after[0]?.count).toBe(4)
  })
})

describe('POST /v1/chat/completions', () => {
  it('relays to the channel, bills exactly and logs the request', async () => {
    await addChannel(h, { baseUrl: mock.url })
    const { key, id: tokenId } = await addToken(h, user.id, { unlimited: false, remainQuota: 500_000 })
    const response = await chat(key, { max_tokens: 50 })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ object: 'chat.completion', model: 'gpt-4o-mini' })
    const usage = (response.json as unknown as { usage: { prompt_tokens: number; completion_tokens: number } }).usage
    await settle(h)
    // gpt-4o-mini: ratio 0.075, completion x4, group 1
    const expected = Math.round((usage.prompt_tokens + usage.completion_tokens * 4) * 0.075) || 1
    expect(await quotaOf(h, user.id)).toBe(1_000_000 - expected)
    expect(await tokenRemainOf(h, tokenId)).toBe(500_000 - expected)
    const [log] = await consumeLogs(h)
    expect(log).toMatchObject({
      user_id: user.id,
      username: user.username,
      token_name: 'test-token',
      model_name: 'gpt-4o-mini',
      quota: expected,
      prompt_tokens: usage.prompt_tokens,
      completion_tokens: usage.completion_tokens,
      group: 'default',
      token_id: tokenId,
    })
    const other = JSON.parse(String(log?.other))
    expect(other).toMatchObject({
      model_ratio: 0.075,
      completion_ratio: 4,
      group_ratio: 1,
      admin_info: { use_channel: [expect.any(Number)] },
    })
    // The upstream got the channel's key, never the client's.
    const upstreamCall = mock.requests.at(-1)
    expect(upstreamCall?.headers.authorization).toBe('Bearer sk-upstream-canary-key')
    expect(JSON.stringify(upstreamCall?.headers)).not.toContain(key.slice(3))
  })

  it('maps the model for the upstream and answers with the requested name', async () => {
    await addChannel(h, { baseUrl: mock.url, models: 'my-alias', modelMapping: { 'my-alias': 'gpt-4o-mini' } })
    await h.request('PUT', '/api/option/', {
      as: root,
      body: { key: 'ModelRatio', value: JSON.stringify({ 'my-alias': 1 }) },
    })
    const { key } = await addToken(h, user.id)
    const response = await chat(key, { model: 'my-alias' })
    expect((response.json as unknown as { model: string }).model).toBe('my-alias')
    expect((mock.requests.at(-1)?.body as { model: string } | undefined)?.model).toBe('gpt-4o-mini')
    await settle(h)
    const other = JSON.parse(String((await consumeLogs(h))[0]?.other))
    expect(other).toMatchObject({ is_model_mapped: true, upstream_model_name: 'gpt-4o-mini' })
  })
})
