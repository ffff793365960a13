import { expect } from 'vitest'
import {
  ANTHROPIC_KEY,
  ANTHROPIC_TEXT,
  ANTHROPIC_USAGE,
  startAnthropicUpstream,
} from './fake-upstreams/anthropic-upstream.ts'
import type { FakeServer } from './fake-upstreams/fake-server.ts'
import { GEMINI_KEY, GEMINI_TEXT, GEMINI_USAGE, startGeminiUpstream } from './fake-upstreams/gemini-upstream.ts'
import { OPENAI_KEY, OPENAI_TEXT, OPENAI_USAGE, startOpenAIUpstream } from './fake-upstreams/openai-upstream.ts'
import { createHarness, type Harness } from './harness.ts'
import { addChannel, addToken, consumeLogs, listen, quotaOf, settle } from './relay-fixtures.ts'

export { HANG } from './fake-upstreams/fake-server.ts'

/** One upstream protocol a client library is run against: its channel's model and the fake's fixed answer. */
export interface ChannelUnderTest {
  protocol: 'openai' | 'anthropic' | 'gemini'
  model: string
  /** an embedding model on the same channel, where the protocol has embeddings */
  embeddingModel?: string
  text: string
  prompt: number
  completion: number
  /** the fake's answer once it got the tool's result (each fake quotes the result its own way) */
  toolAnswer: (result: string) => string
}

/**
 * The three channels every client library is run against. Each fake quotes a tool result as
 * `The tool said: <result>` (Gemini's fake quotes the first string inside its response object).
 */
export const CHANNELS: ChannelUnderTest[] = [
  {
    protocol: 'openai',
    model: 'gpt-fake',
    embeddingModel: 'text-embedding-fake',
    text: OPENAI_TEXT,
    prompt: OPENAI_USAGE.prompt_tokens,
    completion: OPENAI_USAGE.completion_tokens,
    toolAnswer: (r) => `The tool said: ${r}`,
  },
  {
    protocol: 'anthropic',
    model: 'claude-fake',
    text: ANTHROPIC_TEXT,
    prompt: ANTHROPIC_USAGE.input_tokens,
    completion: ANTHROPIC_USAGE.output_tokens,
    toolAnswer: (r) => `The tool said: ${r}`,
  },
  {
    protocol: 'gemini',
    model: 'gemini-fake',
    embeddingModel: 'gemini-embedding-fake',
    text: GEMINI_TEXT,
    prompt: GEMINI_USAGE.promptTokenCount,
    completion: GEMINI_USAGE.candidatesTokenCount,
    toolAnswer: (r) => `The tool said: ${r}`,
  },
]

export const START_QUOTA = 100_000_000

/**
 * The gateway's own count of a one-message prompt 'Hello' (the tokenizer plus the per-message
 * overhead). A converted Anthropic stream announces it in message_start, before an upstream of
 * another protocol reports its exact figures (which come in message_delta and are logged).
 */
export const GATEWAY_COUNT_OF_HELLO = 8

export interface ClientMatrix {
  h: Harness
  /** the gateway's origin, e.g. http://127.0.0.1:1234 (clients add /v1 or /v1beta themselves) */
  url: string
  /** a token of a user with START_QUOTA */
  key: string
  userId: number
  upstreams: { openai: FakeServer; anthropic: FakeServer; gemini: FakeServer }
  /** the last request the channel's fake received */
  lastSent: (protocol: ChannelUnderTest['protocol']) => FakeServer['received'][number] | undefined
  /** waits for settlements and returns the consume log rows written since `since` (a count from `logCount`) */
  logsSince: (since: number) => Promise<Awaited<ReturnType<typeof consumeLogs>>>
  logCount: () => Promise<number>
  /** the ledger's promise: after every settlement the user paid exactly the sum of the log rows, no hold left */
  expectLedgerBalanced: () => Promise<void>
  close: () => Promise<void>
}

/**
 * The gateway on a real port with three strict fake upstreams behind one channel each
 * (OpenAI-compatible type 1, Anthropic 14, Gemini 24), for driving the client libraries people
 * use across protocol pairs.
 */
export async function startClientMatrix(): Promise<ClientMatrix> {
  const [openai, anthropic, gemini] = await Promise.all([
    startOpenAIUpstream(),
    startAnthropicUpstream(),
    startGeminiUpstream(),
  ])
  const h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: START_QUOTA })
  await addChannel(h, {
    name: 'openai-fake',
    type: 1,
    baseUrl: openai.url,
    key: OPENAI_KEY,
    models: 'gpt-fake,text-embedding-fake',
  })
  await addChannel(h, {
    name: 'anthropic-fake',
    type: 14,
    baseUrl: anthropic.url,
    key: ANTHROPIC_KEY,
    models: 'claude-fake',
  })
  await addChannel(h, {
    name: 'gemini-fake',
    type: 24,
    baseUrl: gemini.url,
    key: GEMINI_KEY,
    models: 'gemini-fake,gemini-embedding-fake',
  })
  await h.services.options.set(
    'ModelRatio',
    JSON.stringify({
      'gpt-fake': 1,
      'text-embedding-fake': 0.01,
      'claude-fake': 1.5,
      'gemini-fake': 0.5,
      'gemini-embedding-fake': 0.01,
    })
  )
  const { key } = await addToken(h, user.id)
  const server = await listen(h)
  const upstreams = { openai, anthropic, gemini }
  const logCount = async () => {
    await settle(h)
    return (await consumeLogs(h)).length
  }
  return {
    h,
    url: server.url,
    key,
    userId: user.id,
    upstreams,
    lastSent: (protocol) => upstreams[protocol].received.at(-1),
    logCount,
    logsSince: async (since) => {
      await settle(h)
      return (await consumeLogs(h)).slice(since)
    },
    expectLedgerBalanced: async () => {
      await settle(h)
      const paid = (await consumeLogs(h)).reduce((sum, log) => sum + Number(log.quota), 0)
      expect(await quotaOf(h, user.id)).toBe(START_QUOTA - paid)
    },
    close: async () => {
      await server.close()
      await h.close()
      await Promise.all([openai.stop(), anthropic.stop(), gemini.stop()])
    },
  }
}

/** A JSON Schema the structured-output tests ask for, and the value every fake answers for it. */
export const CITY_SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string' }, temperature: { type: 'number' } },
  required: ['city', 'temperature'],
  additionalProperties: false,
} as const
export const CITY_VALUE = { city: 'Paris', temperature: 21 }
/** The tool every test offers, and the arguments every fake calls it with. */
export const WEATHER_PARAMETERS = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
  additionalProperties: false,
} as const
export const WEATHER_ARGS = { city: 'Paris' }
export const WEATHER_RESULT = 'sunny, 21C'
