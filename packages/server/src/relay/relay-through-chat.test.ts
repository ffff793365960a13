import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Anthropic from '@anthropic-ai/sdk'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, quotaOf, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'

/**
 * Client protocols carried through chat to a provider that speaks neither: the official openai
 * client's Responses API on an Anthropic channel (the log row holds Anthropic's own usage, cache
 * reads and writes priced as such), and the Anthropic client on a Tencent Hunyuan channel.
 */
const fixture = (name: string, provider = 'anthropic') =>
  readFileSync(join(import.meta.dirname, `../providers/${provider}/__fixtures__`, name), 'utf8')
const HUNYUAN = 'hunyuan-lite'
// A name no model family's built-in completion ratio matches, so the configured ratios alone price it.
const MODEL = 'house-model-a'
const CHANNEL_KEY = 'sk-ant-composed-canary'

let h: Harness
let upstream: ScriptedUpstream
let server: { url: string; close: () => Promise<void> }
let client: OpenAI
let anthropic: Anthropic
let apiKey: string
let userId: number

beforeAll(async () => {
  upstream = await startScriptedUpstream()
  h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: 10_000_000 })
  userId = user.id
  await addChannel(h, { name: 'claude', type: 14, baseUrl: upstream.url, models: MODEL, key: CHANNEL_KEY })
  await addChannel(h, {
    name: 'hunyuan',
    type: 23,
    baseUrl: upstream.url,
    models: HUNYUAN,
    key: '1300000000|AKIDexampleSecretId0001|exampleSecretKey',
  })
  await h.services.options.set('ModelRatio', JSON.stringify({ [MODEL]: 2, [HUNYUAN]: 1 }))
  await h.services.options.set('CompletionRatio', JSON.stringify({ [MODEL]: 3 }))
  await h.services.options.set('CacheRatio', JSON.stringify({ [MODEL]: 0.1 }))
  const { key } = await addToken(h, user.id)
  apiKey = key
  server = await listen(h)
  client = new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0 })
  anthropic = new Anthropic({ apiKey: key, baseURL: server.url, maxRetries: 0 })
})
afterAll(async () => {
  await server.close()
  await h.close()
  await upstream.stop()
})
beforeEach(() => {
  upstream.seen.length = 0
})

describe('Responses API on an Anthropic channel', () => {
  it('sends a Messages request and answers a response with the tool call, billing Anthropic usage exactly', async () => {
    upstream.answer = () => ({ json: JSON.parse(fixture('anthropic-tool-use.json')) })
    const before = await quotaOf(h, userId)
    const tools = [
      {
        type: 'function' as const,
        name: 'get_weather',
        parameters: { type: 'object', properties: { location: { type: 'string' } } },
        strict: false,
      },
    ]
    const response = await client.responses.create({
      model: MODEL,
      instructions: 'Be brief.',
      input: 'Weather in San Francisco?',
      tools,
      max_output_tokens: 256,
    })

    const sent = upstream.seen[0]
    expect(sent?.path).toBe('/v1/messages')
    expect(sent?.headers['x-api-key']).toBe(CHANNEL_KEY)
    expect(sent?.body).toMatchObject({
      model: MODEL,
      max_tokens: 256,
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in San Francisco?' }] }],
      tools: [{ name: 'get_weather' }],
    })

    expect(response.object).toBe('response')
    expect(response.status).toBe('completed')
    expect(response.output_text).toBe("I'll check the current weather in San Francisco for you.")
    expect(response.output.find((item) => item.type === 'function_call')).toMatchObject({
      call_id: 'toolu_01A09q90qw90lq917835lq9',
      name: 'get_weather',
      arguments: '{"location":"San Francisco, CA","unit":"celsius"}',
    })
    expect(response.usage).toMatchObject({
      input_tokens: 2432,
      input_tokens_details: { cached_tokens: 2048 },
      output_tokens: 92,
    })

    await settle(h)
    const log = (await consumeLogs(h)).at(-1)
    expect(log).toMatchObject({ model_name: MODEL, prompt_tokens: 2432, completion_tokens: 92 })
    // (384 uncached + 2048 cached x 0.1 + 92 completion x 3) x model ratio 2 = 1729.6, rounded
    expect(Number(log?.quota)).toBe(1730)
    expect(await quotaOf(h, userId)).toBe(before - 1730)
  })

  it('streams the typed events, response.completed last with the usage, and bills cache writes too', async () => {
    upstream.answer = () => ({ sse: fixture('anthropic-text.chunks.txt') })
    const before = await quotaOf(h, userId)
    const stream = client.responses.stream({ model: MODEL, input: 'Hi' })
    const types: string[] = []
    let deltas = ''
    for await (const event of stream) {
      types.push(event.type)
      if (event.type === 'response.output_text.delta') deltas += event.delta
    }
    const final = await stream.finalResponse()
    expect(upstream.seen[0]?.body.stream).toBe(true)
    expect(types).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ])
    expect(deltas).toBe('Hello!')
    expect(final.output_text).toBe('Hello!')
    expect(final.usage).toMatchObject({
      input_tokens: 135,
      input_tokens_details: { cached_tokens: 100 },
      output_tokens: 15,
      total_tokens: 150,
    })

    await settle(h)
    const log = (await consumeLogs(h)).at(-1)
    expect(log).toMatchObject({ model_name: MODEL, prompt_tokens: 135, completion_tokens: 15 })
    // (25 uncached + 100 cached x 0.1 + 10 written x 1.25 + 15 completion x 3) x 2 = 185
    expect(Number(log?.quota)).toBe(185)
    expect(await quotaOf(h, userId)).toBe(before - 185)
  })

  it("answers an upstream failure in OpenAI's error shape with Anthropic's status, and refunds", async () => {
    upstream.answer = () => ({
      status: 400,
      json: { type: 'error', error: { type: 'invalid_request_error', message: 'messages: roles must alternate' } },
    })
    const before = await quotaOf(h, userId)
    const error = await client.responses.create({ model: MODEL, input: 'Hi' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OpenAI.APIError)
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(400)
    expect((error as Error).message).toContain('roles must alternate')
    await settle(h)
    expect(await quotaOf(h, userId)).toBe(before)
  })

  it('ends a stream cut mid-way with the Responses error event and bills what was produced', async () => {
    const sse = fixture('anthropic-text.chunks.txt')
    upstream.answer = () => ({ sse, cutAfterBytes: sse.indexOf('"!"') })
    const logsBefore = (await consumeLogs(h)).length
    const response = await fetch(`${server.url}/v1/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, input: 'Hi', stream: true }),
    })
    const body = await response.text()
    expect(body).toContain('"delta":"Hello"')
    expect(body).toContain('event: error\ndata: {"type":"error"')
    expect(body).not.toContain('response.completed')
    await settle(h)
    const logs = await consumeLogs(h)
    expect(logs.length).toBe(logsBefore + 1)
    expect(logs.at(-1)?.prompt_tokens).toBe(135)
  })
})

describe('Anthropic client on a Tencent Hunyuan channel', () => {
  it('answers a message converted from the Hunyuan answer, billed from its usage', async () => {
    upstream.answer = () => ({ json: JSON.parse(fixture('hunyuan-text.json', 'tencent')) })
    const message = await anthropic.messages.create({
      model: HUNYUAN,
      max_tokens: 100,
      system: 'Be brief.',
      messages: [{ role: 'user', content: '你好' }],
    })
    expect(upstream.seen[0]?.headers['x-tc-action']).toBe('ChatCompletions')
    expect(upstream.seen[0]?.body).toMatchObject({
      Model: HUNYUAN,
      Messages: [
        { Role: 'system', Content: 'Be brief.' },
        { Role: 'user', Content: '你好' },
      ],
    })
    expect(message.content).toEqual([{ type: 'text', text: '你好！我是腾讯混元大模型，很高兴为你服务。' }])
    expect(message.usage).toMatchObject({ input_tokens: 4, output_tokens: 13 })
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({
      model_name: HUNYUAN,
      prompt_tokens: 4,
      completion_tokens: 13,
    })
  })

  it('streams the Messages events the SDK assembles, billed from the last Hunyuan usage', async () => {
    upstream.answer = () => ({ sse: fixture('hunyuan-text.chunks.txt', 'tencent') })
    const final = await anthropic.messages
      .stream({ model: HUNYUAN, max_tokens: 100, messages: [{ role: 'user', content: '你好' }] })
      .finalMessage()
    expect(final.content).toEqual([{ type: 'text', text: '你好！有什么可以帮你？' }])
    expect(final.stop_reason).toBe('end_turn')
    expect(final.usage).toMatchObject({ input_tokens: 4, output_tokens: 7 })
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ model_name: HUNYUAN, prompt_tokens: 4, completion_tokens: 7 })
  })
})
