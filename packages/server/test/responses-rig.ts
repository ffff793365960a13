import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { createHarness, type Harness } from './harness.ts'
import { addChannel, addToken, listen, settle } from './relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedAnswer, type ScriptedUpstream } from './scripted-upstream.ts'

/**
 * The gateway the stored-response files call: a chat-only upstream (and one that speaks Responses),
 * the channels on them, two users with their own OpenAI clients, and the calls both files make.
 */

export type ChatMessage = { role: string; content?: unknown; tool_calls?: { id: string }[]; tool_call_id?: string }

export let h: Harness
export let chat: ScriptedUpstream
export let native: ScriptedUpstream
export let server: { url: string; close: () => Promise<void> }
export let client: OpenAI
export let otherClient: OpenAI
export let userId: number
export let apiKey: string
export let otherKey: string

export const tools = [
  {
    type: 'function' as const,
    name: 'get_weather',
    parameters: { type: 'object', properties: { city: { type: 'string' } } },
    strict: false,
  },
]

/** Refuses a tool message that no earlier assistant tool call asked for, with OpenAI's own 400. */
export function orphanToolMessage(messages: ChatMessage[]): boolean {
  const asked = new Set<string>()
  for (const message of messages) {
    for (const call of message.tool_calls ?? []) asked.add(call.id)
    if (message.role === 'tool' && !asked.has(message.tool_call_id ?? '')) return true
  }
  return false
}

/**
 * A chat-only upstream: a conversation ending in the user's question gets a get_weather call, one
 * ending in the tool's result gets the answer. Prompt tokens are 10 per message, so each call's
 * log row can be checked exactly.
 */
export function answerChat(_path: string, body: Record<string, unknown>): ScriptedAnswer {
  const messages = body.messages as ChatMessage[]
  if (orphanToolMessage(messages)) {
    return {
      status: 400,
      json: {
        error: {
          message:
            "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
          type: 'invalid_request_error',
          param: 'messages.[1].role',
          code: null,
        },
      },
    }
  }
  const usage = {
    prompt_tokens: 10 * messages.length,
    completion_tokens: messages.at(-1)?.role === 'tool' ? 7 : 5,
    total_tokens: 0,
  }
  usage.total_tokens = usage.prompt_tokens + usage.completion_tokens
  const message =
    messages.at(-1)?.role === 'tool'
      ? { role: 'assistant', content: 'It is 18°C in Paris.' }
      : {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: `call_${messages.length}`,
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
            },
          ],
        }
  if (body.stream === true) {
    const chunk = (delta: unknown, finish: string | null) =>
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
    const delta = message.tool_calls
      ? { role: 'assistant', tool_calls: message.tool_calls.map((call, index) => ({ index, ...call })) }
      : { role: 'assistant', content: message.content }
    return {
      sse:
        chunk(delta, null) +
        chunk({}, message.tool_calls ? 'tool_calls' : 'stop') +
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [], usage })}\n\ndata: [DONE]\n\n`,
    }
  }
  return {
    json: {
      id: 'c1',
      object: 'chat.completion',
      created: 1,
      model: 'm',
      choices: [{ index: 0, message, finish_reason: message.tool_calls ? 'tool_calls' : 'stop' }],
      usage,
    },
  }
}

export const lastChat = () => chat.seen.at(-1)?.body as { messages: ChatMessage[] } | undefined

/** Registers the hooks that start both upstreams, the gateway, its channels and two users' clients for the calling test file. */
export function useResponsesRig(): void {
  beforeAll(async () => {
    chat = await startScriptedUpstream()
    chat.answer = answerChat
    native = await startScriptedUpstream()
    h = await createHarness()
    await h.setupRoot()
    const user = await h.createUser(1, { quota: 10_000_000 })
    userId = user.id
    // DeepSeek speaks only Chat Completions; the OpenAI channel speaks Responses itself.
    await addChannel(h, { name: 'chat-only', type: 43, baseUrl: chat.url, models: 'weather-chat' })
    await addChannel(h, { name: 'openai', type: 1, baseUrl: native.url, models: 'gpt-5' })
    // One model on both kinds: the OpenAI channel is tried first, the chat one on a retry.
    await addChannel(h, {
      name: 'mixed-openai',
      type: 1,
      baseUrl: native.url,
      models: 'mixed',
      priority: 10,
      autoBan: false,
    })
    await addChannel(h, {
      name: 'mixed-chat',
      type: 43,
      baseUrl: chat.url,
      models: 'mixed',
      priority: 0,
      autoBan: false,
    })
    // And the other way round: the chat channel first.
    await addChannel(h, {
      name: 'chat-first',
      type: 43,
      baseUrl: chat.url,
      models: 'chat-first',
      priority: 10,
      autoBan: false,
    })
    await addChannel(h, {
      name: 'openai-second',
      type: 1,
      baseUrl: native.url,
      models: 'chat-first',
      priority: 0,
      autoBan: false,
    })
    await h.services.options.set(
      'ModelRatio',
      JSON.stringify({ 'weather-chat': 1, 'gpt-5': 1, mixed: 1, 'chat-first': 1 })
    )
    const { key } = await addToken(h, user.id)
    const other = await addToken(h, user.id, { name: 'other' })
    apiKey = key
    otherKey = other.key
    server = await listen(h)
    const headers = { 'accept-language': 'en' }
    client = new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0, defaultHeaders: headers })
    otherClient = new OpenAI({ apiKey: other.key, baseURL: `${server.url}/v1`, maxRetries: 0, defaultHeaders: headers })
  })
  beforeEach(async () => {
    await h.services.options.set('ResponsesStoreRetentionHours', '168')
  })
  afterAll(async () => {
    await server.close()
    await h.close()
    await chat.stop()
    await native.stop()
  })
}

/** The first turn: the model asks for get_weather. */
export async function firstTurn(extra: { store?: boolean } = {}) {
  const first = await client.responses.create({
    model: 'weather-chat',
    instructions: 'Answer briefly.',
    input: 'Weather in Paris?',
    tools,
    ...extra,
  })
  const call = first.output.find((item) => item.type === 'function_call')
  if (call?.type !== 'function_call') throw new Error(`no function call in ${JSON.stringify(first.output)}`)
  await settle(h)
  return { first, call }
}

export const notFoundBody = (id: string) => ({
  error: {
    message: expect.stringMatching(new RegExp(`^Previous response with id '${id}' not found\\.`)),
    type: 'invalid_request_error',
    param: 'previous_response_id',
    code: 'previous_response_not_found',
  },
})

export async function call(method: string, path: string, key: string, body?: Record<string, unknown>) {
  const response = await fetch(`${server.url}/v1/responses${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'accept-language': 'en' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as unknown }
}

export const continueRaw = (key: string, body: Record<string, unknown>) => call('POST', '', key, body)
