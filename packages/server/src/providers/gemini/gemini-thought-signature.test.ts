import { describe, expect, it } from 'vitest'
import { dataFrames } from '../../../test/sse-fixtures.ts'
import type { OpenAIChatChunk, OpenAIChatRequest } from '../openai-chat-api.ts'
import { convertFromGeminiRequest } from './convert-from-gemini-request.ts'
import { convertGeminiResponse } from './convert-gemini-response.ts'
import { convertToGeminiRequest } from './convert-to-gemini-request.ts'
import { convertToGeminiResponse } from './convert-to-gemini-response.ts'
import type { GeminiRequest, GeminiResponse } from './gemini-api.ts'
import { GeminiToOpenAIStream } from './gemini-stream-to-openai.ts'
import { OpenAIToGeminiStream } from './openai-stream-to-gemini.ts'
import { THOUGHT_SIGNATURE_BYPASS } from './thought-signature.ts'

/**
 * Gemini's thinking models sign their function calls and refuse a history whose calls lost the
 * signature. OpenAI clients keep it where Google's OpenAI-compatible API puts it
 * (tool_calls[].extra_content.google.thought_signature); a call without one gets Google's stand-in.
 */
describe('thought signatures of function calls (Gemini thinking models)', () => {
  const call = (id: string, name: string, signature?: string) => ({
    id,
    type: 'function' as const,
    function: { name, arguments: '{}' },
    ...(signature ? { extra_content: { google: { thought_signature: signature } } } : {}),
  })
  const answer = (id: string) => ({ role: 'tool' as const, tool_call_id: id, content: '{"ok":true}' })

  it('sends back the signature the client kept, and the stand-in for the first call of a turn without one', () => {
    const request: OpenAIChatRequest = {
      model: 'gemini-3-pro',
      messages: [
        { role: 'user', content: 'Weather in Paris and London?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [call('a', 'weather', 'sig-from-gemini'), call('b', 'weather')],
        },
        answer('a'),
        answer('b'),
        { role: 'assistant', content: null, tool_calls: [call('c', 'forecast'), call('d', 'forecast')] },
        answer('c'),
        answer('d'),
      ],
    }
    const turns = convertToGeminiRequest(request).contents.filter((content) => content.role === 'model')
    expect(turns.map((turn) => turn.parts.map((part) => part.thoughtSignature))).toEqual([
      ['sig-from-gemini', undefined],
      [THOUGHT_SIGNATURE_BYPASS, undefined],
    ])
  })

  it('leaves turns without function calls unsigned', () => {
    const request: OpenAIChatRequest = {
      model: 'gemini-3-pro',
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'Bye' },
      ],
    }
    expect(JSON.stringify(convertToGeminiRequest(request))).not.toContain('thoughtSignature')
  })

  it("hands the signature of Gemini's function call to the client where Google's OpenAI API puts it, in answers and streams", () => {
    const response: GeminiResponse = {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { functionCall: { name: 'weather', args: { city: 'Paris' } }, thoughtSignature: 'sig-1' },
              { functionCall: { name: 'weather', args: { city: 'London' } } },
            ],
          },
          finishReason: 'STOP',
        },
      ],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    }
    const calls = convertGeminiResponse(response, 'gemini-3-pro', 1, 'req').body.choices[0]!.message.tool_calls!
    expect(calls[0]!.extra_content).toEqual({ google: { thought_signature: 'sig-1' } })
    expect(calls[1]).not.toHaveProperty('extra_content')

    const stream = new GeminiToOpenAIStream({
      clientModel: 'gemini-3-pro',
      created: 1,
      requestId: 'req',
      includeUsage: false,
    })
    const chunks = dataFrames(stream.push(JSON.stringify(response))) as unknown as OpenAIChatChunk[]
    const streamed = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? [])
    expect(streamed.map((toolCall) => toolCall.extra_content)).toEqual([
      { google: { thought_signature: 'sig-1' } },
      undefined,
    ])
  })

  it('round-trips: the signature an answer handed out comes back on the next request', () => {
    const response: GeminiResponse = {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [{ functionCall: { name: 'weather', args: {} }, thoughtSignature: 'sig-2' }],
          },
          finishReason: 'STOP',
        },
      ],
    }
    const message = convertGeminiResponse(response, 'gemini-3-pro', 1, 'req').body.choices[0]!.message
    const next = convertToGeminiRequest({
      model: 'gemini-3-pro',
      messages: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: null, tool_calls: message.tool_calls! },
        answer(message.tool_calls![0]!.id),
      ],
    })
    expect(next.contents[1]!.parts[0]!.thoughtSignature).toBe('sig-2')
  })

  it("the other way: a Gemini client on an OpenAI-compatible channel (Gemini behind Google's OpenAI API) keeps its signatures", () => {
    const request: GeminiRequest = {
      contents: [
        { role: 'user', parts: [{ text: 'Weather?' }] },
        { role: 'model', parts: [{ functionCall: { name: 'weather', args: {} }, thoughtSignature: 'sig-3' }] },
        { role: 'user', parts: [{ functionResponse: { name: 'weather', response: { sky: 'sunny' } } }] },
      ],
    }
    const sent = convertFromGeminiRequest(request, 'gemini-3-pro', false)
    expect(sent.messages[1]?.tool_calls?.[0]?.extra_content).toEqual({ google: { thought_signature: 'sig-3' } })

    const signed = { google: { thought_signature: 'sig-4' } }
    const answer = convertToGeminiResponse(
      {
        id: 'c',
        object: 'chat.completion',
        created: 1,
        model: 'gemini-3-pro',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: 'call_0',
                  type: 'function',
                  function: { name: 'weather', arguments: '{}' },
                  extra_content: signed,
                },
              ],
            },
            finish_reason: 'tool_calls',
          },
        ],
      },
      'gemini-3-pro',
      undefined
    )
    expect(answer.candidates?.[0]?.content?.parts[0]?.thoughtSignature).toBe('sig-4')

    const stream = new OpenAIToGeminiStream({ clientModel: 'gemini-3-pro' })
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      JSON.stringify({
        id: 'c',
        object: 'chat.completion.chunk',
        created: 1,
        model: 'gemini-3-pro',
        choices: [{ index: 0, delta, finish_reason: finish }],
      })
    stream.push(
      chunk({
        tool_calls: [
          {
            index: 0,
            id: 'call_0',
            type: 'function',
            function: { name: 'weather', arguments: '' },
            extra_content: signed,
          },
        ],
      })
    )
    stream.push(chunk({ tool_calls: [{ index: 0, function: { arguments: '{}' } }] }, 'tool_calls'))
    const events = dataFrames(stream.finish()) as unknown as GeminiResponse[]
    const parts = events.flatMap((event) => event.candidates?.[0]?.content?.parts ?? [])
    expect(parts.find((part) => part.functionCall)?.thoughtSignature).toBe('sig-4')
  })
})
