import {
  Agent,
  OpenAIProvider,
  run,
  Runner,
  setDefaultOpenAIClient,
  setOpenAIAPI,
  setTracingDisabled,
  tool,
} from '@openai/agents'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  CHANNELS,
  CITY_VALUE,
  HANG,
  startClientMatrix,
  WEATHER_ARGS,
  WEATHER_RESULT,
  type ClientMatrix,
} from '../../../test/client-matrix.ts'

/**
 * The OpenAI Agents SDK (an Agent with a function tool, run by a Runner whose provider is an
 * openai client pointed at the gateway), in its Responses and chat-completions model modes, against
 * an OpenAI, an Anthropic and a Gemini channel (strict fakes).
 */
let m: ClientMatrix

beforeAll(async () => {
  // Traces would be exported to OpenAI's servers; these runs stay on loopback.
  setTracingDisabled(true)
  m = await startClientMatrix()
})
afterAll(async () => {
  await m.close()
})

type Mode = 'responses' | 'chat'

/**
 * The agents package pins its own copy of openai, whose class differs only in TypeScript's eyes;
 * passing our client keeps `maxRetries: 0` (the provider's own client would retry a 501 twice) and
 * lets the auth test check our copy's AuthenticationError.
 */
type AgentsClient = NonNullable<NonNullable<ConstructorParameters<typeof OpenAIProvider>[0]>['openAIClient']>
const runner = (mode: Mode, apiKey = m.key) => {
  const openAIClient = new OpenAI({ apiKey, baseURL: `${m.url}/v1`, maxRetries: 0 }) as unknown as AgentsClient
  return new Runner({
    modelProvider: new OpenAIProvider({ openAIClient, useResponses: mode === 'responses' }),
    tracingDisabled: true,
  })
}

const calls: unknown[] = []
const getWeather = tool({
  name: 'get_weather',
  description: 'Weather in a city',
  parameters: z.object({ city: z.string() }),
  execute: async (input) => {
    calls.push(input)
    return WEATHER_RESULT
  },
})

const pairs = (['responses', 'chat'] as Mode[]).flatMap((mode) =>
  CHANNELS.map((channel) => ({ mode, channel, label: `${mode} model on the ${channel.protocol} channel` }))
)

describe.each(pairs)('agents SDK: $label', ({ mode, channel }) => {
  const { model } = channel

  it('runs an agent to a plain answer, with the run’s usage equal to the fake’s', async () => {
    const since = await m.logCount()
    const result = await runner(mode).run(new Agent({ name: 'greeter', instructions: 'Be brief.', model }), 'Hello')
    expect(result.finalOutput).toBe(channel.text)
    expect([
      result.runContext.usage.requests,
      result.runContext.usage.inputTokens,
      result.runContext.usage.outputTokens,
    ]).toEqual([1, channel.prompt, channel.completion])
    const logs = await m.logsSince(since)
    expect(logs.map((l) => [l.model_name, l.prompt_tokens, l.completion_tokens])).toEqual([
      [model, channel.prompt, channel.completion],
    ])
  })

  it('runs an agent through its function tool: call, result, answer', async () => {
    calls.length = 0
    const since = await m.logCount()
    const agent = new Agent({ name: 'weather', instructions: 'Use the tool.', model, tools: [getWeather] })
    const result = await runner(mode).run(agent, 'What is the weather in Paris?')
    expect(calls).toEqual([WEATHER_ARGS])
    expect(result.finalOutput).toBe(channel.toolAnswer(WEATHER_RESULT))
    expect(result.runContext.usage.requests).toBe(2)
    expect(await m.logsSince(since)).toHaveLength(2)
  })

  it('streams an agent run through its tool', async () => {
    calls.length = 0
    const agent = new Agent({ name: 'weather', instructions: 'Use the tool.', model, tools: [getWeather] })
    const result = await runner(mode).run(agent, 'What is the weather in Paris?', { stream: true })
    let text = ''
    for await (const delta of result.toTextStream()) text += delta
    await result.completed
    expect(calls).toEqual([WEATHER_ARGS])
    expect(text).toBe(channel.toolAnswer(WEATHER_RESULT))
    expect(result.finalOutput).toBe(channel.toolAnswer(WEATHER_RESULT))
  })

  it('answers a structured outputType', async () => {
    const agent = new Agent({
      name: 'reporter',
      instructions: 'Report as JSON.',
      model,
      outputType: z.object({ city: z.string(), temperature: z.number() }),
    })
    const result = await runner(mode).run(agent, 'Weather in Paris')
    expect(result.finalOutput).toEqual(CITY_VALUE)
  })

  it('a bad gateway key fails with the openai client’s AuthenticationError', async () => {
    const error = await runner(mode, 'sk-not-a-gateway-key')
      .run(new Agent({ name: 'greeter', model }), 'Hello')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError)
  })

  it('an abort mid-stream lets the upstream go, logs the partial answer and settles the hold', async () => {
    const since = await m.logCount()
    const controller = new AbortController()
    const result = await runner(mode).run(new Agent({ name: 'greeter', model }), HANG, {
      stream: true,
      signal: controller.signal,
    })
    let text = ''
    try {
      for await (const delta of result.toTextStream()) {
        text += delta
        controller.abort()
      }
    } catch (error) {
      expect(String((error as Error).message)).toMatch(/abort/i)
    }
    expect(text).toMatch(/^Hello (from )?$/)
    await expect.poll(() => m.upstreams[channel.protocol].openHangingStreams()).toBe(0)
    const logs = await m.logsSince(since)
    expect(logs).toHaveLength(1)
    expect(logs[0]?.completion_tokens).toBeGreaterThan(0)
    await m.expectLedgerBalanced()
  })
})

describe('agents SDK through the default client', () => {
  it('run() uses the client set by setDefaultOpenAIClient, in chat-completions mode', async () => {
    const since = await m.logCount()
    setDefaultOpenAIClient(
      new OpenAI({ apiKey: m.key, baseURL: `${m.url}/v1`, maxRetries: 0 }) as unknown as AgentsClient
    )
    setOpenAIAPI('chat_completions')
    const result = await run(new Agent({ name: 'greeter', model: 'claude-fake' }), 'Hello')
    expect(result.finalOutput).toBe(CHANNELS[1]?.text)
    expect((await m.logsSince(since)).map((l) => [l.model_name, l.prompt_tokens, l.completion_tokens])).toEqual([
      ['claude-fake', CHANNELS[1]?.prompt, CHANNELS[1]?.completion],
    ])
  })
})

describe('agents SDK, the ledger', () => {
  it('kept the ledger: the user paid exactly the logged answers', async () => {
    await m.expectLedgerBalanced()
  })
})
