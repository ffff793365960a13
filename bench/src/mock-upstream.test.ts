import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FirstTokenWatcher, runLoad } from './load-generator.ts'
import { formatMockDirectives, parseMockDirectives } from './mock-behavior.ts'
import { startMockUpstream, type MockUpstream } from './mock-upstream.ts'

let mock: MockUpstream

beforeAll(async () => {
  mock = await startMockUpstream({ chunks: 4 })
})
afterAll(async () => {
  await mock.stop()
})
beforeEach(() => {
  mock.reset()
})

const user = (content: string) => [{ role: 'user', content }]
const weatherTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    parameters: { type: 'object', properties: { location: { type: 'string' }, days: { type: 'integer' } } },
  },
}

function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal
): Promise<Response> {
  return fetch(`${mock.url}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
    signal: signal ?? null,
  })
}

/** The `data:` payloads of an SSE body, parsed by hand: JSON objects, or the raw text when not JSON. */
function sseData(text: string): unknown[] {
  return text
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => {
      const data = event.slice('data: '.length)
      try {
        return JSON.parse(data) as unknown
      } catch {
        return data
      }
    })
}

interface Chunk {
  object: string
  model: string
  choices: {
    delta: {
      role?: string
      content?: string | null
      tool_calls?: { id?: string; function: { name?: string; arguments: string } }[]
    }
    finish_reason: string | null
    text?: string
  }[]
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null
}

describe('Anthropic messages', () => {
  it('answers a message and a stream of Anthropic events with the same pieces and usage', async () => {
    const json = (await (
      await post('/v1/messages', { model: 'claude-x', max_tokens: 50, messages: user('Hi') })
    ).json()) as { content: { text: string }[]; usage: { output_tokens: number } }
    expect(json.content[0]?.text).toBe('The quick brown fox ')
    expect(json.usage.output_tokens).toBe(4)
    const text = await (
      await post('/v1/messages', { model: 'claude-x', max_tokens: 50, messages: user('Hi'), stream: true })
    ).text()
    const names = [...text.matchAll(/^event: (\S+)$/gm)].map((match) => match[1])
    expect(names).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ])
  })
})

describe('chat completions', () => {
  it('answers JSON with the requested model, the content pieces and a deterministic usage', async () => {
    const response = await post('/v1/chat/completions', { model: 'my-model', messages: user('0123456789') })
    expect(response.status).toBe(200)
    const body = (await response.json()) as {
      object: string
      model: string
      choices: { message: { content: string }; finish_reason: string }[]
      usage: unknown
    }
    expect(body.object).toBe('chat.completion')
    expect(body.model).toBe('my-model')
    expect(body.choices[0]?.message.content).toBe('The quick brown fox ')
    expect(body.choices[0]?.finish_reason).toBe('stop')
    expect(body.usage).toEqual({ prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 })
    expect(mock.hits()).toBe(1)
    expect(mock.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      status: 200,
      body: { model: 'my-model' },
    })
  })

  it('streams content deltas, a stop chunk, the usage chunk when asked, then [DONE]', async () => {
    const response = await post('/v1/chat/completions', {
      model: 'm',
      messages: user('hi'),
      stream: true,
      stream_options: { include_usage: true },
    })
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const events = sseData(await response.text())
    expect(events.at(-1)).toBe('[DONE]')
    const chunks = events.slice(0, -1) as Chunk[]
    expect(chunks).toHaveLength(6)
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.model === 'm')).toBe(true)
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant')
    expect(
      chunks
        .slice(0, 4)
        .map((chunk) => chunk.choices[0]?.delta.content)
        .join('')
    ).toBe('The quick brown fox ')
    expect(chunks[4]?.choices[0]?.finish_reason).toBe('stop')
    expect(chunks[5]?.choices).toEqual([])
    expect(chunks[5]?.usage).toEqual({ prompt_tokens: 1, completion_tokens: 4, total_tokens: 5 })
  })

  it('sends no usage chunk unless include_usage is asked', async () => {
    const events = sseData(
      await (await post('/v1/chat/completions', { model: 'm', messages: user('hi'), stream: true })).text()
    )
    expect(events).toHaveLength(6)
    expect((events as Chunk[]).some((chunk) => typeof chunk === 'object' && 'usage' in chunk)).toBe(false)
  })

  it('answers the weather question with a tool call, in JSON and streamed', async () => {
    const request = { model: 'm', messages: user('What is the weather in Paris?'), tools: [weatherTool] }
    const json = (await (await post('/v1/chat/completions', request)).json()) as {
      choices: {
        message: {
          content: null
          tool_calls: { id: string; type: string; function: { name: string; arguments: string } }[]
        }
        finish_reason: string
      }[]
    }
    const call = json.choices[0]?.message.tool_calls[0]
    expect(json.choices[0]?.finish_reason).toBe('tool_calls')
    expect(json.choices[0]?.message.content).toBeNull()
    expect(call?.function.name).toBe('get_weather')
    expect(JSON.parse(call?.function.arguments ?? '')).toEqual({ location: 'Paris', days: 1 })

    const events = sseData(await (await post('/v1/chat/completions', { ...request, stream: true })).text()).slice(
      0,
      -1
    ) as Chunk[]
    const deltas = events.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? [])
    expect(deltas[0]).toMatchObject({ id: 'call_mock_1', function: { name: 'get_weather', arguments: '' } })
    expect(JSON.parse(deltas.map((delta) => delta.function.arguments).join(''))).toEqual({ location: 'Paris', days: 1 })
    expect(events.at(-1)?.choices[0]?.finish_reason).toBe('tool_calls')
  })

  it('calls a tool only when asked: toolCall directive, or a weather question, and tools present', async () => {
    const plain = (await (
      await post('/v1/chat/completions', { model: 'm', messages: user('hello'), tools: [weatherTool] })
    ).json()) as { choices: { finish_reason: string }[] }
    expect(plain.choices[0]?.finish_reason).toBe('stop')
    const forced = (await (
      await post('/_mock/toolCall/v1/chat/completions', { model: 'm', messages: user('hello'), tools: [weatherTool] })
    ).json()) as { choices: { finish_reason: string }[] }
    expect(forced.choices[0]?.finish_reason).toBe('tool_calls')
    const noTools = (await (await post('/v1/chat/completions', { model: 'm', messages: user('weather?') })).json()) as {
      choices: { finish_reason: string }[]
    }
    expect(noTools.choices[0]?.finish_reason).toBe('stop')
  })
})

describe('other endpoints', () => {
  it('answers legacy completions in JSON and SSE', async () => {
    const json = (await (await post('/v1/completions', { model: 'instruct', prompt: 'abcdefgh' })).json()) as {
      object: string
      choices: { text: string }[]
      usage: unknown
    }
    expect(json.object).toBe('text_completion')
    expect(json.choices[0]?.text).toBe('The quick brown fox ')
    expect(json.usage).toEqual({ prompt_tokens: 2, completion_tokens: 4, total_tokens: 6 })
    const events = sseData(
      await (
        await post('/v1/completions', {
          model: 'instruct',
          prompt: 'x',
          stream: true,
          stream_options: { include_usage: true },
        })
      ).text()
    )
    const chunks = events.slice(0, -1) as Chunk[]
    expect(
      chunks
        .slice(0, 4)
        .map((chunk) => chunk.choices[0]?.text)
        .join('')
    ).toBe('The quick brown fox ')
    expect(chunks[4]?.choices[0]?.finish_reason).toBe('stop')
    expect(chunks[5]?.usage?.completion_tokens).toBe(4)
    expect(events.at(-1)).toBe('[DONE]')
  })

  it('answers embeddings with one vector per input, float or base64', async () => {
    const json = (await (await post('/v1/embeddings', { model: 'emb', input: ['abcd', 'efgh'] })).json()) as {
      data: { index: number; embedding: number[] }[]
      usage: unknown
      model: string
    }
    expect(json.model).toBe('emb')
    expect(json.data.map((item) => item.index)).toEqual([0, 1])
    expect(json.data[0]?.embedding).toHaveLength(8)
    expect(json.usage).toEqual({ prompt_tokens: 2, total_tokens: 2 })
    const encoded = (await (
      await post('/v1/embeddings', { model: 'emb', input: 'x', dimensions: 3, encoding_format: 'base64' })
    ).json()) as { data: { embedding: string }[] }
    expect(Buffer.from(encoded.data[0]?.embedding ?? '', 'base64')).toHaveLength(12)
  })

  it('lists models and answers unknown paths with an OpenAI 404', async () => {
    const models = (await (await fetch(`${mock.url}/v1/models`)).json()) as { data: { id: string }[] }
    expect(models.data.map((model) => model.id)).toContain('gpt-4o-mini')
    const missing = await post('/v1/nothing', {})
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ error: { code: 'unknown_url', type: 'invalid_request_error' } })
  })
})

describe('directives', () => {
  it('parses and formats k=v lists', () => {
    expect(parseMockDirectives('status=429,omitUsage,errorMessage=a%2Cb')).toEqual({
      status: 429,
      omitUsage: true,
      errorMessage: 'a,b',
    })
    expect(parseMockDirectives(formatMockDirectives({ latencyMs: 5, errorMessage: 'x, y' }))).toEqual({
      latencyMs: 5,
      errorMessage: 'x, y',
    })
    expect(() => parseMockDirectives('latencyMs=soon')).toThrow(/number/)
  })

  it('takes a path prefix (stripped before routing) and forces an OpenAI error', async () => {
    const response = await post(
      '/_mock/status=401,errorMessage=Your%20credit%20balance%20is%20too%20low/v1/chat/completions',
      { model: 'm', messages: user('x') }
    )
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      error: {
        message: 'Your credit balance is too low',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    })
    expect(mock.requests[0]).toMatchObject({ path: '/v1/chat/completions', status: 401, directives: { status: 401 } })
  })

  it('takes the x-mock header, with Retry-After on a 429', async () => {
    const response = await post(
      '/v1/chat/completions',
      { model: 'm', messages: user('x') },
      { 'x-mock': 'status=429,retryAfterSeconds=7' }
    )
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('7')
    expect(await response.json()).toMatchObject({ error: { code: 'rate_limit_exceeded' } })
  })

  it('refuses an unknown directive with a 400', async () => {
    const response = await post('/_mock/nope=1/v1/chat/completions', {})
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('unknown mock directive')
  })

  it('omits usage or reports explicit numbers', async () => {
    const omitted = (await (
      await post('/v1/chat/completions', { model: 'm', messages: user('x') }, { 'x-mock': 'omitUsage' })
    ).json()) as Record<string, unknown>
    expect(omitted).not.toHaveProperty('usage')
    const streamed = sseData(
      await (
        await post('/_mock/omitUsage/v1/chat/completions', {
          model: 'm',
          messages: user('x'),
          stream: true,
          stream_options: { include_usage: true },
        })
      ).text()
    )
    expect(streamed.some((chunk) => typeof chunk === 'object' && chunk !== null && 'usage' in chunk)).toBe(false)
    const explicit = (await (
      await post('/_mock/promptTokens=100,completionTokens=50/v1/chat/completions', { model: 'm', messages: user('x') })
    ).json()) as { usage: unknown }
    expect(explicit.usage).toEqual({ prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 })
  })

  it('waits latencyMs before answering, and stalls after the headers', async () => {
    let t0 = performance.now()
    await (await post('/_mock/latencyMs=60/v1/chat/completions', { model: 'm', messages: user('x') })).text()
    expect(performance.now() - t0).toBeGreaterThanOrEqual(55)
    t0 = performance.now()
    const response = await post('/_mock/stallAfterHeadersMs=150/v1/chat/completions', {
      model: 'm',
      messages: user('x'),
      stream: true,
    })
    const headersAt = performance.now() - t0
    await response.text()
    const total = performance.now() - t0
    expect(total).toBeGreaterThanOrEqual(145)
    expect(total - headersAt).toBeGreaterThanOrEqual(50)
  })

  it('cuts a stream after N chunks without counting it as a client abort', async () => {
    const response = await post('/_mock/resetAfterChunks=2/v1/chat/completions', {
      model: 'm',
      messages: user('x'),
      stream: true,
    })
    const decoder = new TextDecoder()
    let received = ''
    await expect(
      (async () => {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
          received += decoder.decode(chunk)
      })()
    ).rejects.toThrow()
    expect(sseData(received)).toHaveLength(2)
    expect(mock.requests[0]).toMatchObject({ cutByMock: true, closedEarly: false })
    expect(mock.closedEarly()).toBe(0)
  })

  it('sends one malformed data line after the first chunk', async () => {
    const events = sseData(
      await (
        await post('/_mock/malformedChunk,chunks=2/v1/chat/completions', {
          model: 'm',
          messages: user('x'),
          stream: true,
        })
      ).text()
    )
    expect(events[1]).toBe('{not json')
    expect(events.at(-1)).toBe('[DONE]')
  })

  it('fails at the configured rate with failStatus', async () => {
    mock.setBehavior({ failRate: 1, failStatus: 503 })
    expect((await post('/v1/chat/completions', { model: 'm', messages: user('x') })).status).toBe(503)
    mock.setBehavior({ failRate: 0.5, failStatus: 500 })
    const statuses = await Promise.all(
      Array.from(
        { length: 200 },
        async () => (await post('/v1/chat/completions', { model: 'm', messages: user('x') })).status
      )
    )
    const failures = statuses.filter((status) => status === 500).length
    expect(failures).toBeGreaterThan(60)
    expect(failures).toBeLessThan(140)
    mock.reset()
    expect(mock.behavior().failRate).toBe(0)
    expect(mock.hits()).toBe(0)
  })

  it('records a client that leaves mid-stream as closed early', async () => {
    const abort = new AbortController()
    const response = await post(
      '/_mock/chunkDelayMs=20,chunks=50/v1/chat/completions',
      { model: 'm', messages: user('x'), stream: true },
      {},
      abort.signal
    )
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    await reader.read()
    abort.abort()
    await mock.waitForClosedEarly(1, 1000)
    expect(mock.requests[0]?.closedEarly).toBe(true)
  })

  it('keeps only the last 1000 requests, and counts hits and kept-alive connections', async () => {
    for (let round = 0; round < 20 && mock.hits() <= 1000; round++)
      await runLoad(`${mock.url}/v1/models`, { concurrency: 8, seconds: 0.1 })
    expect(mock.hits()).toBeGreaterThan(1000)
    expect(mock.requests).toHaveLength(1000)
    expect(mock.connections()).toBeLessThanOrEqual(8 * 20)
    const stats = (await (await fetch(`${mock.url}/_mock/stats`)).json()) as {
      hits: number
      connections: number
      closedEarly: number
    }
    expect(stats).toEqual({ hits: mock.hits(), connections: mock.connections(), closedEarly: 0 })
  })
})

describe('load generator', () => {
  it('finds the first token across chunk boundaries, skipping role-only and empty events', () => {
    const watcher = new FirstTokenWatcher()
    expect(watcher.push('data: {"choices":[{"delta":{"role":"assistant","content":""}}]}\n\nda')).toBe(false)
    expect(watcher.push('ta: {"choices":[{"delta":{"conte')).toBe(false)
    expect(watcher.push('nt":"Hi"}}]}\n\n')).toBe(true)
    expect(new FirstTokenWatcher().push('data: {"choices":[{"text":"a"}]}\n')).toBe(true)
  })

  it('measures streams: latency, time to first token, no errors', async () => {
    const body = JSON.stringify({ model: 'm', messages: user('x'), stream: true })
    const result = await runLoad(`${mock.url}/_mock/chunkDelayMs=2,chunks=5/v1/chat/completions`, {
      concurrency: 4,
      seconds: 0.3,
      body,
      stream: true,
      headers: { 'content-type': 'application/json' },
    })
    expect(result.errors).toBe(0)
    expect(result.requests).toBeGreaterThan(10)
    expect(result.ttftP50).toBeGreaterThan(0)
    expect(result.p50).toBeGreaterThanOrEqual(8)
    expect(result.ttftP50).toBeLessThan(result.p50)
  })

  it('counts error statuses and cut streams as errors', async () => {
    const body = JSON.stringify({ model: 'm', messages: user('x'), stream: true })
    const cut = await runLoad(`${mock.url}/_mock/resetAfterChunks=1/v1/chat/completions`, {
      concurrency: 2,
      seconds: 0.1,
      body,
      stream: true,
    })
    expect(cut.requests).toBe(0)
    expect(cut.errors).toBeGreaterThan(0)
    const failed = await runLoad(`${mock.url}/_mock/status=500/v1/chat/completions`, {
      concurrency: 2,
      seconds: 0.1,
      body,
    })
    expect(failed.requests).toBe(0)
    expect(failed.errorSamples[0]).toMatch(/^500 /)
  })
})
