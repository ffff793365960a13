import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, settle } from '../../test/relay-fixtures.ts'

let mock: MockUpstream
let h: Harness | undefined

beforeAll(async () => {
  mock = await startMockUpstream()
})
afterAll(async () => {
  await mock.stop()
})
afterEach(async () => {
  await h?.close()
  h = undefined
})

async function relayOverBrokenThenHealthy(env: Record<string, string>) {
  h = await createHarness({ env })
  const root = await h.setupRoot()
  const user = await h.createUser(1, { quota: 1_000_000 })
  await h.request('PUT', '/api/option/', { as: root, body: { key: 'RetryTimes', value: '1' } })
  const broken = await addChannel(h, { name: 'broken', baseUrl: `${mock.url}/_mock/status=500`, priority: 10 })
  const healthy = await addChannel(h, { name: 'healthy', baseUrl: mock.url, priority: 0 })
  const { key, id: tokenId } = await addToken(h, user.id)
  const response = await h.request('POST', '/v1/chat/completions', {
    body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
    headers: { authorization: `Bearer ${key}` },
  })
  expect(response.status).toBe(200)
  await settle(h)
  const errors = await h.services.logDb.selectFrom('logs').selectAll().where('type', '=', 5).execute()
  return { errors, broken, healthy, user, tokenId, harness: h }
}

describe('ERROR_LOG_ENABLED', () => {
  it('records one error row (type 5) for the failed attempt, naming channel, status and model', async () => {
    const { errors, broken, healthy, user, tokenId, harness } = await relayOverBrokenThenHealthy({
      ERROR_LOG_ENABLED: 'true',
    })
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({
      user_id: user.id,
      username: user.username,
      channel_id: broken,
      token_id: tokenId,
      model_name: 'gpt-4o-mini',
      quota: 0,
    })
    expect(errors[0]?.content).not.toBe('')
    expect(JSON.parse(String(errors[0]?.other))).toMatchObject({
      status_code: 500,
      channel_id: broken,
      channel_name: 'broken',
      channel_type: 1,
    })
    // The success on the next channel is billed and logged as usual.
    expect((await consumeLogs(harness)).map((row) => row.channel_id)).toEqual([healthy])
  })

  it('keeps the key of a failure told in the gateway`s words, and none for an upstream`s own text', async () => {
    h = await createHarness({ env: { ERROR_LOG_ENABLED: 'true' } })
    const user = await h.createUser(1, { quota: 1_000_000 })
    await h.request('PUT', '/api/option/', { as: await h.setupRoot(), body: { key: 'RetryTimes', value: '2' } })
    // Nothing listens on port 1: the connection is refused, and the request moves on.
    const unreachable = await addChannel(h, { name: 'unreachable', baseUrl: 'http://127.0.0.1:1', priority: 10 })
    await addChannel(h, { name: 'healthy', baseUrl: mock.url, priority: 0 })
    const { key } = await addToken(h, user.id)
    const response = await h.request('POST', '/v1/chat/completions', {
      body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
      headers: { authorization: `Bearer ${key}` },
    })
    expect(response.status).toBe(200)
    await settle(h)
    const errors = await h.services.logDb.selectFrom('logs').selectAll().where('type', '=', 5).execute()
    expect(errors.map((row) => [row.channel_id, row.content])).toEqual([[unreachable, '请求上游地址失败']])
    expect(JSON.parse(String(errors[0]?.other))).toMatchObject({
      content_key: 'relay.upstream.failed',
      content_params: {},
    })

    const upstreamWords = await relayOverBrokenThenHealthy({ ERROR_LOG_ENABLED: 'true' })
    expect(JSON.parse(String(upstreamWords.errors[0]?.other)).content_key).toBeUndefined()
  })

  it('records none when off (the default)', async () => {
    const { errors, harness } = await relayOverBrokenThenHealthy({})
    expect(errors).toHaveLength(0)
    expect(await consumeLogs(harness)).toHaveLength(1)
  })
})
