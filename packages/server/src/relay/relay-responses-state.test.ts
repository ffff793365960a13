import { Agent, OpenAIResponsesModel, Runner, setTracingDisabled, tool } from '@openai/agents'
import OpenAI from 'openai'
import { z } from 'zod'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, quotaOf, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedAnswer, type ScriptedUpstream } from '../../test/scripted-upstream.ts'
import { sweepStoredResponses } from '../services/responses/response-store.ts'

/**
 * previous_response_id on a channel that speaks only Chat Completions: the gateway keeps what it
 * converted and rebuilds the conversation, as OpenAI's own Responses API keeps it upstream.
 */
type ChatMessage = { role: string; content?: unknown; tool_calls?: { id: string }[]; tool_call_id?: string }

let h: Harness
let chat: ScriptedUpstream
let native: ScriptedUpstream
let server: { url: string; close: () => Promise<void> }
let client: OpenAI
let otherClient: OpenAI
let userId: number
let apiKey: string
let otherKey: string

const tools = [{ type: 'function' as const, name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: false }]

/** Refuses a tool message that no earlier assistant tool call asked for, with OpenAI's own 400. */
function orphanToolMessage(messages: ChatMessage[]): boolean {
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
function answerChat(_path: string, body: Record<string, unknown>): ScriptedAnswer {
  const messages = body.messages as ChatMessage[]
  if (orphanToolMessage(messages)) {
    return { status: 400, json: { error: { message: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.", type: 'invalid_request_error', param: 'messages.[1].role', code: null } } }
  }
  const usage = { prompt_tokens: 10 * messages.length, completion_tokens: messages.at(-1)?.role === 'tool' ? 7 : 5, total_tokens: 0 }
  usage.total_tokens = usage.prompt_tokens + usage.completion_tokens
  const message =
    messages.at(-1)?.role === 'tool'
      ? { role: 'assistant', content: 'It is 18°C in Paris.' }
      : { role: 'assistant', content: null, tool_calls: [{ id: `call_${messages.length}`, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] }
  if (body.stream === true) {
    const chunk = (delta: unknown, finish: string | null) => `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
    const delta = message.tool_calls ? { role: 'assistant', tool_calls: message.tool_calls.map((call, index) => ({ index, ...call })) } : { role: 'assistant', content: message.content }
    return { sse: chunk(delta, null) + chunk({}, message.tool_calls ? 'tool_calls' : 'stop') + `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [], usage })}\n\ndata: [DONE]\n\n` }
  }
  return { json: { id: 'c1', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message, finish_reason: message.tool_calls ? 'tool_calls' : 'stop' }], usage } }
}

const lastChat = () => chat.seen.at(-1)?.body as { messages: ChatMessage[] } | undefined

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
  await addChannel(h, { name: 'mixed-openai', type: 1, baseUrl: native.url, models: 'mixed', priority: 10, autoBan: false })
  await addChannel(h, { name: 'mixed-chat', type: 43, baseUrl: chat.url, models: 'mixed', priority: 0, autoBan: false })
  // And the other way round: the chat channel first.
  await addChannel(h, { name: 'chat-first', type: 43, baseUrl: chat.url, models: 'chat-first', priority: 10, autoBan: false })
  await addChannel(h, { name: 'openai-second', type: 1, baseUrl: native.url, models: 'chat-first', priority: 0, autoBan: false })
  await h.services.options.set('ModelRatio', JSON.stringify({ 'weather-chat': 1, 'gpt-5': 1, mixed: 1, 'chat-first': 1 }))
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

/** The first turn: the model asks for get_weather. */
async function firstTurn(extra: { store?: boolean } = {}) {
  const first = await client.responses.create({ model: 'weather-chat', instructions: 'Answer briefly.', input: 'Weather in Paris?', tools, ...extra })
  const call = first.output.find((item) => item.type === 'function_call')
  if (call?.type !== 'function_call') throw new Error(`no function call in ${JSON.stringify(first.output)}`)
  await settle(h)
  return { first, call }
}

const notFoundBody = (id: string) => ({
  error: { message: expect.stringMatching(new RegExp(`^Previous response with id '${id}' not found\\.`)), type: 'invalid_request_error', param: 'previous_response_id', code: 'previous_response_not_found' },
})

async function call(method: string, path: string, key: string, body?: Record<string, unknown>) {
  const response = await fetch(`${server.url}/v1/responses${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'accept-language': 'en' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as unknown }
}

const continueRaw = (key: string, body: Record<string, unknown>) => call('POST', '', key, body)

describe('previous_response_id on a chat-only channel', () => {
  it('rebuilds the conversation for the function_call_output turn, with one exact log row per call', async () => {
    const logsBefore = (await consumeLogs(h)).length
    const { first, call } = await firstTurn()
    expect(first.id).toMatch(/^resp_/)
    expect(call).toMatchObject({ call_id: 'call_2', name: 'get_weather', arguments: '{"city":"Paris"}' })

    const second = await client.responses.create({
      model: 'weather-chat',
      instructions: 'Answer briefly.',
      previous_response_id: first.id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: '18°C' }],
      tools,
    })
    expect(lastChat()?.messages).toEqual([
      { role: 'system', content: 'Answer briefly.' },
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: 'call_2', content: '18°C' },
    ])
    expect(lastChat()).not.toHaveProperty('previous_response_id')
    expect(second.output_text).toBe('It is 18°C in Paris.')
    expect(second.usage).toMatchObject({ input_tokens: 40, output_tokens: 7 })

    await settle(h)
    const logs = (await consumeLogs(h)).slice(logsBefore)
    expect(logs.map((log) => [log.model_name, log.prompt_tokens, log.completion_tokens])).toEqual([
      ['weather-chat', 20, 5],
      ['weather-chat', 40, 7],
    ])
  })

  it('continues a chain of answers, each turn carrying every earlier one', async () => {
    const { first, call } = await firstTurn()
    const second = await client.responses.create({ model: 'weather-chat', previous_response_id: first.id, input: [{ type: 'function_call_output', call_id: call.call_id, output: '18°C' }], tools })
    await settle(h)
    await client.responses.create({ model: 'weather-chat', previous_response_id: second.id, input: 'And tomorrow?', tools })
    // Instructions are not carried over (as OpenAI does): this turn sent none.
    expect(lastChat()?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user'])
    expect(lastChat()?.messages.at(3)).toEqual({ role: 'assistant', content: 'It is 18°C in Paris.' })
  })

  it('continues streamed turns the same way', async () => {
    const first = await client.responses.stream({ model: 'weather-chat', input: 'Weather in Paris?', tools }).finalResponse()
    const call = first.output.find((item) => item.type === 'function_call')
    expect(call).toMatchObject({ type: 'function_call', call_id: 'call_1' })
    const second = await client.responses
      .stream({ model: 'weather-chat', previous_response_id: first.id, input: [{ type: 'function_call_output', call_id: 'call_1', output: '18°C' }], tools })
      .finalResponse()
    expect(lastChat()?.messages).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: '18°C' },
    ])
    expect(second.output_text).toBe('It is 18°C in Paris.')
  })

  it("refuses another token's response as not found, before any upstream call or reservation", async () => {
    const { first, call } = await firstTurn()
    const seen = chat.seen.length
    const quota = await quotaOf(h, userId)
    const logs = (await consumeLogs(h)).length
    const error = await otherClient.responses
      .create({ model: 'weather-chat', previous_response_id: first.id, input: [{ type: 'function_call_output', call_id: call.call_id, output: '18°C' }], tools })
      .then(() => undefined, (e: unknown) => e)
    expect(error).toBeInstanceOf(OpenAI.BadRequestError)
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).error).toEqual(notFoundBody(first.id).error)
    expect(chat.seen.length).toBe(seen)
    await settle(h)
    expect(await quotaOf(h, userId)).toBe(quota)
    expect((await consumeLogs(h)).length).toBe(logs)
  })

  it('answers an unknown id in the Responses API error shape', async () => {
    const answer = await continueRaw(apiKey, { model: 'weather-chat', previous_response_id: 'resp_unknown', input: [{ type: 'function_call_output', call_id: 'call_1', output: 'x' }] })
    expect(answer).toEqual({ status: 400, body: notFoundBody('resp_unknown') })
  })

  it('does not keep a response made with store: false', async () => {
    const { first, call } = await firstTurn({ store: false })
    const answer = await continueRaw(apiKey, { model: 'weather-chat', previous_response_id: first.id, input: [{ type: 'function_call_output', call_id: call.call_id, output: '18°C' }] })
    expect(answer).toEqual({ status: 400, body: notFoundBody(first.id) })
  })

  it('forgets a response once the retention has passed, and the sweep deletes its row', async () => {
    const { first, call } = await firstTurn()
    await h.services.options.set('ResponsesStoreRetentionHours', '1')
    // As if the answer had been given two hours ago.
    await h.services.db.updateTable('stored_responses').set({ created_at: Math.floor(Date.now() / 1000) - 7200 }).where('id', '=', first.id).execute()
    const answer = await continueRaw(apiKey, { model: 'weather-chat', previous_response_id: first.id, input: [{ type: 'function_call_output', call_id: call.call_id, output: '18°C' }] })
    expect(answer).toEqual({ status: 400, body: notFoundBody(first.id) })
    expect(await sweepStoredResponses(h.services)).toBeGreaterThanOrEqual(1)
    expect(await h.services.db.selectFrom('stored_responses').select('id').where('id', '=', first.id).executeTakeFirst()).toBeUndefined()
  })

  it('with retention 0 stores nothing and says the gateway keeps no response state', async () => {
    await h.services.options.set('ResponsesStoreRetentionHours', '0')
    const { first, call } = await firstTurn()
    expect(await h.services.db.selectFrom('stored_responses').select('id').where('id', '=', first.id).executeTakeFirst()).toBeUndefined()
    const answer = await continueRaw(apiKey, { model: 'weather-chat', previous_response_id: first.id, input: [{ type: 'function_call_output', call_id: call.call_id, output: '18°C' }] })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      error: { message: expect.stringContaining('this gateway keeps no response state'), type: 'invalid_request_error', param: 'previous_response_id', code: 'previous_response_not_found' },
    })
  })
})

describe('previous_response_id on a channel that speaks Responses', () => {
  const nativeAnswer = {
    id: 'resp_upstream',
    object: 'response',
    created_at: 1,
    status: 'completed',
    model: 'gpt-5',
    output: [{ type: 'message', id: 'msg_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Native', annotations: [] }] }],
    usage: { input_tokens: 9, input_tokens_details: { cached_tokens: 0 }, output_tokens: 2, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 11 },
  }

  it('passes an id the gateway does not hold through: the upstream keeps that state', async () => {
    native.answer = () => ({ json: nativeAnswer })
    await client.responses.create({ model: 'gpt-5', previous_response_id: 'resp_upstream_earlier', input: 'Go on' })
    expect(native.seen.at(-1)?.body).toEqual({ model: 'gpt-5', previous_response_id: 'resp_upstream_earlier', input: 'Go on' })
  })

  it('sends the stored conversation as input items for a response the gateway made over chat', async () => {
    native.answer = () => ({ json: nativeAnswer })
    const { first, call } = await firstTurn()
    const answer = await client.responses.create({ model: 'gpt-5', previous_response_id: first.id, input: [{ type: 'function_call_output', call_id: call.call_id, output: '18°C' }] })
    expect(answer.output_text).toBe('Native')
    expect(native.seen.at(-1)?.body).toEqual({
      model: 'gpt-5',
      input: [
        { type: 'message', role: 'user', content: 'Weather in Paris?' },
        { type: 'function_call', call_id: 'call_2', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call_output', call_id: 'call_2', output: '18°C' },
      ],
    })
  })

  it('an id the gateway does not hold skips a chat channel of higher priority, with no retry needed', async () => {
    native.answer = () => ({ json: nativeAnswer })
    const seen = chat.seen.length
    const answer = await client.responses.create({ model: 'chat-first', previous_response_id: 'resp_upstream_earlier', input: 'Go on' })
    expect(answer.output_text).toBe('Native')
    expect(native.seen.at(-1)?.body).toEqual({ model: 'chat-first', previous_response_id: 'resp_upstream_earlier', input: 'Go on' })
    expect(chat.seen.length).toBe(seen)
  })

  describe('when a retry moves from a channel that speaks Responses to one that converts', () => {
    beforeEach(async () => {
      await h.services.options.set('RetryTimes', '1')
      native.answer = () => ({ status: 500, json: { error: { message: 'upstream broke', type: 'server_error' } } })
    })
    afterEach(async () => {
      await h.services.options.set('RetryTimes', '0')
    })

    it('a stored conversation reaches both channels whole', async () => {
      const { first, call } = await firstTurn()
      const answer = await client.responses.create({ model: 'mixed', previous_response_id: first.id, input: [{ type: 'function_call_output', call_id: call.call_id, output: '18°C' }], tools })
      expect(native.seen.at(-1)?.body).toMatchObject({ model: 'mixed', input: [{ role: 'user' }, { type: 'function_call' }, { type: 'function_call_output' }] })
      expect(native.seen.at(-1)?.body).not.toHaveProperty('previous_response_id')
      expect(lastChat()?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool'])
      expect(answer.output_text).toBe('It is 18°C in Paris.')
    })

    it('an id the gateway does not hold goes only to channels that speak Responses, as it is', async () => {
      const seen = chat.seen.length
      const answer = await continueRaw(apiKey, { model: 'mixed', previous_response_id: 'resp_elsewhere', input: 'Go on' })
      expect(native.seen.at(-1)?.body).toEqual({ model: 'mixed', previous_response_id: 'resp_elsewhere', input: 'Go on' })
      // The chat channel is not tried: it could only have refused the id; the client sees the real failure.
      expect(chat.seen.length).toBe(seen)
      expect(answer.status).toBe(500)
      expect(answer.body).toMatchObject({ error: { message: expect.stringContaining('upstream broke') } })
    })
  })
})

describe('GET and DELETE /v1/responses/{id}', () => {
  it('reads a stored response back for its token only, and deletes it for good', async () => {
    const { first, call: toolCall } = await firstTurn()
    const read = await client.responses.retrieve(first.id)
    expect(read).toMatchObject({ id: first.id, object: 'response', status: 'completed', model: 'weather-chat', instructions: 'Answer briefly.', created_at: first.created_at })
    expect(read.output).toEqual([{ type: 'function_call', id: `fc_${toolCall.call_id}`, call_id: toolCall.call_id, name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' }])

    const hidden = { error: { message: expect.stringMatching(new RegExp(`^Response with id '${first.id}' not found\\.`)), type: 'invalid_request_error', param: 'response_id', code: 'response_not_found' } }
    expect(await call('GET', `/${first.id}`, otherKey)).toEqual({ status: 404, body: hidden })
    expect(await call('DELETE', `/${first.id}`, otherKey)).toEqual({ status: 404, body: hidden })

    expect(await call('DELETE', `/${first.id}`, apiKey)).toEqual({ status: 200, body: { id: first.id, object: 'response', deleted: true } })
    expect(await call('GET', `/${first.id}`, apiKey)).toEqual({ status: 404, body: hidden })
    const answer = await continueRaw(apiKey, { model: 'weather-chat', previous_response_id: first.id, input: [{ type: 'function_call_output', call_id: toolCall.call_id, output: '18°C' }] })
    expect(answer).toEqual({ status: 400, body: notFoundBody(first.id) })
  })
})

describe('the Agents SDK with a server-managed conversation', () => {
  it('runs a tool loop on a chat-only channel sending only new items after previous_response_id', async () => {
    setTracingDisabled(true)
    // What the SDK sends the gateway, to see that it relies on the stored state.
    const sent: Record<string, unknown>[] = []
    const recording = new OpenAI({
      apiKey,
      baseURL: `${server.url}/v1`,
      maxRetries: 0,
      fetch: async (url, init) => {
        if (typeof init?.body === 'string') sent.push(JSON.parse(init.body) as Record<string, unknown>)
        return fetch(url, init)
      },
    })
    const weather = tool({ name: 'get_weather', description: 'The weather in a city', parameters: z.object({ city: z.string() }), execute: async () => '18°C' })
    const agent = new Agent({ name: 'weather', instructions: 'Answer briefly.', tools: [weather], model: new OpenAIResponsesModel(recording as never, 'weather-chat') })
    const runner = new Runner({ tracingDisabled: true })

    const first = await runner.run(agent, 'Weather in Paris?')
    expect(first.finalOutput).toBe('It is 18°C in Paris.')
    await settle(h)
    sent.length = 0
    const second = await runner.run(agent, 'And in Rome?', { previousResponseId: first.lastResponseId })
    expect(second.finalOutput).toBe('It is 18°C in Paris.')

    // Both calls of the second run continue a stored response and carry only what is new.
    expect(sent.map((body) => [typeof body.previous_response_id, (body.input as { type?: string; role?: string }[]).map((item) => item.type ?? item.role)])).toEqual([
      ['string', ['user']],
      ['string', ['function_call_output']],
    ])
    expect(lastChat()?.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'user', 'assistant', 'tool'])
    expect(lastChat()?.messages.at(5)).toEqual({ role: 'user', content: 'And in Rome?' })
  })
})
