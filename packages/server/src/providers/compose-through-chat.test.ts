import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fixtureReader } from '../../test/sse-fixtures.ts'
import { anthropicProvider } from './anthropic/anthropic-provider.ts'
import { clientOverChat } from './client-over-chat.ts'
import { composeThroughChat } from './compose-through-chat.ts'
import { geminiProvider } from './gemini/gemini-provider.ts'
import { tencentProvider } from './tencent/tencent-provider.ts'
import type { ProtocolBridge, StreamContext } from './types.ts'

/**
 * Client protocols carried through OpenAI chat over providers that speak neither: the upstream
 * answers are the providers' documented examples (their __fixtures__), read back in the client's
 * protocol with the provider's usage.
 */
const anthropic = fixtureReader(join(import.meta.dirname, 'anthropic'))
const gemini = fixtureReader(join(import.meta.dirname, 'gemini'))
const tencent = fixtureReader(join(import.meta.dirname, 'tencent'))

const responsesOverAnthropic = composeThroughChat(clientOverChat.responses!, anthropicProvider.bridges!.chat!)
const messagesOverGemini = composeThroughChat(clientOverChat.messages!, geminiProvider.bridges!.chat!)
const messagesOverTencent = composeThroughChat(clientOverChat.messages!, tencentProvider.bridges!.chat!)
const responsesOverGemini = composeThroughChat(clientOverChat.responses!, geminiProvider.bridges!.chat!)
const geminiOverAnthropic = composeThroughChat(clientOverChat.gemini!, anthropicProvider.bridges!.chat!)

const weatherTool = {
  type: 'function',
  name: 'get_weather',
  parameters: { type: 'object', properties: { location: { type: 'string' } } },
}
const responsesContext: StreamContext = {
  clientModel: 'claude-sonnet',
  body: { model: 'claude-sonnet', input: 'Weather?', tools: [weatherTool] },
  created: 1_700_000_000,
  requestId: 'req1',
  includeUsage: false,
}

function run(bridge: ProtocolBridge, context: StreamContext, payloads: string[]) {
  const stream = bridge.createStream(context)
  const frames = [...payloads.flatMap((payload) => stream.push(payload)), ...stream.finish()]
  return { stream, frames }
}

/** The named SSE events of a stream, `event:` and parsed `data:` of each frame. */
const events = (frames: string[]) =>
  frames
    .join('')
    .split('\n\n')
    .filter((frame) => frame.startsWith('event: '))
    .map((frame) => {
      const [name, data] = frame.split('\n')
      return { event: name!.slice(7), data: JSON.parse(data!.slice(6)) as Record<string, unknown> }
    })

describe('Responses API over Anthropic', () => {
  it('sends a Messages request built from the Responses request', () => {
    const body = responsesOverAnthropic.buildBody(
      {
        body: {
          model: 'claude-sonnet',
          instructions: 'Be brief.',
          input: 'Hello',
          max_output_tokens: 64,
          stream: true,
        },
        stream: true,
      },
      'claude-sonnet-4-20250514'
    )
    expect(responsesOverAnthropic.upstreamEndpoint).toBe('messages')
    expect(body).toEqual({
      model: 'claude-sonnet-4-20250514',
      max_tokens: 64,
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
      stream: true,
    })
  })

  it('answers text and a tool call as a response, with Anthropic usage including its cache reads', () => {
    const { body, usage, completionText } = responsesOverAnthropic.convertJson(
      JSON.parse(anthropic.fixture('anthropic-tool-use.json')),
      responsesContext
    )
    const response = JSON.parse(body) as Record<string, unknown>
    expect(response).toMatchObject({
      id: 'resp_req1',
      object: 'response',
      status: 'completed',
      model: 'claude-sonnet',
      created_at: 1_700_000_000,
    })
    expect(response.output).toEqual([
      {
        type: 'message',
        id: 'msg_resp_req1',
        status: 'completed',
        role: 'assistant',
        content: [
          { type: 'output_text', text: "I'll check the current weather in San Francisco for you.", annotations: [] },
        ],
      },
      {
        type: 'function_call',
        id: 'fc_toolu_01A09q90qw90lq917835lq9',
        call_id: 'toolu_01A09q90qw90lq917835lq9',
        name: 'get_weather',
        arguments: '{"location":"San Francisco, CA","unit":"celsius"}',
        status: 'completed',
      },
    ])
    expect(response.usage).toEqual({
      input_tokens: 2432,
      input_tokens_details: { cached_tokens: 2048 },
      output_tokens: 92,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 2524,
    })
    expect(usage).toEqual({ promptTokens: 2432, completionTokens: 92, cachedTokens: 2048, cacheCreationTokens: 0 })
    expect(completionText).toBe(
      'I\'ll check the current weather in San Francisco for you.get_weather{"location":"San Francisco, CA","unit":"celsius"}'
    )
  })

  it('streams the typed events in order and ends with response.completed carrying the usage', () => {
    const { stream, frames } = run(
      responsesOverAnthropic,
      responsesContext,
      anthropic.payloads('anthropic-text.chunks.txt')
    )
    const seen = events(frames)
    expect(seen.map((e) => e.event)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ])
    expect(seen.map((e) => e.data.sequence_number)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(seen.at(-1)!.data.response).toMatchObject({
      status: 'completed',
      output: [{ type: 'message', content: [{ type: 'output_text', text: 'Hello!', annotations: [] }] }],
      // 25 input + 100 cache reads + 10 cache writes
      usage: { input_tokens: 135, input_tokens_details: { cached_tokens: 100 }, output_tokens: 15, total_tokens: 150 },
    })
    // Billing reads the provider's own usage, cache writes included.
    expect(stream.usage).toEqual({
      promptTokens: 135,
      completionTokens: 15,
      cachedTokens: 100,
      cacheCreationTokens: 10,
    })
    expect(stream.text).toBe('Hello!')
  })

  it('streams a tool call as a function_call item with its arguments', () => {
    const { frames } = run(
      responsesOverAnthropic,
      responsesContext,
      anthropic.payloads('anthropic-tool-use.chunks.txt')
    )
    const seen = events(frames)
    const done = seen.filter((e) => e.event === 'response.output_item.done').map((e) => e.data.item)
    expect(done).toEqual([
      {
        type: 'message',
        id: 'msg_resp_req1_0',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: "Okay, let's check the weather.", annotations: [] }],
      },
      {
        type: 'function_call',
        id: 'fc_toolu_01T1x1fJ34qAmk2tNTrN7Up6',
        call_id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
        name: 'get_weather',
        arguments: '{"location": "San Francisco, CA"}',
        status: 'completed',
      },
    ])
    expect(seen.at(-1)!.event).toBe('response.completed')
    expect((seen.at(-1)!.data.response as { usage: unknown }).usage).toMatchObject({
      input_tokens: 472,
      output_tokens: 89,
    })
  })

  it("tells an error event inside Anthropic's stream as the Responses error event, and ends there", () => {
    const { stream, frames } = run(
      responsesOverAnthropic,
      responsesContext,
      anthropic.payloads('anthropic-error.chunks.txt')
    )
    const seen = events(frames)
    expect(seen.at(-1)).toEqual({
      event: 'error',
      data: { type: 'error', code: 'overloaded_error', message: 'Overloaded (request id: req1)', param: null },
    })
    expect(seen.some((e) => e.event === 'response.completed')).toBe(false)
    expect(stream.error).toEqual({ type: 'overloaded_error', message: 'Overloaded' })
  })
})

describe('Anthropic Messages over Gemini', () => {
  const context: StreamContext = {
    clientModel: 'gemini-2.5-flash',
    body: {},
    created: 1_700_000_000,
    requestId: 'req2',
    includeUsage: false,
  }

  it('sends a generateContent request built from the Messages request', () => {
    const body = messagesOverGemini.buildBody(
      {
        body: {
          model: 'gemini-2.5-flash',
          system: 'Be brief.',
          max_tokens: 100,
          messages: [{ role: 'user', content: 'Hello' }],
        },
        stream: false,
      },
      'gemini-2.5-flash'
    )
    expect(messagesOverGemini.upstreamEndpoint).toBe('gemini')
    expect(body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      generationConfig: { maxOutputTokens: 100 },
    })
  })

  it('answers a message with thinking and text, and Gemini usage', () => {
    const { body, usage } = messagesOverGemini.convertJson(JSON.parse(gemini.fixture('gemini-text.json')), context)
    expect(JSON.parse(body)).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'gemini-2.5-flash',
      content: [
        { type: 'thinking', thinking: 'Thinking about tides.' },
        { type: 'text', text: "The moon's gravity pulls the oceans." },
      ],
      stop_reason: 'end_turn',
      usage: { input_tokens: 12, output_tokens: 14, cache_read_input_tokens: 8 },
    })
    // 9 candidate tokens + 5 thought tokens; 8 of the 20 prompt tokens from the cache
    expect(usage).toEqual({ promptTokens: 20, completionTokens: 14, cachedTokens: 8 })
  })

  it('streams message_start, the text deltas, message_delta with usage and message_stop', () => {
    const { stream, frames } = run(
      messagesOverGemini,
      { ...context, clientModel: 'gemini-2.0-flash' },
      gemini.payloads('gemini-text.chunks.txt')
    )
    const seen = events(frames)
    expect(seen.map((e) => e.event)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ])
    expect(
      seen
        .filter((e) => e.event === 'content_block_delta')
        .map((e) => (e.data.delta as { text: string }).text)
        .join('')
    ).toBe('Once upon a time, a magic backpack.')
    expect(seen[6]!.data).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { input_tokens: 11, output_tokens: 14, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
    })
    expect(stream.usage).toEqual({ promptTokens: 11, completionTokens: 14, cachedTokens: 0 })
  })
})

describe('Responses API over Gemini', () => {
  const context: StreamContext = {
    clientModel: 'gemini-2.0-flash',
    body: { model: 'gemini-2.0-flash', input: 'Weather?' },
    created: 1_700_000_000,
    requestId: 'req5',
    includeUsage: false,
  }

  it('sends contents and function declarations, and answers a function_call item with Gemini usage', () => {
    const body = responsesOverGemini.buildBody(
      {
        body: {
          model: 'gemini-2.0-flash',
          input: 'Weather?',
          tools: [{ type: 'function', name: 'get_current_weather', parameters: { type: 'object' } }],
          stream: true,
        },
        stream: true,
      },
      'gemini-2.0-flash'
    )
    // An object without properties is left out: Gemini refuses an OBJECT with no properties.
    expect(body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Weather?' }] }],
      tools: [{ functionDeclarations: [{ name: 'get_current_weather' }] }],
    })
    const { body: answer, usage } = responsesOverGemini.convertJson(
      JSON.parse(gemini.fixture('gemini-function-call.json')),
      context
    )
    const response = JSON.parse(answer) as Record<string, unknown>
    expect(response.output).toEqual([
      {
        type: 'function_call',
        id: 'fc_call_0_0',
        call_id: 'call_0_0',
        name: 'get_current_weather',
        arguments: '{"location":"Boston, MA"}',
        status: 'completed',
      },
    ])
    expect(response.usage).toMatchObject({ input_tokens: 51, output_tokens: 9, total_tokens: 60 })
    expect(usage).toEqual({ promptTokens: 51, completionTokens: 9, cachedTokens: 0 })
  })

  it('streams text, then each function call as its own item, and response.completed with the usage', () => {
    const { stream, frames } = run(responsesOverGemini, context, gemini.payloads('gemini-function-call.chunks.txt'))
    const seen = events(frames)
    expect(seen.filter((e) => e.event === 'response.output_item.done').map((e) => e.data.item)).toEqual([
      {
        type: 'message',
        id: 'msg_resp_req5_0',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'Let me check.', annotations: [] }],
      },
      {
        type: 'function_call',
        id: 'fc_call_0_0',
        call_id: 'call_0_0',
        name: 'get_current_weather',
        arguments: '{"location":"Paris"}',
        status: 'completed',
      },
      {
        type: 'function_call',
        id: 'fc_call_0_1',
        call_id: 'call_0_1',
        name: 'get_time',
        arguments: '{}',
        status: 'completed',
      },
    ])
    expect(seen.at(-1)!.event).toBe('response.completed')
    expect((seen.at(-1)!.data.response as { usage: unknown }).usage).toMatchObject({
      input_tokens: 40,
      output_tokens: 12,
      total_tokens: 52,
    })
    expect(stream.usage).toEqual({ promptTokens: 40, completionTokens: 12, cachedTokens: 0 })
  })
})

describe('Gemini generateContent over Anthropic', () => {
  it('streams candidates, the function call, and usageMetadata on the last chunk', () => {
    const context: StreamContext = {
      clientModel: 'claude-sonnet',
      body: {},
      created: 1_700_000_000,
      requestId: 'req6',
      includeUsage: false,
    }
    const { stream, frames } = run(geminiOverAnthropic, context, anthropic.payloads('anthropic-tool-use.chunks.txt'))
    const chunks = frames.map(
      (frame) =>
        JSON.parse(frame.slice(6)) as {
          candidates: { content: { parts: unknown[] }; finishReason?: string }[]
          usageMetadata?: unknown
        }
    )
    expect(chunks.map((chunk) => chunk.candidates[0]!.content.parts)).toEqual([
      [{ text: "Okay, let's check the weather." }],
      [{ functionCall: { name: 'get_weather', args: { location: 'San Francisco, CA' } } }],
    ])
    expect(chunks.at(-1)).toMatchObject({
      candidates: [{ finishReason: 'STOP' }],
      usageMetadata: { promptTokenCount: 472, candidatesTokenCount: 89, totalTokenCount: 561 },
    })
    expect(stream.usage).toEqual({ promptTokens: 472, completionTokens: 89, cachedTokens: 0, cacheCreationTokens: 0 })
  })

  it('answers candidates and usageMetadata from a Messages answer', () => {
    const context: StreamContext = {
      clientModel: 'claude-sonnet',
      body: {},
      created: 1_700_000_000,
      requestId: 'req3',
      includeUsage: false,
    }
    const { body, usage } = geminiOverAnthropic.convertJson(
      JSON.parse(anthropic.fixture('anthropic-tool-use.json')),
      context
    )
    const answer = JSON.parse(body) as { candidates: { content: { parts: unknown[] } }[]; usageMetadata: unknown }
    expect(answer.candidates[0]!.content.parts).toEqual([
      { text: "I'll check the current weather in San Francisco for you." },
      { functionCall: { name: 'get_weather', args: { location: 'San Francisco, CA', unit: 'celsius' } } },
    ])
    expect(answer.usageMetadata).toMatchObject({
      promptTokenCount: 2432,
      candidatesTokenCount: 92,
      totalTokenCount: 2524,
    })
    expect(usage).toEqual({ promptTokens: 2432, completionTokens: 92, cachedTokens: 2048, cacheCreationTokens: 0 })
  })
})

describe('Anthropic Messages over Tencent Hunyuan, a chat protocol of its own', () => {
  const context: StreamContext = {
    clientModel: 'hunyuan-lite',
    body: {},
    created: 1_700_000_000,
    requestId: 'req4',
    includeUsage: false,
  }

  it('sends a Hunyuan ChatCompletions request built from the Messages request', () => {
    const body = messagesOverTencent.buildBody(
      {
        body: {
          model: 'hunyuan-lite',
          system: 'Be brief.',
          max_tokens: 100,
          messages: [{ role: 'user', content: '你好' }],
          stream: true,
        },
        stream: true,
      },
      'hunyuan-lite'
    )
    expect(body).toMatchObject({
      Model: 'hunyuan-lite',
      Stream: true,
      Messages: [
        { Role: 'system', Content: 'Be brief.' },
        { Role: 'user', Content: '你好' },
      ],
    })
  })

  it('answers a message with the Hunyuan usage', () => {
    const { body, usage } = messagesOverTencent.convertJson(JSON.parse(tencent.fixture('hunyuan-text.json')), context)
    expect(JSON.parse(body)).toMatchObject({
      type: 'message',
      model: 'hunyuan-lite',
      content: [{ type: 'text', text: '你好！我是腾讯混元大模型，很高兴为你服务。' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 4, output_tokens: 13 },
    })
    expect(usage).toEqual({ promptTokens: 4, completionTokens: 13, cachedTokens: 0 })
  })

  it('streams the Messages events with the usage of the last Hunyuan chunk', () => {
    const { stream, frames } = run(messagesOverTencent, context, tencent.payloads('hunyuan-text.chunks.txt'))
    const seen = events(frames)
    expect(seen.map((e) => e.event)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ])
    expect(
      seen
        .filter((e) => e.event === 'content_block_delta')
        .map((e) => (e.data.delta as { text: string }).text)
        .join('')
    ).toBe('你好！有什么可以帮你？')
    expect(seen[6]!.data).toMatchObject({
      delta: { stop_reason: 'end_turn' },
      usage: { input_tokens: 4, output_tokens: 7 },
    })
    expect(stream.usage).toEqual({ promptTokens: 4, completionTokens: 7, cachedTokens: 0 })
  })
})
