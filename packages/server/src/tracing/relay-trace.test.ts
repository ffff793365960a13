import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SpanKind, SpanStatusCode } from '@opentelemetry/api'
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness, type TestUser } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'
import { readEnv } from '../env.ts'
import { startTracing, stopTracing } from './setup-tracing.ts'
import { tracingSettingsOf } from './tracing-settings.ts'

// Stopping the SDK shuts its processors and exporters down: each start gets new ones.
let exporter = new InMemorySpanExporter()
// The product's settings, as an operator would set them; only the exporter is the test's.
const settings = tracingSettingsOf(readEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' }))
let processor: SimpleSpanProcessor | undefined
const startInMemory = () => {
  if (!settings) throw new Error('tracing settings expected')
  exporter = new InMemorySpanExporter()
  processor = new SimpleSpanProcessor(exporter)
  return startTracing(settings, { version: 'test', spanProcessors: [processor] })
}
/** The processor hands ended spans to the exporter asynchronously; wait for every one. */
const exported = async () => {
  await processor?.forceFlush()
  return exporter.getFinishedSpans()
}

const completion = (usage: { prompt_tokens: number; completion_tokens: number }) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Hello' }, finish_reason: 'stop' }],
  usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
})

let upstream: ScriptedUpstream
let h: Harness
let user: TestUser
let root: TestUser
let key: string

beforeAll(async () => {
  upstream = await startScriptedUpstream()
})
afterAll(async () => {
  await upstream.stop()
})
beforeEach(async () => {
  upstream.seen = []
  upstream.answer = () => ({ json: completion({ prompt_tokens: 11, completion_tokens: 7 }) })
  h = await createHarness()
  root = await h.setupRoot()
  user = await h.createUser(1, { quota: 1_000_000 })
  key = (await addToken(h, user.id)).key
})
afterEach(async () => {
  await stopTracing()
  await h.close()
})

const chat = (body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  h.request('POST', '/v1/chat/completions', {
    body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello' }], ...body },
    headers: { authorization: `Bearer ${key}`, ...headers },
  })

const spanNamed = (name: string): ReadableSpan => {
  const found = exporter.getFinishedSpans().filter((span) => span.name === name)
  expect(found).toHaveLength(1)
  return found[0] as ReadableSpan
}
const childrenOf = (parent: ReadableSpan) =>
  exporter.getFinishedSpans().filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId)

describe('traces off (the default)', () => {
  it('makes no spans and sends no traceparent upstream', async () => {
    expect(tracingSettingsOf(readEnv({}))).toBeUndefined()
    await addChannel(h, { baseUrl: upstream.url })
    expect((await chat()).status).toBe(200)
    await settle(h)
    await exported()
    expect(upstream.seen).toHaveLength(1)
    expect(upstream.seen[0]?.headers.traceparent).toBeUndefined()
    expect(exporter.getFinishedSpans()).toEqual([])
  })

  it('is off again once stopped', async () => {
    await addChannel(h, { baseUrl: upstream.url })
    await startInMemory()
    expect((await chat()).status).toBe(200)
    await settle(h)
    await exported()
    expect(upstream.seen[0]?.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/)
    await stopTracing()
    expect((await chat()).status).toBe(200)
    await settle(h)
    await exported()
    expect(upstream.seen).toHaveLength(2)
    expect(upstream.seen[1]?.headers.traceparent).toBeUndefined()
  })
})

describe('traces on', () => {
  beforeEach(async () => {
    await startInMemory()
  })

  it('makes the relay span with its upstream and settle children, exact tokens and the quota charged', async () => {
    const channelId = await addChannel(h, {
      baseUrl: upstream.url,
      modelMapping: { 'gpt-4o-mini': 'gpt-4o-mini-2024-07-18' },
    })
    const response = await chat()
    expect(response.status).toBe(200)
    await settle(h)
    await exported()
    const [log] = await consumeLogs(h)
    // gpt-4o-mini: ratio 0.075, completion x4: (11 + 7 * 4) * 0.075 = 2.925
    expect(log?.quota).toBe(3)

    const relay = spanNamed('relay chat')
    expect(relay.kind).toBe(SpanKind.SERVER)
    expect(relay.parentSpanContext).toBeUndefined()
    expect(relay.attributes).toEqual({
      'gateway.endpoint': 'chat',
      'gateway.request_id': log?.request_id,
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'gpt-4o-mini',
      'gen_ai.request.stream': false,
      'gen_ai.usage.input_tokens': 11,
      'gen_ai.usage.output_tokens': 7,
      'http.response.status_code': 200,
      'gateway.attempts': 1,
      'gateway.channel.id': channelId,
      'gateway.channel.type': 'openai',
      'gateway.upstream.model': 'gpt-4o-mini-2024-07-18',
      'gateway.quota': 3,
    })
    expect(relay.status.code).toBe(SpanStatusCode.UNSET)

    const children = childrenOf(relay)
    expect(children.map((span) => span.name).sort()).toEqual(['settle', 'upstream openai'])
    const call = spanNamed('upstream openai')
    expect(call.kind).toBe(SpanKind.CLIENT)
    expect(call.attributes).toEqual({
      'gateway.channel.id': channelId,
      'gateway.channel.type': 'openai',
      'gen_ai.request.model': 'gpt-4o-mini-2024-07-18',
      'http.request.method': 'POST',
      'server.address': '127.0.0.1',
      'http.response.status_code': 200,
    })
    expect(spanNamed('settle').attributes).toEqual({ 'gateway.quota': 3 })
    expect(new Set(exporter.getFinishedSpans().map((span) => span.resource.attributes['service.name']))).toEqual(
      new Set(['gateway'])
    )

    // The upstream was told the upstream span as its parent, in the relay span's trace.
    const traceparent = upstream.seen[0]?.headers.traceparent
    expect(traceparent).toBe(`00-${relay.spanContext().traceId}-${call.spanContext().spanId}-01`)
  })

  it('records one upstream child per channel tried when the first fails over to the second', async () => {
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'RetryTimes', value: '1' } })
    upstream.answer = (path) =>
      path.startsWith('/failing/')
        ? { status: 503, json: { error: { message: 'overloaded', type: 'server_error' } } }
        : { json: completion({ prompt_tokens: 11, completion_tokens: 7 }) }
    const failing = await addChannel(h, { name: 'failing', baseUrl: `${upstream.url}/failing`, priority: 10 })
    const serving = await addChannel(h, { name: 'serving', baseUrl: upstream.url, priority: 0 })
    expect((await chat()).status).toBe(200)
    await settle(h)
    await exported()

    const relay = spanNamed('relay chat')
    expect(relay.attributes).toMatchObject({
      'gateway.attempts': 2,
      'gateway.channel.id': serving,
      'gen_ai.usage.input_tokens': 11,
      'gen_ai.usage.output_tokens': 7,
    })
    const calls = childrenOf(relay)
      .filter((span) => span.kind === SpanKind.CLIENT)
      .sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1])
    expect(calls.map((span) => span.attributes['gateway.channel.id'])).toEqual([failing, serving])
    const [first, second] = calls as [ReadableSpan, ReadableSpan]
    expect(first.attributes).toMatchObject({
      'http.response.status_code': 503,
      'error.type': expect.any(String),
      'gateway.retry.reason': first.attributes['error.type'],
    })
    expect(first.status.code).toBe(SpanStatusCode.ERROR)
    expect(second.attributes['http.response.status_code']).toBe(200)
    expect(second.status.code).toBe(SpanStatusCode.UNSET)
    // Each attempt carried its own span as the parent.
    expect(upstream.seen.map((seen) => seen.headers.traceparent)).toEqual(
      calls.map((span) => `00-${relay.spanContext().traceId}-${span.spanContext().spanId}-01`)
    )
  })

  it('continues the trace named by an incoming traceparent (tracestate kept)', async () => {
    await addChannel(h, { baseUrl: upstream.url })
    const traceId = '0af7651916cd43dd8448eb211c80319c'
    const parentId = 'b7ad6b7169203331'
    expect((await chat({}, { traceparent: `00-${traceId}-${parentId}-01`, tracestate: 'vendor=abc' })).status).toBe(200)
    await settle(h)
    await exported()
    const relay = spanNamed('relay chat')
    expect(relay.spanContext().traceId).toBe(traceId)
    expect(relay.parentSpanContext?.spanId).toBe(parentId)
    expect(relay.parentSpanContext?.isRemote).toBe(true)
    const call = spanNamed('upstream openai')
    expect(upstream.seen[0]?.headers.traceparent).toBe(`00-${traceId}-${call.spanContext().spanId}-01`)
    expect(upstream.seen[0]?.headers.tracestate).toBe('vendor=abc')
  })

  it('continues a trace on the node fast path too (a real socket)', async () => {
    await addChannel(h, { baseUrl: upstream.url })
    const server = await listen(h)
    try {
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736'
      const response = await fetch(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
        },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello' }] }),
      })
      expect(response.status).toBe(200)
      await response.text()
      await settle(h)
      await exported()
      const relay = spanNamed('relay chat')
      expect(relay.parentSpanContext?.spanId).toBe('00f067aa0ba902b7')
      expect(relay.attributes).toMatchObject({ 'gen_ai.usage.input_tokens': 11, 'gen_ai.usage.output_tokens': 7 })
      expect(upstream.seen[0]?.headers.traceparent).toBe(
        `00-${traceId}-${spanNamed('upstream openai').spanContext().spanId}-01`
      )
    } finally {
      await server.close()
    }
  })

  it("follows a caller's decision not to sample: no spans, the context still goes upstream unsampled", async () => {
    await addChannel(h, { baseUrl: upstream.url })
    const traceId = '0af7651916cd43dd8448eb211c80319c'
    expect((await chat({}, { traceparent: `00-${traceId}-b7ad6b7169203331-00` })).status).toBe(200)
    await settle(h)
    expect(await exported()).toEqual([])
    expect(upstream.seen[0]?.headers.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-00$`))
  })

  it('ends a failed request with an error status and no settle span', async () => {
    upstream.answer = () => ({
      status: 400,
      json: { error: { message: 'bad request', type: 'invalid_request_error', code: 'bad' } },
    })
    await addChannel(h, { baseUrl: upstream.url })
    expect((await chat()).status).toBe(400)
    await settle(h)
    await exported()
    const relay = spanNamed('relay chat')
    expect(relay.status.code).toBe(SpanStatusCode.ERROR)
    expect(relay.attributes).toMatchObject({ 'http.response.status_code': 400, 'gateway.attempts': 1 })
    expect(relay.attributes['gen_ai.usage.input_tokens']).toBeUndefined()
    expect(childrenOf(relay).map((span) => span.name)).toEqual(['upstream openai'])
  })
})

/** An SSE upstream that sends its first chunk, then waits for the test before the rest. */
async function startHeldStream() {
  const frame = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`
  const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
    id: 'c1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'gpt-4o-mini',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const seen: IncomingHttpHeaders[] = []
  const server = createServer((request, response) => {
    seen.push(request.headers)
    request.resume()
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write(frame(chunk({ role: 'assistant', content: 'Hel' }, null)))
      void released.then(() => {
        response.write(frame(chunk({ content: 'lo' }, 'stop')))
        response.write(
          frame({
            id: 'c1',
            object: 'chat.completion.chunk',
            created: 1,
            model: 'gpt-4o-mini',
            choices: [],
            usage: { prompt_tokens: 13, completion_tokens: 5, total_tokens: 18 },
          })
        )
        response.end('data: [DONE]\n\n')
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    release,
    stop: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

describe('a streamed request', () => {
  it('ends its relay span after the stream, with the tokens of its usage chunk', async () => {
    await startInMemory()
    const held = await startHeldStream()
    try {
      await addChannel(h, { baseUrl: held.url })
      const response = await h.app.request('/v1/chat/completions', {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'gpt-4o-mini',
          stream: true,
          messages: [{ role: 'user', content: 'Say hello' }],
        }),
      })
      expect(response.status).toBe(200)
      const reader = (response.body as ReadableStream<Uint8Array>).getReader()
      const first = await reader.read()
      expect(new TextDecoder().decode(first.value)).toContain('Hel')
      // The answer has begun but the stream is still open: no span of this request has ended.
      expect(await exported()).toEqual([])
      const releasedAt = Date.now()
      held.release()
      let text = ''
      for (let next = await reader.read(); !next.done; next = await reader.read())
        text += new TextDecoder().decode(next.value)
      expect(text).toContain('[DONE]')
      await settle(h)
      await exported()
      const relay = spanNamed('relay chat')
      expect(relay.attributes).toMatchObject({
        'gen_ai.request.stream': true,
        'gen_ai.usage.input_tokens': 13,
        'gen_ai.usage.output_tokens': 5,
      })
      const call = spanNamed('upstream openai')
      expect(
        childrenOf(relay)
          .map((span) => span.name)
          .sort()
      ).toEqual(['settle', 'upstream openai'])
      // The upstream call lasts as long as its stream (each span's clock may differ by a fraction of a ms).
      const ms = (time: [number, number]) => time[0] * 1000 + time[1] / 1e6
      expect(ms(call.endTime)).toBeGreaterThanOrEqual(releasedAt - 1)
      expect(ms(relay.endTime)).toBeGreaterThanOrEqual(releasedAt - 1)
      expect(held.seen[0]?.traceparent).toBe(`00-${relay.spanContext().traceId}-${call.spanContext().spanId}-01`)
    } finally {
      await held.stop()
    }
  })

  it('ends the span of a stream the client left, marked partial, once its settlement is written', async () => {
    await startInMemory()
    const held = await startHeldStream()
    try {
      await addChannel(h, { baseUrl: held.url })
      const response = await h.app.request('/v1/chat/completions', {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'gpt-4o-mini',
          stream: true,
          messages: [{ role: 'user', content: 'Say hello' }],
        }),
      })
      const reader = (response.body as ReadableStream<Uint8Array>).getReader()
      await reader.read()
      await reader.cancel()
      await settle(h)
      await exported()
      const relay = spanNamed('relay chat')
      expect(relay.attributes).toMatchObject({
        'gen_ai.request.stream': true,
        'gateway.partial': true,
        'gateway.attempts': 1,
      })
      const [log] = await consumeLogs(h)
      // What was produced before the cut is billed, and the span says what was charged.
      expect(log?.quota).toBeGreaterThan(0)
      expect(relay.attributes['gateway.quota']).toBe(log?.quota)
      expect(
        childrenOf(relay)
          .map((span) => span.name)
          .sort()
      ).toEqual(['settle', 'upstream openai'])
    } finally {
      held.release()
      await held.stop()
    }
  })
})
