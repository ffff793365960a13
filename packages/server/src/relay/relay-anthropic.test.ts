import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Anthropic from '@anthropic-ai/sdk'
import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, quotaOf, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'

/**
 * Issue 7: the official openai client against an Anthropic channel (converted both ways), and the
 * official Anthropic client on /v1/messages against an OpenAI channel (converted) and an Anthropic
 * channel (passed through), with usage billed from each protocol.
 */
const fixtures = join(import.meta.dirname, '../providers/anthropic/__fixtures__')
const fixture = (name: string) => readFileSync(join(fixtures, name), 'utf8')
const CLAUDE = 'claude-3-5-sonnet-20241022'
const CHANNEL_KEY = 'sk-ant-channel-canary'

let h: Harness
let claudeUpstream: ScriptedUpstream
let mock: MockUpstream
let server: { url: string; close: () => Promise<void> }
let openai: OpenAI
let anthropic: Anthropic
let userId: number
let apiKey: string

beforeAll(async () => {
  claudeUpstream = await startScriptedUpstream()
  mock = await startMockUpstream()
  h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: 50_000_000 })
  userId = user.id
  await addChannel(h, { name: 'claude', type: 14, baseUrl: claudeUpstream.url, models: CLAUDE, key: CHANNEL_KEY })
  await addChannel(h, { name: 'openai', type: 1, baseUrl: mock.url, models: 'gpt-4o-mini' })
  const { key } = await addToken(h, user.id)
  apiKey = key
  server = await listen(h)
  openai = new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0 })
  anthropic = new Anthropic({ apiKey: key, baseURL: server.url, maxRetries: 0 })
})
afterAll(async () => {
  await server.close()
  await h.close()
  await claudeUpstream.stop()
  await mock.stop()
})
beforeEach(() => {
  claudeUpstream.seen.length = 0
})

describe('openai client on an Anthropic channel', () => {
  it('sends a Messages request with the channel key and converts the answer, tool calls and cached usage', async () => {
    claudeUpstream.answer = () => ({ json: JSON.parse(fixture('anthropic-tool-use.json')) })
    const completion = await openai.chat.completions.create({
      model: CLAUDE,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in San Francisco?' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            parameters: { type: 'object', properties: { location: { type: 'string' } } },
          },
        },
      ],
    })
    const sent = claudeUpstream.seen[0]
    expect(sent?.path).toBe('/v1/messages')
    expect(sent?.headers['x-api-key']).toBe(CHANNEL_KEY)
    expect(sent?.headers['anthropic-version']).toBe('2023-06-01')
    expect(sent?.headers.authorization).toBeUndefined()
    expect(sent?.body).toMatchObject({
      model: CLAUDE,
      max_tokens: 8192,
      system: [{ type: 'text', text: 'Be brief.' }],
      tools: [{ name: 'get_weather' }],
    })

    expect(completion.model).toBe(CLAUDE)
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls')
    const call = completion.choices[0]?.message.tool_calls?.[0]
    expect(call?.type === 'function' ? JSON.parse(call.function.arguments) : undefined).toEqual({
      location: 'San Francisco, CA',
      unit: 'celsius',
    })
    expect(completion.usage).toMatchObject({
      prompt_tokens: 2432,
      completion_tokens: 92,
      prompt_tokens_details: { cached_tokens: 2048 },
    })

    await settle(h)
    const log = (await consumeLogs(h)).at(-1)
    expect(log).toMatchObject({ model_name: CLAUDE, prompt_tokens: 2432, completion_tokens: 92 })
    expect(JSON.parse(log?.other ?? '{}')).toMatchObject({ cache_tokens: 2048 })
  })

  it('streams converted chunks with the usage chunk the client asked for', async () => {
    claudeUpstream.answer = () => ({ sse: fixture('anthropic-text.chunks.txt') })
    const stream = await openai.chat.completions.create({
      model: CLAUDE,
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
    })
    let text = ''
    let usage: OpenAI.CompletionUsage | undefined
    let finish: string | null | undefined
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? ''
      finish = chunk.choices[0]?.finish_reason ?? finish
      if (chunk.usage) usage = chunk.usage
    }
    expect(claudeUpstream.seen[0]?.body.stream).toBe(true)
    expect(text).toBe('Hello!')
    expect(finish).toBe('stop')
    expect(usage).toMatchObject({ prompt_tokens: 135, completion_tokens: 15 })
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({
      prompt_tokens: 135,
      completion_tokens: 15,
      is_stream: expect.anything(),
    })
  })

  it('maps an Anthropic error answer to an OpenAI error with its status, and refunds', async () => {
    const before = await quotaOf(h, userId)
    claudeUpstream.answer = () => ({
      status: 400,
      json: { type: 'error', error: { type: 'invalid_request_error', message: 'messages: roles must alternate' } },
    })
    const error = await openai.chat.completions
      .create({ model: CLAUDE, messages: [{ role: 'user', content: 'Hi' }] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OpenAI.APIError)
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(400)
    expect((error as Error).message).toContain('roles must alternate')
    await settle(h)
    expect(await quotaOf(h, userId)).toBe(before)
  })

  it('a stream cut mid-way ends with an error event and bills what was produced', async () => {
    const sse = fixture('anthropic-text.chunks.txt')
    claudeUpstream.answer = () => ({ sse, cutAfterBytes: sse.indexOf('"!"') })
    const logsBefore = (await consumeLogs(h)).length
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: CLAUDE, messages: [{ role: 'user', content: 'Hi' }], stream: true }),
    })
    const body = await response.text()
    expect(body).toContain('"content":"Hello"')
    expect(body).toContain('"error"')
    await settle(h)
    const logs = await consumeLogs(h)
    expect(logs.length).toBe(logsBefore + 1)
    expect(logs.at(-1)?.prompt_tokens).toBe(135)
  })
})

describe('Anthropic client on /v1/messages', () => {
  it('on an OpenAI channel: converted request and answer, billed from the OpenAI usage', async () => {
    const message = await anthropic.messages.create({
      model: 'gpt-4o-mini',
      max_tokens: 200,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Hello' }],
    })
    const sent = mock.requests.at(-1)?.body as { messages?: { role: string; content: unknown }[]; max_tokens?: number }
    expect(sent.messages?.[0]).toEqual({ role: 'system', content: 'Be brief.' })
    expect(sent.max_tokens).toBe(200)
    expect(message.type).toBe('message')
    expect(message.model).toBe('gpt-4o-mini')
    expect(message.stop_reason).toBe('end_turn')
    expect(message.content[0]?.type).toBe('text')
    expect(message.usage.output_tokens).toBeGreaterThan(0)
    await settle(h)
    const log = (await consumeLogs(h)).at(-1)
    expect(log?.model_name).toBe('gpt-4o-mini')
    expect(log?.completion_tokens).toBe(message.usage.output_tokens)
  })

  it('on an OpenAI channel: a streamed answer with a tool call through the SDK stream helper', async () => {
    await h.services.db
      .updateTable('channels')
      .set({ base_url: `${mock.url}/_mock/toolCall=true` })
      .where('name', '=', 'openai')
      .execute()
    await h.services.changes.publish({ kind: 'channels' })
    try {
      const stream = anthropic.messages.stream({
        model: 'gpt-4o-mini',
        max_tokens: 200,
        messages: [{ role: 'user', content: 'Weather?' }],
        tools: [
          {
            name: 'get_weather',
            description: 'Weather',
            input_schema: { type: 'object', properties: { city: { type: 'string' } } },
          },
        ],
      })
      const final = await stream.finalMessage()
      expect(final.stop_reason).toBe('tool_use')
      const toolUse = final.content.find((block) => block.type === 'tool_use')
      expect(toolUse).toMatchObject({ type: 'tool_use', id: 'call_mock_1' })
      expect(final.usage.output_tokens).toBeGreaterThan(0)
    } finally {
      await h.services.db.updateTable('channels').set({ base_url: mock.url }).where('name', '=', 'openai').execute()
      await h.services.changes.publish({ kind: 'channels' })
    }
  })

  it('on an Anthropic channel: passed through, with cache tokens billed', async () => {
    claudeUpstream.answer = (_path, body) =>
      body.stream
        ? { sse: fixture('anthropic-tool-use.chunks.txt') }
        : { json: JSON.parse(fixture('anthropic-tool-use.json')) }
    const message = await anthropic.messages.create({
      model: CLAUDE,
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Weather?' }],
    })
    expect(claudeUpstream.seen[0]?.body).toEqual({
      model: CLAUDE,
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Weather?' }],
    })
    expect(message.usage).toMatchObject({ input_tokens: 384, cache_read_input_tokens: 2048 })
    // Billed after it was sent: settle it so the rows come in the order of the calls.
    await settle(h)
    const streamed = await anthropic.messages
      .stream({ model: CLAUDE, max_tokens: 100, messages: [{ role: 'user', content: 'Weather?' }] })
      .finalMessage()
    expect(streamed.content.map((block) => block.type)).toEqual(['text', 'tool_use'])
    expect(streamed.usage.output_tokens).toBe(89)
    await settle(h)
    const logs = await consumeLogs(h)
    expect(logs.at(-2)).toMatchObject({ prompt_tokens: 2432, completion_tokens: 92 })
    expect(logs.at(-1)).toMatchObject({ prompt_tokens: 472, completion_tokens: 89 })
  })

  it('answers errors in Anthropic’s shape, and requires max_tokens', async () => {
    const unknown = await anthropic.messages
      .create({ model: 'no-such-model', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e)
    expect(unknown).toBeInstanceOf(Anthropic.APIError)
    expect((unknown as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({
      type: 'error',
      error: { type: expect.any(String), message: expect.stringContaining('no-such-model') },
    })
    const response = await fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: CLAUDE, messages: [{ role: 'user', content: 'x' }] }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: expect.stringContaining('max_tokens') },
    })
  })
})
