import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { OpenAIChatMessage } from '../openai-chat-api.ts'
import { chatMessagesToResponsesInput, responsesOutputToChatMessage } from './chat-history-items.ts'
import { convertFromResponsesRequest } from './convert-from-responses-request.ts'
import type { ResponsesOutputItem, ResponsesRequest } from './responses-api.ts'

/** The function-calling turn of OpenAI's Responses guide: the question, the model's call, its result, then the answer. */
const fixture = JSON.parse(readFileSync(join(import.meta.dirname, '__fixtures__/function-call-turn.json'), 'utf8')) as {
  request: ResponsesRequest
  output: ResponsesOutputItem[]
}
const request = fixture.request
const answer = fixture.output
const backToChat = (messages: OpenAIChatMessage[]) =>
  convertFromResponsesRequest({ model: 'm', input: chatMessagesToResponsesInput(messages) }, 'm').messages

describe('a stored chat conversation as Responses input items', () => {
  it('turns the documented turn into chat and back into the same items', () => {
    const chat = convertFromResponsesRequest(request, 'gpt-4.1').messages
    expect(chatMessagesToResponsesInput(chat)).toEqual([
      { type: 'message', role: 'user', content: "What's the weather like in Paris today?" },
      {
        type: 'function_call',
        call_id: 'call_12345xyz',
        name: 'get_weather',
        arguments: '{"location":"Paris, France"}',
      },
      { type: 'function_call_output', call_id: 'call_12345xyz', output: '{"temperature": 14, "unit": "celsius"}' },
    ])
  })

  it('gives back the same chat messages: images, parallel tool calls, tool results and system messages', () => {
    const messages: OpenAIChatMessage[] = [
      { role: 'system', content: 'You are terse.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is on this picture?' },
          { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } },
        ],
      },
      { role: 'assistant', content: 'A cat.' },
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_b', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_a', content: '14°C' },
      { role: 'tool', tool_call_id: 'call_b', content: '21°C' },
    ]
    expect(backToChat(messages)).toEqual(messages)
  })

  it('splits an assistant message with text and tool calls into the text, then the calls', () => {
    const call = { id: 'call_a', type: 'function' as const, function: { name: 'get_weather', arguments: '{}' } }
    expect(backToChat([{ role: 'assistant', content: 'Let me check.', tool_calls: [call] }])).toEqual([
      { role: 'assistant', content: 'Let me check.' },
      { role: 'assistant', content: null, tool_calls: [call] },
    ])
  })

  it('joins a tool result given as text parts into one string', () => {
    expect(
      chatMessagesToResponsesInput([
        {
          role: 'tool',
          tool_call_id: 'call_a',
          content: [
            { type: 'text', text: '14' },
            { type: 'text', text: '°C' },
          ],
        },
      ])
    ).toEqual([{ type: 'function_call_output', call_id: 'call_a', output: '14°C' }])
  })
})

describe("a Responses answer as the chat upstream's assistant message", () => {
  it('keeps the text of the documented answer', () => {
    expect(responsesOutputToChatMessage(answer)).toEqual({
      role: 'assistant',
      content: 'It is currently 14°C in Paris.',
    })
  })

  it('keeps function calls as tool calls, and leaves reasoning out', () => {
    const output: ResponsesOutputItem[] = [
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'thinking' }] },
      {
        type: 'function_call',
        id: 'fc_call_a',
        call_id: 'call_a',
        name: 'get_weather',
        arguments: '{"city":"Paris"}',
        status: 'completed',
      },
    ]
    expect(responsesOutputToChatMessage(output)).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      ],
    })
  })

  it('is nothing when the answer produced nothing to continue from', () => {
    expect(responsesOutputToChatMessage([{ type: 'reasoning', id: 'rs_1', summary: [] }])).toBeUndefined()
  })
})
