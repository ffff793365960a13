import { createAnthropic } from '@ai-sdk/anthropic'
import { createGoogleGenerativeAI } from '@ai-sdk/google'
import { createOpenAI } from '@ai-sdk/openai'
import {
  APICallError,
  embedMany,
  generateObject,
  generateText,
  stepCountIs,
  streamText,
  tool,
  type LanguageModel,
} from 'ai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  CHANNELS,
  CITY_VALUE,
  HANG,
  startClientMatrix,
  WEATHER_ARGS,
  WEATHER_RESULT,
  type ChannelUnderTest,
  type ClientMatrix,
} from '../../../test/client-matrix.ts'

/**
 * Vercel's AI SDK with its OpenAI (chat and Responses models), Anthropic and Google providers,
 * pointed at the gateway, each against an OpenAI, an Anthropic and a Gemini channel (strict fakes).
 */
let m: ClientMatrix

beforeAll(async () => {
  m = await startClientMatrix()
})
afterAll(async () => {
  await m.close()
})

type Provider = 'openai.chat' | 'openai.responses' | 'anthropic' | 'google'
const PROVIDERS: Provider[] = ['openai.chat', 'openai.responses', 'anthropic', 'google']

function modelFor(provider: Provider, model: string, apiKey = m.key): LanguageModel {
  if (provider === 'openai.chat') return createOpenAI({ baseURL: `${m.url}/v1`, apiKey }).chat(model)
  if (provider === 'openai.responses') return createOpenAI({ baseURL: `${m.url}/v1`, apiKey }).responses(model)
  if (provider === 'anthropic') return createAnthropic({ baseURL: `${m.url}/v1`, apiKey }).languageModel(model)
  return createGoogleGenerativeAI({ baseURL: `${m.url}/v1beta`, apiKey }).languageModel(model)
}

/**
 * The Google provider sends a tool's output as `{name, content}`; converted to an OpenAI tool
 * message (or an Anthropic tool_result) that object becomes the text (as New API does), so the
 * OpenAI and Anthropic fakes quote it whole.
 */
function toolAnswer(provider: Provider, channel: ChannelUnderTest): string {
  if (provider === 'google' && channel.protocol !== 'gemini')
    return channel.toolAnswer(JSON.stringify({ name: 'get_weather', content: WEATHER_RESULT }))
  return channel.toolAnswer(WEATHER_RESULT)
}

const weather = tool({
  description: 'Weather in a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async () => WEATHER_RESULT,
})

const pairs = PROVIDERS.flatMap((provider) =>
  CHANNELS.map((channel) => ({ provider, channel, label: `${provider} on the ${channel.protocol} channel` }))
)

describe.each(pairs)('ai SDK: $label', ({ provider, channel }) => {
  const { model } = channel

  it('generateText answers with the fake usage, logged exactly', async () => {
    const since = await m.logCount()
    const result = await generateText({ model: modelFor(provider, model), prompt: 'Hello', maxRetries: 0 })
    expect(result.text).toBe(channel.text)
    expect(result.finishReason).toBe('stop')
    expect([result.usage.inputTokens, result.usage.outputTokens]).toEqual([channel.prompt, channel.completion])
    const logs = await m.logsSince(since)
    expect(logs.map((l) => [l.model_name, l.prompt_tokens, l.completion_tokens])).toEqual([
      [model, channel.prompt, channel.completion],
    ])
  })

  it('streamText streams the answer and its usage', async () => {
    const since = await m.logCount()
    const result = streamText({ model: modelFor(provider, model), prompt: 'Hello', maxRetries: 0 })
    let text = ''
    for await (const delta of result.textStream) text += delta
    expect(text).toBe(channel.text)
    const usage = await result.usage
    expect([usage.inputTokens, usage.outputTokens]).toEqual([channel.prompt, channel.completion])
    const logs = await m.logsSince(since)
    expect(logs.map((l) => [l.prompt_tokens, l.completion_tokens, Boolean(l.is_stream)])).toEqual([
      [channel.prompt, channel.completion, true],
    ])
  })

  it('generateText runs a tool round trip in two steps', async () => {
    const since = await m.logCount()
    const result = await generateText({
      model: modelFor(provider, model),
      prompt: 'What is the weather in Paris?',
      tools: { get_weather: weather },
      stopWhen: stepCountIs(3),
      maxRetries: 0,
    })
    expect(result.steps.map((s) => s.finishReason)).toEqual(['tool-calls', 'stop'])
    expect(result.steps[0]?.toolCalls.map((c) => [c.toolName, c.input])).toEqual([['get_weather', WEATHER_ARGS]])
    expect(result.text).toBe(toolAnswer(provider, channel))
    expect(await m.logsSince(since)).toHaveLength(2)
  })

  it('streamText runs a tool round trip in two steps', async () => {
    const result = streamText({
      model: modelFor(provider, model),
      prompt: 'What is the weather in Paris?',
      tools: { get_weather: weather },
      stopWhen: stepCountIs(3),
      maxRetries: 0,
    })
    let text = ''
    for await (const delta of result.textStream) text += delta
    const steps = await result.steps
    expect(steps[0]?.toolCalls.map((c) => [c.toolName, c.input])).toEqual([['get_weather', WEATHER_ARGS]])
    expect(text).toBe(toolAnswer(provider, channel))
  })

  it('generateObject answers an object matching the schema', async () => {
    const result = await generateObject({
      model: modelFor(provider, model),
      prompt: 'Weather in Paris',
      schema: z.object({ city: z.string(), temperature: z.number() }),
      maxRetries: 0,
    })
    expect(result.object).toEqual(CITY_VALUE)
  })

  it('a bad gateway key fails with an APICallError of status 401', async () => {
    const error = await generateText({
      model: modelFor(provider, model, 'sk-not-a-gateway-key'),
      prompt: 'Hello',
      maxRetries: 0,
    }).catch((e: unknown) => e)
    expect(APICallError.isInstance(error)).toBe(true)
    expect((error as APICallError).statusCode).toBe(401)
  })

  it('an abort mid-stream lets the upstream go, logs the partial answer and settles the hold', async () => {
    const since = await m.logCount()
    const controller = new AbortController()
    const result = streamText({
      model: modelFor(provider, model),
      prompt: HANG,
      abortSignal: controller.signal,
      maxRetries: 0,
      onError: () => {},
    })
    let text = ''
    try {
      for await (const delta of result.textStream) {
        text += delta
        controller.abort()
      }
    } catch (error) {
      // Some versions end the text stream with the AbortError instead of closing it.
      expect((error as Error).name).toBe('AbortError')
    }
    // The SDK may have read a piece more before the abort took; never the whole answer.
    expect(text).toMatch(/^Hello (from )?$/)
    await expect.poll(() => m.upstreams[channel.protocol].openHangingStreams()).toBe(0)
    const logs = await m.logsSince(since)
    expect(logs).toHaveLength(1)
    expect(logs[0]?.completion_tokens).toBeGreaterThan(0)
    await m.expectLedgerBalanced()
  })
})

describe('ai SDK embeddings', () => {
  it.each(CHANNELS.filter((c) => c.embeddingModel !== undefined))(
    'embedMany through the OpenAI provider on the $protocol channel',
    async (channel) => {
      const since = await m.logCount()
      const model = createOpenAI({ baseURL: `${m.url}/v1`, apiKey: m.key }).embedding(channel.embeddingModel as string)
      const result = await embedMany({ model, values: ['hello', 'world'], maxRetries: 0 })
      expect(result.embeddings).toEqual([
        [0.25, -0.5, 0.75],
        [0.25, -0.5, 0.75],
      ])
      // The OpenAI fake reports 4 tokens an input; Gemini reports none and the gateway counts them (1 each).
      const tokens = channel.protocol === 'openai' ? 8 : 2
      expect(result.usage.tokens).toBe(tokens)
      expect((await m.logsSince(since)).map((l) => l.prompt_tokens)).toEqual([tokens])
    }
  )

  it('embedMany through the Google provider on the Gemini channel', async () => {
    const google = createGoogleGenerativeAI({ baseURL: `${m.url}/v1beta`, apiKey: m.key })
    const result = await embedMany({
      model: google.embedding('gemini-embedding-fake'),
      values: ['hello', 'world'],
      maxRetries: 0,
    })
    expect(result.embeddings).toEqual([
      [0.25, -0.5, 0.75],
      [0.25, -0.5, 0.75],
    ])
  })

  it('kept the ledger: the user paid exactly the logged answers', async () => {
    await m.expectLedgerBalanced()
  })
})
