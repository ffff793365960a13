import { Agent, OpenAIResponsesModel, Runner, setTracingDisabled, tool } from '@openai/agents'
import OpenAI from 'openai'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { settle } from '../../test/relay-fixtures.ts'
import {
  apiKey,
  call,
  chat,
  client,
  continueRaw,
  firstTurn,
  h,
  lastChat,
  native,
  notFoundBody,
  otherKey,
  server,
  tools,
  useResponsesRig,
} from '../../test/responses-rig.ts'

/**
 * Stored responses, continued: previous_response_id on a channel that speaks Responses (and a retry
 * that moves to one that converts), GET and DELETE /v1/responses/{id}, and the Agents SDK with a
 * server-managed conversation.
 */
useResponsesRig()

describe('previous_response_id on a channel that speaks Responses', () => {
  const nativeAnswer = {
    id: 'resp_upstream',
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
        content: [{ type: 'output_text', text: 'Native', annotations: [] }],
      },
    ],
    usage: {
      input_tokens: 9,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 2,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 11,
    },
  }

  it('passes an id the gateway does not hold through: the upstream keeps that state', async () => {
    native.answer = () => ({ json: nativeAnswer })
    await client.responses.create({ model: 'gpt-5', previous_response_id: 'resp_upstream_earlier', input: 'Go on' })
    expect(native.seen.at(-1)?.body).toEqual({
      model: 'gpt-5',
      previous_response_id: 'resp_upstream_earlier',
      input: 'Go on',
    })
  })

  it('sends the stored conversation as input items for a response the gateway made over chat', async () => {
    native.answer = () => ({ json: nativeAnswer })
    const { first, call } = await firstTurn()
    const answer = await client.responses.create({
      model: 'gpt-5',
      previous_response_id: first.id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: '18°C' }],
    })
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
    const answer = await client.responses.create({
      model: 'chat-first',
      previous_response_id: 'resp_upstream_earlier',
      input: 'Go on',
    })
    expect(answer.output_text).toBe('Native')
    expect(native.seen.at(-1)?.body).toEqual({
      model: 'chat-first',
      previous_response_id: 'resp_upstream_earlier',
      input: 'Go on',
    })
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
      const answer = await client.responses.create({
        model: 'mixed',
        previous_response_id: first.id,
        input: [{ type: 'function_call_output', call_id: call.call_id, output: '18°C' }],
        tools,
      })
      expect(native.seen.at(-1)?.body).toMatchObject({
        model: 'mixed',
        input: [{ role: 'user' }, { type: 'function_call' }, { type: 'function_call_output' }],
      })
      expect(native.seen.at(-1)?.body).not.toHaveProperty('previous_response_id')
      expect(lastChat()?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool'])
      expect(answer.output_text).toBe('It is 18°C in Paris.')
    })

    it('an id the gateway does not hold goes only to channels that speak Responses, as it is', async () => {
      const seen = chat.seen.length
      const answer = await continueRaw(apiKey, {
        model: 'mixed',
        previous_response_id: 'resp_elsewhere',
        input: 'Go on',
      })
      expect(native.seen.at(-1)?.body).toEqual({
        model: 'mixed',
        previous_response_id: 'resp_elsewhere',
        input: 'Go on',
      })
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
    expect(read).toMatchObject({
      id: first.id,
      object: 'response',
      status: 'completed',
      model: 'weather-chat',
      instructions: 'Answer briefly.',
      created_at: first.created_at,
    })
    expect(read.output).toEqual([
      {
        type: 'function_call',
        id: `fc_${toolCall.call_id}`,
        call_id: toolCall.call_id,
        name: 'get_weather',
        arguments: '{"city":"Paris"}',
        status: 'completed',
      },
    ])

    const hidden = {
      error: {
        message: expect.stringMatching(new RegExp(`^Response with id '${first.id}' not found\\.`)),
        type: 'invalid_request_error',
        param: 'response_id',
        code: 'response_not_found',
      },
    }
    expect(await call('GET', `/${first.id}`, otherKey)).toEqual({ status: 404, body: hidden })
    expect(await call('DELETE', `/${first.id}`, otherKey)).toEqual({ status: 404, body: hidden })

    expect(await call('DELETE', `/${first.id}`, apiKey)).toEqual({
      status: 200,
      body: { id: first.id, object: 'response', deleted: true },
    })
    expect(await call('GET', `/${first.id}`, apiKey)).toEqual({ status: 404, body: hidden })
    const answer = await continueRaw(apiKey, {
      model: 'weather-chat',
      previous_response_id: first.id,
      input: [{ type: 'function_call_output', call_id: toolCall.call_id, output: '18°C' }],
    })
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
    const weather = tool({
      name: 'get_weather',
      description: 'The weather in a city',
      parameters: z.object({ city: z.string() }),
      execute: async () => '18°C',
    })
    const agent = new Agent({
      name: 'weather',
      instructions: 'Answer briefly.',
      tools: [weather],
      model: new OpenAIResponsesModel(recording as never, 'weather-chat'),
    })
    const runner = new Runner({ tracingDisabled: true })

    const first = await runner.run(agent, 'Weather in Paris?')
    expect(first.finalOutput).toBe('It is 18°C in Paris.')
    await settle(h)
    sent.length = 0
    const second = await runner.run(agent, 'And in Rome?', { previousResponseId: first.lastResponseId })
    expect(second.finalOutput).toBe('It is 18°C in Paris.')

    // Both calls of the second run continue a stored response and carry only what is new.
    expect(
      sent.map((body) => [
        typeof body.previous_response_id,
        (body.input as { type?: string; role?: string }[]).map((item) => item.type ?? item.role),
      ])
    ).toEqual([
      ['string', ['user']],
      ['string', ['function_call_output']],
    ])
    expect(lastChat()?.messages.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
      'assistant',
      'tool',
    ])
    expect(lastChat()?.messages.at(5)).toEqual({ role: 'user', content: 'And in Rome?' })
  })
})
