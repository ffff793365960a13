import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import { consumeLogs, quotaOf, settle } from '../../test/relay-fixtures.ts'
import {
  apiKey,
  chat,
  client,
  continueRaw,
  firstTurn,
  h,
  lastChat,
  notFoundBody,
  otherClient,
  tools,
  useResponsesRig,
  userId,
} from '../../test/responses-rig.ts'
import { sweepStoredResponses } from '../services/responses/response-store.ts'

/**
 * previous_response_id on a channel that speaks only Chat Completions: the gateway keeps what it
 * converted and rebuilds the conversation, as OpenAI's own Responses API keeps it upstream.
 */
useResponsesRig()

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
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        ],
      },
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
    const second = await client.responses.create({
      model: 'weather-chat',
      previous_response_id: first.id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: '18°C' }],
      tools,
    })
    await settle(h)
    await client.responses.create({
      model: 'weather-chat',
      previous_response_id: second.id,
      input: 'And tomorrow?',
      tools,
    })
    // Instructions are not carried over (as OpenAI does): this turn sent none.
    expect(lastChat()?.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
    ])
    expect(lastChat()?.messages.at(3)).toEqual({ role: 'assistant', content: 'It is 18°C in Paris.' })
  })

  it('continues streamed turns the same way', async () => {
    const first = await client.responses
      .stream({ model: 'weather-chat', input: 'Weather in Paris?', tools })
      .finalResponse()
    const call = first.output.find((item) => item.type === 'function_call')
    expect(call).toMatchObject({ type: 'function_call', call_id: 'call_1' })
    const second = await client.responses
      .stream({
        model: 'weather-chat',
        previous_response_id: first.id,
        input: [{ type: 'function_call_output', call_id: 'call_1', output: '18°C' }],
        tools,
      })
      .finalResponse()
    expect(lastChat()?.messages).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        ],
      },
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
      .create({
        model: 'weather-chat',
        previous_response_id: first.id,
        input: [{ type: 'function_call_output', call_id: call.call_id, output: '18°C' }],
        tools,
      })
      .then(
        () => undefined,
        (e: unknown) => e
      )
    expect(error).toBeInstanceOf(OpenAI.BadRequestError)
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).error).toEqual(notFoundBody(first.id).error)
    expect(chat.seen.length).toBe(seen)
    await settle(h)
    expect(await quotaOf(h, userId)).toBe(quota)
    expect((await consumeLogs(h)).length).toBe(logs)
  })

  it('answers an unknown id in the Responses API error shape', async () => {
    const answer = await continueRaw(apiKey, {
      model: 'weather-chat',
      previous_response_id: 'resp_unknown',
      input: [{ type: 'function_call_output', call_id: 'call_1', output: 'x' }],
    })
    expect(answer).toEqual({ status: 400, body: notFoundBody('resp_unknown') })
  })

  it('does not keep a response made with store: false', async () => {
    const { first, call } = await firstTurn({ store: false })
    const answer = await continueRaw(apiKey, {
      model: 'weather-chat',
      previous_response_id: first.id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: '18°C' }],
    })
    expect(answer).toEqual({ status: 400, body: notFoundBody(first.id) })
  })

  it('forgets a response once the retention has passed, and the sweep deletes its row', async () => {
    const { first, call } = await firstTurn()
    await h.services.options.set('ResponsesStoreRetentionHours', '1')
    // As if the answer had been given two hours ago.
    await h.services.db
      .updateTable('stored_responses')
      .set({ created_at: Math.floor(Date.now() / 1000) - 7200 })
      .where('id', '=', first.id)
      .execute()
    const answer = await continueRaw(apiKey, {
      model: 'weather-chat',
      previous_response_id: first.id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: '18°C' }],
    })
    expect(answer).toEqual({ status: 400, body: notFoundBody(first.id) })
    expect(await sweepStoredResponses(h.services)).toBeGreaterThanOrEqual(1)
    expect(
      await h.services.db.selectFrom('stored_responses').select('id').where('id', '=', first.id).executeTakeFirst()
    ).toBeUndefined()
  })

  it('with retention 0 stores nothing and says the gateway keeps no response state', async () => {
    await h.services.options.set('ResponsesStoreRetentionHours', '0')
    const { first, call } = await firstTurn()
    expect(
      await h.services.db.selectFrom('stored_responses').select('id').where('id', '=', first.id).executeTakeFirst()
    ).toBeUndefined()
    const answer = await continueRaw(apiKey, {
      model: 'weather-chat',
      previous_response_id: first.id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: '18°C' }],
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      error: {
        message: expect.stringContaining('this gateway keeps no response state'),
        type: 'invalid_request_error',
        param: 'previous_response_id',
        code: 'previous_response_not_found',
      },
    })
  })
})
