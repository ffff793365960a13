import Anthropic from '@anthropic-ai/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CHANNELS,
  CITY_SCHEMA,
  CITY_VALUE,
  GATEWAY_COUNT_OF_HELLO,
  HANG,
  startClientMatrix,
  WEATHER_ARGS,
  WEATHER_PARAMETERS,
  WEATHER_RESULT,
  type ClientMatrix,
} from '../../../test/client-matrix.ts'

/**
 * The official Anthropic client (/v1/messages) through the gateway to an OpenAI, an Anthropic and
 * a Gemini channel, each a strict fake: answers, streams, tool round trips, structured output,
 * usage, errors, aborts and the log rows.
 */
let m: ClientMatrix
let client: Anthropic

beforeAll(async () => {
  m = await startClientMatrix()
  client = new Anthropic({ apiKey: m.key, baseURL: m.url, maxRetries: 0 })
})
afterAll(async () => {
  await m.close()
})

const tools: Anthropic.Tool[] = [
  {
    name: 'get_weather',
    description: 'Weather in a city',
    input_schema: WEATHER_PARAMETERS as unknown as Anthropic.Tool.InputSchema,
  },
]
const ask: Anthropic.MessageParam = { role: 'user', content: 'What is the weather in Paris?' }

describe.each(CHANNELS)('anthropic messages on the $protocol channel', (channel) => {
  const { model } = channel
  it('answers a message with the fake usage, and logs exactly those tokens', async () => {
    const since = await m.logCount()
    const message = await client.messages.create({
      model,
      max_tokens: 256,
      messages: [{ role: 'user', content: 'Hello' }],
    })
    expect(message.content).toEqual([
      {
        type: 'text',
        text: channel.text,
        ...(message.content[0]?.type === 'text' && 'citations' in message.content[0]
          ? { citations: message.content[0].citations }
          : {}),
      },
    ])
    expect(message.stop_reason).toBe('end_turn')
    expect(message.usage).toMatchObject({ input_tokens: channel.prompt, output_tokens: channel.completion })
    const logs = await m.logsSince(since)
    expect(logs.map((l) => [l.model_name, l.prompt_tokens, l.completion_tokens])).toEqual([
      [model, channel.prompt, channel.completion],
    ])
  })

  it('streams a message; the final message carries the fake usage', async () => {
    const since = await m.logCount()
    const stream = client.messages.stream({ model, max_tokens: 256, messages: [{ role: 'user', content: 'Hello' }] })
    let text = ''
    stream.on('text', (delta) => {
      text += delta
    })
    const final = await stream.finalMessage()
    expect(text).toBe(channel.text)
    expect(final.stop_reason).toBe('end_turn')
    expect(final.usage).toMatchObject({ input_tokens: channel.prompt, output_tokens: channel.completion })
    const logs = await m.logsSince(since)
    expect(logs.map((l) => [l.prompt_tokens, l.completion_tokens, Boolean(l.is_stream)])).toEqual([
      [channel.prompt, channel.completion, true],
    ])
  })

  // Anthropic knows the exact count up front; over another protocol the gateway announces its own count.
  it('reports the input tokens already in message_start, as Anthropic does', async () => {
    const stream = client.messages.stream({ model, max_tokens: 256, messages: [{ role: 'user', content: 'Hello' }] })
    let startInput: number | undefined
    for await (const event of stream) if (event.type === 'message_start') startInput = event.message.usage.input_tokens
    expect(startInput).toBe(channel.protocol === 'anthropic' ? channel.prompt : GATEWAY_COUNT_OF_HELLO)
  })

  it('runs a tool round trip: tool_use, tool_result, answer', async () => {
    const since = await m.logCount()
    const first = await client.messages.create({ model, max_tokens: 256, messages: [ask], tools })
    expect(first.stop_reason).toBe('tool_use')
    const use = first.content.find((b) => b.type === 'tool_use')
    if (use?.type !== 'tool_use') throw new Error(`expected a tool_use block, got ${JSON.stringify(first.content)}`)
    expect([use.name, use.input]).toEqual(['get_weather', WEATHER_ARGS])
    const second = await client.messages.create({
      model,
      max_tokens: 256,
      tools,
      messages: [
        ask,
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: WEATHER_RESULT }] },
      ],
    })
    expect(second.content.find((b) => b.type === 'text')).toMatchObject({ text: channel.toolAnswer(WEATHER_RESULT) })
    expect(second.stop_reason).toBe('end_turn')
    const logs = await m.logsSince(since)
    expect(logs.map((l) => [l.prompt_tokens, l.completion_tokens])).toEqual([
      [channel.prompt, channel.completion],
      [channel.prompt, channel.completion],
    ])
  })

  it('runs a streamed tool round trip (input_json_delta pieces)', async () => {
    const first = await client.messages.stream({ model, max_tokens: 256, messages: [ask], tools }).finalMessage()
    expect(first.stop_reason).toBe('tool_use')
    const use = first.content.find((b) => b.type === 'tool_use')
    if (use?.type !== 'tool_use') throw new Error(`expected a tool_use block, got ${JSON.stringify(first.content)}`)
    expect([use.name, use.input]).toEqual(['get_weather', WEATHER_ARGS])
    const second = client.messages.stream({
      model,
      max_tokens: 256,
      tools,
      messages: [
        ask,
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: WEATHER_RESULT }] },
      ],
    })
    expect(await second.finalText()).toBe(channel.toolAnswer(WEATHER_RESULT))
  })

  it('answers structured output (output_config.format json_schema)', async () => {
    const message = await client.messages.create({
      model,
      max_tokens: 256,
      messages: [{ role: 'user', content: 'Weather in Paris as JSON' }],
      output_config: { format: { type: 'json_schema', schema: CITY_SCHEMA as unknown as Record<string, unknown> } },
    })
    const text = message.content.find((b) => b.type === 'text')
    expect(JSON.parse(text?.type === 'text' ? text.text : 'null')).toEqual(CITY_VALUE)
  })

  it('answers a bad gateway key with the client’s AuthenticationError', async () => {
    const bad = new Anthropic({ apiKey: 'sk-not-a-gateway-key', baseURL: m.url, maxRetries: 0 })
    const error = await bad.messages
      .create({ model, max_tokens: 16, messages: [{ role: 'user', content: 'Hello' }] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError)
    expect((error as InstanceType<typeof Anthropic.AuthenticationError>).status).toBe(401)
  })

  it('aborts mid-stream: the upstream is let go, the partial answer logged, the hold settled', async () => {
    const since = await m.logCount()
    const stream = client.messages.stream({ model, max_tokens: 256, messages: [{ role: 'user', content: HANG }] })
    let text = ''
    stream.on('text', (delta) => {
      text += delta
      stream.abort()
    })
    await expect(stream.finalMessage()).rejects.toBeInstanceOf(Anthropic.APIUserAbortError)
    expect(text).toBe(channel.text.split(' ')[0] + ' ')
    await expect.poll(() => m.upstreams[channel.protocol].openHangingStreams()).toBe(0)
    const logs = await m.logsSince(since)
    expect(logs).toHaveLength(1)
    expect(logs[0]?.model_name).toBe(model)
    expect(logs[0]?.completion_tokens).toBeGreaterThan(0)
    await m.expectLedgerBalanced()
  })

  it('counts the input tokens (/v1/messages/count_tokens)', async () => {
    const counted = await client.messages.countTokens({ model, messages: [{ role: 'user', content: 'Hello' }] })
    if (channel.protocol === 'anthropic') expect(counted.input_tokens).toBe(channel.prompt)
    else expect(counted.input_tokens).toBeGreaterThan(0)
  })
})

describe('anthropic client, gateway-level answers', () => {
  it('passes anthropic-beta through to an Anthropic channel', async () => {
    await client.beta.messages.create({
      model: 'claude-fake',
      max_tokens: 16,
      messages: [{ role: 'user', content: 'Hello' }],
      betas: ['context-1m-2025-08-07'],
    })
    expect(m.lastSent('anthropic')?.headers['anthropic-beta']).toBe('context-1m-2025-08-07')
  })

  it('lists the models in Anthropic’s shape', async () => {
    const ids: string[] = []
    for await (const model of client.models.list()) {
      expect(model.type).toBe('model')
      ids.push(model.id)
    }
    expect(ids).toContain('claude-fake')
  })

  it('answers an unknown model with NotFoundError', async () => {
    const error = await client.messages
      .create({ model: 'no-such-model', max_tokens: 16, messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Anthropic.NotFoundError)
  })

  it('kept the ledger: the user paid exactly the logged answers', async () => {
    await m.expectLedgerBalanced()
  })
})
