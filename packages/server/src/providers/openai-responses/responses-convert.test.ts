import { describe, expect, it } from 'vitest'
import { fixtureReader } from '../../../test/sse-fixtures.ts'
import { ChatToResponsesStream } from './chat-stream-to-responses.ts'
import { convertFromResponsesRequest } from './convert-from-responses-request.ts'
import { convertToResponsesResponse } from './convert-to-responses-response.ts'
import type { ResponsesRequest } from './responses-api.ts'

const { fixture } = fixtureReader(import.meta.dirname)

const request = () => JSON.parse(fixture('responses-text-format.request.json')) as ResponsesRequest

describe('Responses text.format on chat channels', () => {
  it('becomes response_format with the schema one level down, name and strict kept', () => {
    const format = request().text?.format
    const schema = format?.type === 'json_schema' ? format.schema : undefined
    expect(schema).toMatchObject({ type: 'object', required: ['name', 'date', 'participants'] })
    expect(convertFromResponsesRequest(request(), 'gpt-4o-mini').response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'calendar_event', schema, strict: true },
    })
    expect(
      convertFromResponsesRequest({ ...request(), text: { format: { type: 'json_object' } } }, 'gpt-4o-mini')
        .response_format
    ).toEqual({ type: 'json_object' })
    expect(
      convertFromResponsesRequest({ ...request(), text: { format: { type: 'text' } } }, 'gpt-4o-mini')
    ).not.toHaveProperty('response_format')
    expect(convertFromResponsesRequest({ ...request(), text: undefined }, 'gpt-4o-mini')).not.toHaveProperty(
      'response_format'
    )
  })

  it('is echoed in the answer, JSON and stream, as the API does (text when none was asked for)', () => {
    const format = request().text?.format
    const completion = {
      id: 'chatcmpl-1',
      object: 'chat.completion' as const,
      created: 1,
      model: 'gpt-4o-mini',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant' as const,
            content: '{"name":"Science Fair","date":"Friday","participants":["Alice","Bob"]}',
          },
          finish_reason: 'stop' as const,
        },
      ],
    }
    expect(convertToResponsesResponse(completion, request(), 'gpt-4o', 'resp_1', 1, undefined).text).toEqual({ format })
    expect(
      convertToResponsesResponse(completion, { model: 'gpt-4o', input: 'Hi' }, 'gpt-4o', 'resp_1', 1, undefined).text
    ).toEqual({ format: { type: 'text' } })

    const stream = new ChatToResponsesStream({ id: 'resp_1', request: request(), clientModel: 'gpt-4o', createdAt: 1 })
    const frames = [
      ...stream.push(JSON.stringify({ choices: [{ index: 0, delta: { content: '{}' }, finish_reason: 'stop' }] })),
      ...stream.finish(),
    ]
    const events = frames.map(
      (frame) => JSON.parse(frame.split('\ndata: ')[1] as string) as { type: string; response?: { text?: unknown } }
    )
    expect(events.filter((event) => event.response).map((event) => [event.type, event.response?.text])).toEqual([
      ['response.created', { format }],
      ['response.in_progress', { format }],
      ['response.completed', { format }],
    ])
  })
})
