import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness, type TestUser } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, quotaOf, settle } from '../../test/relay-fixtures.ts'
import { shutdownGracefully } from '../shutdown.ts'

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
beforeEach(async () => {
  mock.reset()
  h = await createHarness()
  root = await h.setupRoot()
  user = await h.createUser(1, { quota: 1_000_000 })
})
afterEach(async () => {
  await h.close()
})

const setOption = (key: string, value: string) => h.request('PUT', '/api/option/', { as: root, body: { key, value } })
const chat = (key: string, body: Record<string, unknown> = {}) =>
  h.request('POST', '/v1/chat/completions', {
    body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], ...body },
    headers: { authorization: `Bearer ${key}` },
  })
const channelStatus = async (id: number) =>
  h.services.db.selectFrom('channels').select(['status', 'other_info']).where('id', '=', id).executeTakeFirstOrThrow()

describe('retries and channel health', () => {
  it('retries a failing channel on the next priority and bills only the success', async () => {
    await setOption('RetryTimes', '2')
    const failing = await addChannel(h, { name: 'broken', baseUrl: `${mock.url}/_mock/status=500`, priority: 10 })
    const healthy = await addChannel(h, { name: 'healthy', baseUrl: mock.url, priority: 0 })
    const { key } = await addToken(h, user.id)
    const response = await chat(key)
    expect(response.status).toBe(200)
    await settle(h)
    const logs = await consumeLogs(h)
    expect(logs).toHaveLength(1)
    expect(logs[0]?.channel_id).toBe(healthy)
    expect(JSON.parse(String(logs[0]?.other)).admin_info.use_channel).toEqual([failing, healthy])
    expect(await quotaOf(h, user.id)).toBe(1_000_000 - Number(logs[0]?.quota))
  })

  it('does not retry without RetryTimes, and refunds the reservation', async () => {
    await addChannel(h, { baseUrl: `${mock.url}/_mock/status=500`, priority: 10 })
    await addChannel(h, { baseUrl: mock.url, priority: 0 })
    const { key } = await addToken(h, user.id)
    const response = await chat(key, { max_tokens: 1000 })
    expect(response.status).toBe(500)
    expect(response.json).toHaveProperty('error.type', 'upstream_error')
    expect(JSON.stringify(response.json)).toContain('request id:')
    await settle(h)
    expect(await quotaOf(h, user.id)).toBe(1_000_000)
    expect(await consumeLogs(h)).toHaveLength(0)
  })

  it('does not retry 400 or 504 answers', async () => {
    await setOption('RetryTimes', '3')
    await addChannel(h, { baseUrl: `${mock.url}/_mock/status=400`, priority: 10 })
    await addChannel(h, { baseUrl: mock.url, priority: 0 })
    const { key } = await addToken(h, user.id)
    mock.reset()
    expect((await chat(key)).status).toBe(400)
    expect(mock.hits()).toBe(1)
  })

  it('disables a channel whose error matches, only when auto-disable is on and the channel allows it', async () => {
    await setOption('RetryTimes', '2')
    const broke = await addChannel(h, {
      name: 'no-credit',
      baseUrl: `${mock.url}/_mock/status=429,errorMessage=Your credit balance is too low`,
      priority: 10,
    })
    const spared = await addChannel(h, {
      name: 'no-autoban',
      baseUrl: `${mock.url}/_mock/status=401`,
      priority: 5,
      autoBan: false,
    })
    await addChannel(h, { baseUrl: mock.url, priority: 0 })
    const { key } = await addToken(h, user.id)

    expect((await chat(key)).status).toBe(200)
    await settle(h)
    expect((await channelStatus(broke)).status).toBe(1)

    await setOption('AutomaticDisableChannelEnabled', 'true')
    expect((await chat(key)).status).toBe(200)
    await settle(h)
    await expect.poll(async () => (await channelStatus(broke)).status).toBe(3)
    const info = JSON.parse((await channelStatus(broke)).other_info)
    expect(info.status_reason).toContain('credit balance is too low')
    expect(info.status_time).toBeGreaterThan(0)
    expect((await channelStatus(spared)).status).toBe(1)
    const abilities = await h.services.db
      .selectFrom('abilities')
      .select('enabled')
      .where('channel_id', '=', broke)
      .execute()
    expect(abilities.every((a) => !a.enabled)).toBe(true)
    // The disabled channel is no longer tried.
    mock.reset()
    expect((await chat(key)).status).toBe(200)
    expect(mock.requests.some((r) => r.rawPath.includes('credit'))).toBe(false)
  })

  it('applies the status-code mapping', async () => {
    await addChannel(h, { baseUrl: `${mock.url}/_mock/status=429`, statusCodeMapping: { '429': '503' } })
    const { key } = await addToken(h, user.id)
    expect((await chat(key)).status).toBe(503)
  })

  it('never calls a metadata address, even when a channel row points at one', async () => {
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'RetryTimes', value: '1' } })
    await addChannel(h, { baseUrl: 'http://169.254.169.254', priority: 10 })
    const healthy = await addChannel(h, { baseUrl: mock.url, priority: 0 })
    const { key } = await addToken(h, user.id)
    const response = await chat(key)
    // The blocked channel counts as failed before anything was sent; the next one answers.
    expect(response.status).toBe(200)
    await settle(h)
    expect((await consumeLogs(h))[0]?.channel_id).toBe(healthy)
  })

  it('never echoes the upstream key', async () => {
    await addChannel(h, {
      baseUrl: `${mock.url}/_mock/status=401,errorMessage=Incorrect API key provided: sk-upstream-canary-key`,
      key: 'sk-upstream-canary-key',
    })
    const { key } = await addToken(h, user.id)
    const response = await chat(key)
    expect(response.status).toBe(401)
    expect(response.text).not.toContain('canary')
  })
})

describe('streams that break', () => {
  it('ends a stream cut by the upstream with an SSE error event and bills what was produced', async () => {
    await addChannel(h, { baseUrl: `${mock.url}/_mock/resetAfterChunks=5,chunkDelayMs=5` })
    const { key } = await addToken(h, user.id)
    const response = await chat(key, { stream: true })
    expect(response.status).toBe(200)
    const events = response.text.split('\n\n').filter(Boolean)
    expect(events.at(-1)).toContain('"error"')
    expect(response.text).not.toContain('[DONE]')
    await settle(h)
    const [log] = await consumeLogs(h)
    expect(Number(log?.completion_tokens)).toBeGreaterThanOrEqual(4)
    expect(Number(log?.completion_tokens)).toBeLessThanOrEqual(6)
    expect(Number(log?.quota)).toBeGreaterThan(0)
    expect(log?.content).toContain('流中断')
  })

  it('ends a stream whose upstream goes silent after STREAMING_TIMEOUT, with an error event', async () => {
    const quiet = await createHarness({ env: { STREAMING_TIMEOUT: '1' } })
    try {
      await quiet.setupRoot()
      const someone = await quiet.createUser(1, { quota: 1_000_000 })
      await addChannel(quiet, { baseUrl: `${mock.url}/_mock/stallAfterHeadersMs=4000` })
      const { key } = await addToken(quiet, someone.id)
      const started = performance.now()
      const response = await quiet.request('POST', '/v1/chat/completions', {
        body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true },
        headers: { authorization: `Bearer ${key}` },
      })
      expect(performance.now() - started).toBeLessThan(3500)
      expect(response.text).toContain('upstream_timeout')
      await settle(quiet)
      expect(await quotaOf(quiet, someone.id)).toBeLessThanOrEqual(1_000_000)
    } finally {
      await quiet.close()
    }
  })

  it('passes a malformed chunk through without failing the stream', async () => {
    await addChannel(h, { baseUrl: `${mock.url}/_mock/malformedChunk=true` })
    const { key } = await addToken(h, user.id)
    const response = await chat(key, { stream: true })
    expect(response.text).toContain('{not json')
    expect(response.text).toContain('[DONE]')
    await settle(h)
    expect(await consumeLogs(h)).toHaveLength(1)
  })

  it('aborts the upstream when the client disconnects mid-stream and bills the produced tokens', async () => {
    await addChannel(h, { baseUrl: `${mock.url}/_mock/chunks=200,chunkDelayMs=20,omitUsage=true` })
    const { key } = await addToken(h, user.id)
    const server = await listen(h)
    try {
      const controller = new AbortController()
      const response = await fetch(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true }),
        signal: controller.signal,
      })
      const reader = (response.body as ReadableStream<Uint8Array>).getReader()
      let received = ''
      while ((received.match(/"content"/g) ?? []).length < 10) {
        const { value, done } = await reader.read()
        if (done) break
        received += Buffer.from(value).toString()
      }
      const abortedAt = performance.now()
      controller.abort()
      await mock.waitForClosedEarly(1, 2000)
      // The upstream socket closes within a second of the client leaving.
      expect(performance.now() - abortedAt).toBeLessThan(1000)
      await settle(h)
      const [log] = await consumeLogs(h)
      const produced = Number(log?.completion_tokens)
      expect(produced).toBeGreaterThanOrEqual(10)
      expect(produced).toBeLessThan(200)
      expect(Number(log?.quota)).toBeGreaterThan(0)
      expect(await quotaOf(h, user.id)).toBe(1_000_000 - Number(log?.quota))
    } finally {
      await server.close()
    }
  })
})

describe('shutdown', () => {
  const streamAll = async (url: string, key: string, count: number) =>
    Promise.all(
      Array.from({ length: count }, async () => {
        const response = await fetch(`${url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true }),
        })
        return response.text().catch(() => 'cut')
      })
    )

  it('lets streams in flight finish, then writes every log row', async () => {
    await addChannel(h, { baseUrl: `${mock.url}/_mock/chunkDelayMs=10` })
    const { key } = await addToken(h, user.id)
    const server = await listen(h)
    mock.reset()
    const streams = streamAll(server.url, key, 20)
    // Shut down once every request is in flight (a request still on its way meets a closed server, as in production).
    await expect.poll(() => mock.hits(), { timeout: 5000 }).toBe(20)
    const logDb = h.services.logDb
    // Keep the log database open for the check below; shutdown closes the relay's queues only.
    const closeServices = h.services.close
    h.services.close = () => h.services.relay.close()
    await shutdownGracefully(server.server, h.services, 10_000)
    h.services.close = closeServices
    const texts = await streams
    expect(texts.every((t) => t.includes('[DONE]'))).toBe(true)
    const rows = await logDb
      .selectFrom('logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 2)
      .executeTakeFirstOrThrow()
    expect(Number(rows.n)).toBe(20)
  })

  it('cuts streams that outlive the grace period, bills what they produced and still writes every row', async () => {
    await addChannel(h, { baseUrl: `${mock.url}/_mock/chunks=200,chunkDelayMs=20` })
    const { key } = await addToken(h, user.id)
    const server = await listen(h)
    mock.reset()
    const streams = streamAll(server.url, key, 10)
    await expect.poll(() => mock.hits(), { timeout: 5000 }).toBe(10)
    // Part of the scenario: let each stream produce a few of its 20 ms chunks, so the cut streams have something to bill.
    await new Promise((done) => setTimeout(done, 100))
    const logDb = h.services.logDb
    const closeServices = h.services.close
    h.services.close = () => h.services.relay.close()
    await shutdownGracefully(server.server, h.services, 100)
    h.services.close = closeServices
    await streams
    const logs = await logDb.selectFrom('logs').selectAll().where('type', '=', 2).execute()
    expect(logs).toHaveLength(10)
    expect(logs.every((log) => Number(log.completion_tokens) > 0 && Number(log.completion_tokens) < 200)).toBe(true)
    expect(await quotaOf(h, user.id)).toBe(1_000_000 - logs.reduce((sum, log) => sum + Number(log.quota), 0))
  })
})
