import { ChatAnthropic } from '@langchain/anthropic'
import type { BaseChatModel } from '@langchain/core/language_models/chat_models'
import { AIMessage, AIMessageChunk, HumanMessage, ToolMessage } from '@langchain/core/messages'
import { ChatOpenAI, OpenAIEmbeddings } from '@langchain/openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  CHANNELS,
  CITY_VALUE,
  GATEWAY_COUNT_OF_HELLO,
  HANG,
  startClientMatrix,
  WEATHER_ARGS,
  WEATHER_RESULT,
  type ClientMatrix,
} from '../../../test/client-matrix.ts'

/**
 * LangChain's ChatOpenAI (chat completions and its Responses mode) and ChatAnthropic pointed at
 * the gateway, each against an OpenAI, an Anthropic and a Gemini channel (strict fakes):
 * invoke, stream, bindTools round trips, withStructuredOutput, usage_metadata, errors, aborts.
 */
let m: ClientMatrix

beforeAll(async () => {
  m = await startClientMatrix()
})
afterAll(async () => {
  await m.close()
})

type Flavour = 'ChatOpenAI' | 'ChatOpenAI.responses' | 'ChatAnthropic'
const FLAVOURS: Flavour[] = ['ChatOpenAI', 'ChatOpenAI.responses', 'ChatAnthropic']

function chatModel(flavour: Flavour, model: string, apiKey = m.key): BaseChatModel {
  if (flavour === 'ChatAnthropic')
    return new ChatAnthropic({ model, apiKey, anthropicApiUrl: m.url, maxRetries: 0, maxTokens: 256 })
  return new ChatOpenAI({
    model,
    apiKey,
    configuration: { baseURL: `${m.url}/v1` },
    maxRetries: 0,
    useResponsesApi: flavour === 'ChatOpenAI.responses',
  })
}

const weatherTool = { name: 'get_weather', description: 'Weather in a city', schema: z.object({ city: z.string() }) }
const ask = new HumanMessage('What is the weather in Paris?')

const pairs = FLAVOURS.flatMap((flavour) =>
  CHANNELS.map((channel) => ({ flavour, channel, label: `${flavour} on the ${channel.protocol} channel` }))
)

describe.each(pairs)('langchain: $label', ({ flavour, channel }) => {
  const { model } = channel

  it('invoke answers with usage_metadata equal to the fake usage, logged exactly', async () => {
    const since = await m.logCount()
    const answer = await chatModel(flavour, model).invoke('Hello')
    expect(answer.text).toBe(channel.text)
    expect(answer.usage_metadata).toMatchObject({
      input_tokens: channel.prompt,
      output_tokens: channel.completion,
      total_tokens: channel.prompt + channel.completion,
    })
    const logs = await m.logsSince(since)
    expect(logs.map((l) => [l.model_name, l.prompt_tokens, l.completion_tokens])).toEqual([
      [model, channel.prompt, channel.completion],
    ])
  })

  it('stream yields the answer and usage_metadata', async () => {
    const since = await m.logCount()
    let whole: AIMessageChunk | undefined
    for await (const chunk of await chatModel(flavour, model).stream('Hello'))
      whole = whole === undefined ? chunk : whole.concat(chunk)
    expect(whole?.text).toBe(channel.text)
    // ChatAnthropic reads the input tokens from message_start, where a converted stream has the gateway's own count.
    expect(whole?.usage_metadata?.input_tokens).toBe(
      flavour === 'ChatAnthropic' && channel.protocol !== 'anthropic' ? GATEWAY_COUNT_OF_HELLO : channel.prompt
    )
    // ChatAnthropic adds message_start's output count (Anthropic sends 1 there) to message_delta's.
    if (flavour === 'ChatAnthropic')
      expect(whole?.usage_metadata?.output_tokens).toBeOneOf([channel.completion, channel.completion + 1])
    else expect(whole?.usage_metadata?.output_tokens).toBe(channel.completion)
    const logs = await m.logsSince(since)
    expect(logs.map((l) => [l.prompt_tokens, l.completion_tokens, Boolean(l.is_stream)])).toEqual([
      [channel.prompt, channel.completion, true],
    ])
  })

  it('bindTools: call, ToolMessage, answer', async () => {
    const bound = chatModel(flavour, model).bindTools?.([weatherTool])
    if (!bound) throw new Error('bindTools is missing')
    const first = (await bound.invoke([ask])) as AIMessage
    expect(first.tool_calls?.map((c) => [c.name, c.args])).toEqual([['get_weather', WEATHER_ARGS]])
    const call = first.tool_calls?.[0]
    const second = await bound.invoke([
      ask,
      first,
      new ToolMessage({ tool_call_id: call?.id ?? '', content: WEATHER_RESULT }),
    ])
    expect(second.text).toBe(channel.toolAnswer(WEATHER_RESULT))
  })

  it('bindTools streamed: the call arrives in chunks, the answer after the result', async () => {
    const bound = chatModel(flavour, model).bindTools?.([weatherTool])
    if (!bound) throw new Error('bindTools is missing')
    let first: AIMessageChunk | undefined
    for await (const chunk of await bound.stream([ask])) first = first === undefined ? chunk : first.concat(chunk)
    expect(first?.tool_calls?.map((c) => [c.name, c.args])).toEqual([['get_weather', WEATHER_ARGS]])
    let second: AIMessageChunk | undefined
    const history = [
      ask,
      first as AIMessageChunk,
      new ToolMessage({ tool_call_id: first?.tool_calls?.[0]?.id ?? '', content: WEATHER_RESULT }),
    ]
    for await (const chunk of await bound.stream(history)) second = second === undefined ? chunk : second.concat(chunk)
    expect(second?.text).toBe(channel.toolAnswer(WEATHER_RESULT))
  })

  it('withStructuredOutput answers the schema’s object', async () => {
    const structuredModel = chatModel(flavour, model).withStructuredOutput(
      z.object({ city: z.string(), temperature: z.number() })
    )
    expect(await structuredModel.invoke('Weather in Paris')).toEqual(CITY_VALUE)
  })

  it('a bad gateway key fails with the provider client’s authentication error (401)', async () => {
    const error = await chatModel(flavour, model, 'sk-not-a-gateway-key')
      .invoke('Hello')
      .catch((e: unknown) => e)
    expect((error as { status?: number }).status).toBe(401)
    // LangChain tags the failure so callers can tell a bad key from other errors.
    expect((error as { lc_error_code?: string }).lc_error_code).toBe('MODEL_AUTHENTICATION')
  })

  it('an abort mid-stream lets the upstream go, logs the partial answer and settles the hold', async () => {
    const since = await m.logCount()
    const controller = new AbortController()
    let text = ''
    const reading = (async () => {
      for await (const chunk of await chatModel(flavour, model).stream(HANG, { signal: controller.signal })) {
        text += chunk.text
        if (text !== '') controller.abort()
      }
    })()
    await reading.catch((error: unknown) => expect(String((error as Error).message)).toMatch(/abort/i))
    expect(text).toMatch(/^Hello (from )?$/)
    await expect.poll(() => m.upstreams[channel.protocol].openHangingStreams()).toBe(0)
    const logs = await m.logsSince(since)
    expect(logs).toHaveLength(1)
    expect(logs[0]?.completion_tokens).toBeGreaterThan(0)
    await m.expectLedgerBalanced()
  })
})

describe.each(CHANNELS.filter((c) => c.embeddingModel !== undefined))(
  'langchain OpenAIEmbeddings on the $protocol channel',
  (channel) => {
    it('embeds documents and a query, one log row each', async () => {
      const since = await m.logCount()
      const embeddings = new OpenAIEmbeddings({
        model: channel.embeddingModel,
        apiKey: m.key,
        configuration: { baseURL: `${m.url}/v1` },
        maxRetries: 0,
      })
      expect(await embeddings.embedDocuments(['hello', 'world'])).toEqual([
        [0.25, -0.5, 0.75],
        [0.25, -0.5, 0.75],
      ])
      expect(await embeddings.embedQuery('hello')).toEqual([0.25, -0.5, 0.75])
      expect((await m.logsSince(since)).map((l) => l.model_name)).toEqual([
        channel.embeddingModel,
        channel.embeddingModel,
      ])
    })
  }
)

describe('langchain, the ledger', () => {
  it('kept the ledger: the user paid exactly the logged answers', async () => {
    await m.expectLedgerBalanced()
  })
})
