import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'

/**
 * Issue 7: the official openai client's Responses API, backed by a chat-only channel of another
 * type (DeepSeek, converted) and by an OpenAI channel that speaks it (passed through).
 */
let h: Harness
let mock: MockUpstream
let openaiUpstream: ScriptedUpstream
let server: { url: string; close: () => Promise<void> }
let client: OpenAI

beforeAll(async () => {
  mock = await startMockUpstream()
  openaiUpstream = await startScriptedUpstream()
  h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: 10_000_000 })
  await addChannel(h, { name: 'deepseek', type: 43, baseUrl: mock.url, models: 'deepseek-chat' })
  await addChannel(h, {
    name: 'deepseek-tools',
    type: 43,
    baseUrl: `${mock.url}/_mock/toolCall=true`,
    models: 'deepseek-tools',
  })
  await addChannel(h, { name: 'openai', type: 1, baseUrl: openaiUpstream.url, models: 'gpt-5' })
  await h.services.options.set(
    'ModelRatio',
    JSON.stringify({ 'deepseek-chat': 0.135, 'deepseek-tools': 0.135, 'gpt-5': 0.625 })
  )
  const { key } = await addToken(h, user.id)
  server = await listen(h)
  client = new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0 })
})
afterAll(async () => {
  await server.close()
  await h.close()
  await mock.stop()
  await openaiUpstream.stop()
})

describe('Responses API on a chat-only channel', () => {
  it('converts instructions and input to chat, and the answer back with output_text and usage', async () => {
    const response = await client.responses.create({
      model: 'deepseek-chat',
      instructions: 'Be brief.',
      input: 'Hello there',
      max_output_tokens: 64,
    })
    expect(mock.requests.at(-1)?.body).toMatchObject({
      model: 'deepseek-chat',
      max_tokens: 64,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello there' },
      ],
    })
    expect(response.object).toBe('response')
    expect(response.status).toBe('completed')
    expect(response.output_text.length).toBeGreaterThan(0)
    expect(response.usage?.output_tokens).toBeGreaterThan(0)
    await settle(h)
    const log = (await consumeLogs(h)).at(-1)
    expect(log?.model_name).toBe('deepseek-chat')
    expect(log?.completion_tokens).toBe(response.usage?.output_tokens)
  })

  it('streams typed events the SDK assembles into the final response', async () => {
    const stream = client.responses.stream({
      model: 'deepseek-chat',
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'Count to three' }] }],
    })
    const types = new Set<string>()
    let deltas = ''
    for await (const event of stream) {
      types.add(event.type)
      if (event.type === 'response.output_text.delta') deltas += event.delta
    }
    const final = await stream.finalResponse()
    expect([...types]).toEqual(
      expect.arrayContaining([
        'response.created',
        'response.output_item.added',
        'response.output_text.delta',
        'response.output_item.done',
        'response.completed',
      ])
    )
    expect(final.output_text).toBe(deltas)
    expect(final.usage?.input_tokens).toBeGreaterThan(0)
  })

  it('returns tool calls as function_call items and accepts their outputs in the next turn', async () => {
    const tools = [
      {
        type: 'function' as const,
        name: 'get_weather',
        parameters: { type: 'object', properties: { city: { type: 'string' } } },
        strict: false,
      },
    ]
    const first = await client.responses.create({ model: 'deepseek-tools', input: 'Weather in Paris?', tools })
    const call = first.output.find((item) => item.type === 'function_call')
    expect(call).toMatchObject({ type: 'function_call', call_id: 'call_mock_1' })
    const streamed = await client.responses
      .stream({ model: 'deepseek-tools', input: 'Weather in Paris?', tools })
      .finalResponse()
    expect(streamed.output.find((item) => item.type === 'function_call')).toMatchObject({
      call_id: 'call_mock_1',
      status: 'completed',
    })

    await client.responses.create({
      model: 'deepseek-chat',
      input: [
        { role: 'user', content: 'Weather in Paris?' },
        { type: 'function_call', call_id: 'call_mock_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call_output', call_id: 'call_mock_1', output: '18°C' },
      ],
      tools,
    })
    expect((mock.requests.at(-1)?.body as { messages: unknown[] } | undefined)?.messages).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_mock_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_mock_1', content: '18°C' },
    ])
  })
})

describe('Responses API streams that break', () => {
  it('a chat stream cut mid-way ends the Responses stream with an error event and bills what was produced', async () => {
    await h.services.db
      .updateTable('channels')
      .set({ base_url: `${mock.url}/_mock/chunks=8,resetAfterChunks=3` })
      .where('name', '=', 'deepseek')
      .execute()
    await h.services.changes.publish({ kind: 'channels' })
    try {
      await settle(h)
      const before = (await consumeLogs(h)).length
      const response = await fetch(`${client.baseURL}/responses`, {
        method: 'POST',
        headers: { authorization: `Bearer ${client.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'deepseek-chat', input: 'Count', stream: true }),
      })
      const text = await response.text()
      expect(text).toContain('event: response.output_text.delta')
      expect(text).toContain('event: error')
      expect(text).not.toContain('event: response.completed')
      await settle(h)
      const logs = await consumeLogs(h)
      expect(logs.length).toBe(before + 1)
      expect(logs.at(-1)?.completion_tokens).toBeGreaterThan(0)
    } finally {
      await h.services.db.updateTable('channels').set({ base_url: mock.url }).where('name', '=', 'deepseek').execute()
      await h.services.changes.publish({ kind: 'channels' })
    }
  })

  it('skips a malformed upstream chunk and still completes', async () => {
    await h.services.db
      .updateTable('channels')
      .set({ base_url: `${mock.url}/_mock/malformedChunk=true` })
      .where('name', '=', 'deepseek')
      .execute()
    await h.services.changes.publish({ kind: 'channels' })
    try {
      const final = await client.responses.stream({ model: 'deepseek-chat', input: 'Count' }).finalResponse()
      expect(final.status).toBe('completed')
      expect(final.output_text.length).toBeGreaterThan(0)
    } finally {
      await h.services.db.updateTable('channels').set({ base_url: mock.url }).where('name', '=', 'deepseek').execute()
      await h.services.changes.publish({ kind: 'channels' })
    }
  })
})

describe('Responses API on an OpenAI channel', () => {
  const native = {
    id: 'resp_native',
    object: 'response',
    created_at: 1,
    status: 'completed',
    model: 'gpt-5',
    output: [
      {
        type: 'message',
        id: 'msg_1',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'Native answer', annotations: [] }],
      },
    ],
    usage: {
      input_tokens: 300,
      input_tokens_details: { cached_tokens: 256 },
      output_tokens: 20,
      output_tokens_details: { reasoning_tokens: 12 },
      total_tokens: 320,
    },
  }

  it('passes the request and answer through, billing the cached input', async () => {
    openaiUpstream.answer = () => ({ json: native })
    const response = await client.responses.create({ model: 'gpt-5', input: 'Hi', reasoning: { effort: 'low' } })
    expect(openaiUpstream.seen.at(-1)?.path).toBe('/v1/responses')
    expect(openaiUpstream.seen.at(-1)?.body).toMatchObject({
      model: 'gpt-5',
      input: 'Hi',
      reasoning: { effort: 'low' },
    })
    expect(response.output_text).toBe('Native answer')
    await settle(h)
    const log = (await consumeLogs(h)).at(-1)
    expect(log).toMatchObject({ model_name: 'gpt-5', prompt_tokens: 300, completion_tokens: 20 })
    expect(JSON.parse(log?.other ?? '{}')).toMatchObject({ cache_tokens: 256 })
  })

  it('passes a stream through event by event, billing from response.completed', async () => {
    const event = (type: string, data: Record<string, unknown>) =>
      `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`
    openaiUpstream.answer = () => ({
      sse:
        event('response.created', {
          sequence_number: 0,
          response: { ...native, status: 'in_progress', output: [], usage: null },
        }) +
        event('response.output_item.added', {
          sequence_number: 1,
          output_index: 0,
          item: { type: 'message', id: 'msg_1', status: 'in_progress', role: 'assistant', content: [] },
        }) +
        event('response.content_part.added', {
          sequence_number: 2,
          item_id: 'msg_1',
          output_index: 0,
          content_index: 0,
          part: { type: 'output_text', text: '', annotations: [] },
        }) +
        event('response.output_text.delta', {
          sequence_number: 3,
          item_id: 'msg_1',
          output_index: 0,
          content_index: 0,
          delta: 'Native answer',
        }) +
        event('response.output_item.done', { sequence_number: 4, output_index: 0, item: native.output[0] }) +
        event('response.completed', { sequence_number: 5, response: native }),
    })
    const stream = client.responses.stream({ model: 'gpt-5', input: 'Hi' })
    let deltas = ''
    for await (const part of stream) if (part.type === 'response.output_text.delta') deltas += part.delta
    expect(deltas).toBe('Native answer')
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ prompt_tokens: 300, completion_tokens: 20 })
  })
})
