import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness, type TestUser } from '../../test/harness.ts'
import { parsePrometheusText, samplesOf, type Sample } from '../../test/prometheus-text.ts'
import { addChannel, addToken, consumeLogs, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'

let upstream: ScriptedUpstream
let h: Harness
let root: TestUser
let user: TestUser

beforeAll(async () => {
  upstream = await startScriptedUpstream()
  // /broken/... answers 500; everything else answers like OpenAI, with usage 10/5 (JSON) or 12/7 (stream).
  upstream.answer = (path, body) => {
    if (path.startsWith('/broken/'))
      return { status: 500, json: { error: { message: 'upstream is down', type: 'server_error' } } }
    const model = String(body.model)
    if (body.stream === true) {
      const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`
      const usage = `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model, choices: [], usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 } })}\n\n`
      return {
        sse: chunk({ role: 'assistant', content: 'Hel' }) + chunk({ content: 'lo' }) + usage + 'data: [DONE]\n\n',
      }
    }
    return {
      json: {
        id: 'c1',
        object: 'chat.completion',
        created: 1,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: 'Hello' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      },
    }
  }
})
afterAll(async () => {
  await upstream.stop()
})
harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
  user = await h.createUser(1, { quota: 10_000_000 })
})

const setOption = async (key: string, value: string) =>
  expect((await h.request('PUT', '/api/option/', { as: root, body: { key, value } })).json?.success).toBe(true)
const chat = (key: string, model: string, stream = false) =>
  h.request('POST', '/v1/chat/completions', {
    body: { model, stream, messages: [{ role: 'user', content: 'hi' }] },
    headers: { authorization: `Bearer ${key}` },
  })

async function scrape(): Promise<Sample[]> {
  const response = await h.request('GET', '/metrics')
  expect(response.status).toBe(200)
  return parsePrometheusText(response.text)
}

const value = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .map((s) => s.value)

describe('/metrics after a known sequence of relayed requests', () => {
  it('counts each request once with its labels, and sums tokens, quota, retries and first tokens exactly', async () => {
    await setOption('MetricsAccess', 'public')
    await setOption('RetryTimes', '1')
    const broken = await addChannel(h, {
      name: 'broken',
      baseUrl: `${upstream.url}/broken`,
      models: 'gpt-4o,o1-mini',
      priority: 10,
    })
    const healthy = await addChannel(h, {
      name: 'healthy',
      baseUrl: upstream.url,
      models: 'gpt-4o-mini,gpt-4o',
      priority: 0,
    })
    const { key } = await addToken(h, user.id)

    expect((await chat(key, 'gpt-4o-mini')).status).toBe(200)
    expect((await chat(key, 'gpt-4o-mini')).status).toBe(200)
    const streamed = await chat(key, 'gpt-4o-mini', true)
    expect(streamed.status).toBe(200)
    expect(streamed.text).toContain('[DONE]')
    // Fails on the broken channel (priority 10), then served by the healthy one: one retry.
    expect((await chat(key, 'gpt-4o')).status).toBe(200)
    // Only the broken channel lists o1-mini: it fails, and there is no other channel to retry on.
    expect((await chat(key, 'o1-mini')).status).toBe(500)
    // Refused before any channel: a wrong key, and a model no channel lists.
    expect((await chat('sk-not-a-key', 'gpt-4o-mini')).status).toBe(401)
    expect((await chat(key, 'no-such-model')).status).toBe(404)
    await settle(h)

    const samples = await scrape()
    const ch = (id: number) => String(id)
    expect(samplesOf(samples, 'gateway_relay_requests_total')).toEqual(
      expect.arrayContaining([
        { endpoint: 'chat', model: 'gpt-4o-mini', channel: ch(healthy), status: '200', stream: 'false', value: 2 },
        { endpoint: 'chat', model: 'gpt-4o-mini', channel: ch(healthy), status: '200', stream: 'true', value: 1 },
        { endpoint: 'chat', model: 'gpt-4o', channel: ch(healthy), status: '200', stream: 'false', value: 1 },
        { endpoint: 'chat', model: 'o1-mini', channel: ch(broken), status: '500', stream: 'false', value: 1 },
      ])
    )
    expect(samplesOf(samples, 'gateway_relay_requests_total')).toHaveLength(4)
    // Every error answer, the refusals before a channel included.
    expect(samplesOf(samples, 'gateway_relay_error_answers_total')).toEqual(
      expect.arrayContaining([
        { endpoint: 'chat', status: '500', value: 1 },
        { endpoint: 'chat', status: '401', value: 1 },
        { endpoint: 'chat', status: '404', value: 1 },
      ])
    )
    expect(samplesOf(samples, 'gateway_relay_error_answers_total')).toHaveLength(3)

    // Tokens are what the upstream reported.
    expect(samplesOf(samples, 'gateway_relay_tokens_total')).toEqual(
      expect.arrayContaining([
        { model: 'gpt-4o-mini', direction: 'prompt', value: 10 + 10 + 12 },
        { model: 'gpt-4o-mini', direction: 'completion', value: 5 + 5 + 7 },
        { model: 'gpt-4o', direction: 'prompt', value: 10 },
        { model: 'gpt-4o', direction: 'completion', value: 5 },
      ])
    )
    expect(samplesOf(samples, 'gateway_relay_tokens_total')).toHaveLength(4)

    // Quota is what the settlements collected: the log rows' sum, per model.
    const logs = await consumeLogs(h)
    expect(logs).toHaveLength(4)
    const quotaOf = (model: string) =>
      logs.filter((log) => log.model_name === model).reduce((sum, log) => sum + Number(log.quota), 0)
    expect(quotaOf('gpt-4o-mini')).toBeGreaterThan(0)
    expect(samplesOf(samples, 'gateway_relay_quota_total')).toEqual(
      expect.arrayContaining([
        { model: 'gpt-4o-mini', value: quotaOf('gpt-4o-mini') },
        { model: 'gpt-4o', value: quotaOf('gpt-4o') },
      ])
    )
    expect(samplesOf(samples, 'gateway_relay_quota_total')).toHaveLength(2)

    expect(samplesOf(samples, 'gateway_relay_retries_total')).toEqual([{ reason: 'upstream_5xx', value: 1 }])
    expect(value(samples, 'gateway_relay_time_to_first_token_seconds_count', { endpoint: 'chat' })).toEqual([1])
    expect(value(samples, 'gateway_relay_duration_seconds_count', { endpoint: 'chat', stream: 'false' })).toEqual([4])
    expect(value(samples, 'gateway_relay_duration_seconds_count', { endpoint: 'chat', stream: 'true' })).toEqual([1])
    // The +Inf bucket holds every observation.
    expect(
      value(samples, 'gateway_relay_duration_seconds_bucket', { endpoint: 'chat', stream: 'false', le: '+Inf' })
    ).toEqual([4])
    expect(value(samples, 'gateway_upstream_duration_seconds_count', { channel: ch(healthy) })).toEqual([4])
    expect(value(samples, 'gateway_upstream_duration_seconds_count', { channel: ch(broken) })).toEqual([2])
    expect(value(samples, 'gateway_relay_active_streams', {})).toEqual([0])
    expect(value(samples, 'gateway_log_queue_depth', {})).toEqual([0])
    expect(samplesOf(samples, 'gateway_channel_auto_disabled_total')).toEqual([])
    // Node's defaults and the event-loop delay come with it.
    expect(value(samples, 'nodejs_eventloop_lag_p99_seconds', {})).toHaveLength(1)
    expect(value(samples, 'process_cpu_user_seconds_total', {})).toHaveLength(1)
    // No user or token label anywhere.
    expect(samples.filter((s) => 'user' in s.labels || 'token' in s.labels || 'user_id' in s.labels)).toEqual([])
  })

  it('counts a channel auto-disabled after a fatal upstream error', async () => {
    await setOption('MetricsAccess', 'public')
    await setOption('AutomaticDisableChannelEnabled', 'true')
    const broken = await addChannel(h, { name: 'revoked', baseUrl: `${upstream.url}/broken`, models: 'gpt-4o' })
    const { key } = await addToken(h, user.id)
    const previous = upstream.answer
    upstream.answer = () => ({
      status: 401,
      json: { error: { message: 'Incorrect API key provided', code: 'invalid_api_key' } },
    })
    try {
      expect((await chat(key, 'gpt-4o')).status).toBe(401)
    } finally {
      upstream.answer = previous
    }
    await expect
      .poll(async () => samplesOf(await scrape(), 'gateway_channel_auto_disabled_total'))
      .toEqual(expect.arrayContaining([{ channel: String(broken), scope: 'channel', value: 1 }]))
  })
})
