import { describe, expect, it } from 'vitest'
import { dataFrames, fixtureReader } from '../../../test/sse-fixtures.ts'
import type { OpenAIChatChunk, OpenAIChatRequest } from '../openai-chat-api.ts'
import type { AnthropicRequest, AnthropicResponse } from './anthropic-api.ts'
import { JSON_OBJECT_INSTRUCTION } from './anthropic-output-format.ts'
import { AnthropicToOpenAIStream } from './anthropic-stream-to-openai.ts'
import { convertAnthropicResponse } from './convert-anthropic-response.ts'
import { convertFromAnthropicRequest } from './convert-from-anthropic-request.ts'
import { convertToAnthropicRequest } from './convert-to-anthropic-request.ts'
import { convertToAnthropicResponse } from './convert-to-anthropic-response.ts'
import { OpenAIToAnthropicStream } from './openai-stream-to-anthropic.ts'

const { fixture, payloads } = fixtureReader(import.meta.dirname)

const chunksOf = (frames: string[]) => dataFrames<OpenAIChatChunk>(frames)

describe('OpenAI chat request to Anthropic', () => {
  const weatherTool = {
    type: 'function' as const,
    function: {
      name: 'get_weather',
      description: 'Weather',
      parameters: { type: 'object', properties: { location: { type: 'string' } } },
    },
  }

  it('moves system and developer text to system, merges turns, and maps tools and tool answers', () => {
    const request: OpenAIChatRequest = {
      model: 'claude-sonnet',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'developer', content: [{ type: 'text', text: 'Use tools.' }] },
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"location":"Paris"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '18°C' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'And this?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          ],
        },
      ],
      tools: [weatherTool],
      tool_choice: 'required',
      parallel_tool_calls: false,
      temperature: 1.6,
      stop: 'END',
      max_tokens: 300,
      stream: true,
      user: 'u-1',
    }
    expect(convertToAnthropicRequest(request, 'claude-sonnet-4-20250514')).toEqual({
      model: 'claude-sonnet-4-20250514',
      max_tokens: 300,
      system: [
        { type: 'text', text: 'Be brief.' },
        { type: 'text', text: 'Use tools.' },
      ],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { location: 'Paris' } }],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'call_1', content: '18°C' },
            { type: 'text', text: 'And this?' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          ],
        },
      ],
      temperature: 1,
      stop_sequences: ['END'],
      stream: true,
      tools: [{ name: 'get_weather', description: 'Weather', input_schema: weatherTool.function.parameters }],
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
      metadata: { user_id: 'u-1' },
    })
  })

  it('gives a default max_tokens, and a thinking budget for reasoning effort without temperature', () => {
    const plain = convertToAnthropicRequest({ model: 'c', messages: [{ role: 'user', content: 'hi' }] }, 'c')
    expect(plain.max_tokens).toBe(8192)
    const thinking = convertToAnthropicRequest(
      {
        model: 'c',
        messages: [{ role: 'user', content: 'hi' }],
        reasoning_effort: 'high',
        max_tokens: 1000,
        temperature: 0.2,
      },
      'c'
    )
    expect(thinking.thinking).toEqual({ type: 'enabled', budget_tokens: 24_576 })
    expect(thinking.max_tokens).toBeGreaterThan(24_576)
    expect(thinking.temperature).toBeUndefined()
  })

  it('keeps a remote image as a URL source and broken tool arguments as text', () => {
    const out = convertToAnthropicRequest(
      {
        model: 'c',
        messages: [
          { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/cat.png' } }] },
          {
            role: 'assistant',
            tool_calls: [{ id: 't', type: 'function', function: { name: 'f', arguments: '{oops' } }],
          },
        ],
      },
      'c'
    )
    expect(out.messages[0]?.content).toEqual([
      { type: 'image', source: { type: 'url', url: 'https://example.com/cat.png' } },
    ])
    expect(out.messages[1]?.content).toEqual([{ type: 'tool_use', id: 't', name: 'f', input: { arguments: '{oops' } }])
  })
})

describe('structured output between OpenAI and Anthropic', () => {
  it('sends response_format json_schema as output_config.format', () => {
    const request = JSON.parse(fixture('openai-response-format.request.json')) as OpenAIChatRequest
    const out = convertToAnthropicRequest(request, 'claude-sonnet-4-5')
    const schema =
      request.response_format?.type === 'json_schema' ? request.response_format.json_schema.schema : undefined
    expect(out.output_config).toEqual({ format: { type: 'json_schema', schema } })
    expect(out.system).toEqual([
      { type: 'text', text: 'You are a helpful math tutor. Guide the user through the solution step by step.' },
    ])
  })

  it('puts the schema in the system prompt for Claude models from before structured outputs, which refuse output_config', () => {
    const request = JSON.parse(fixture('openai-response-format.request.json')) as OpenAIChatRequest
    const schema =
      request.response_format?.type === 'json_schema' ? request.response_format.json_schema.schema : undefined
    for (const model of [
      'claude-3-5-sonnet-20241022',
      'claude-sonnet-4-20250514',
      'claude-opus-4-1-20250805',
      'anthropic.claude-3-7-sonnet-20250219-v1:0',
      'claude-opus-4@20250514',
    ]) {
      const out = convertToAnthropicRequest(request, model)
      expect(out).not.toHaveProperty('output_config')
      expect(out.system?.[1]).toEqual({
        type: 'text',
        text: `${JSON_OBJECT_INSTRUCTION} It must follow this JSON Schema: ${JSON.stringify(schema)}`,
      })
    }
    for (const model of [
      'claude-sonnet-4-5-20250929',
      'claude-opus-4-6',
      'claude-haiku-4-5',
      'anthropic.claude-opus-4-5-20251101-v1:0',
    ]) {
      expect(convertToAnthropicRequest(request, model).output_config).toEqual({
        format: { type: 'json_schema', schema },
      })
    }
  })

  it('asks for a JSON object in the system prompt for json_object, which has no schema to send', () => {
    const out = convertToAnthropicRequest(
      {
        model: 'c',
        messages: [{ role: 'user', content: 'List three colours as JSON.' }],
        response_format: { type: 'json_object' },
      },
      'claude-sonnet-4-5'
    )
    expect(out.system).toEqual([{ type: 'text', text: JSON_OBJECT_INSTRUCTION }])
    expect(out).not.toHaveProperty('output_config')
    expect(
      convertToAnthropicRequest(
        { model: 'c', messages: [{ role: 'user', content: 'Hi' }], response_format: { type: 'text' } },
        'c'
      )
    ).not.toHaveProperty('system')
  })

  it('sends output_config.format (and the beta output_format) to OpenAI as a strict json_schema when the schema allows strict', () => {
    const request = JSON.parse(fixture('anthropic-structured-output.request.json')) as AnthropicRequest
    const schema = request.output_config?.format?.schema
    expect(convertFromAnthropicRequest(request, 'gpt-4o').response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'response', schema, strict: true },
    })
    const { output_config: _config, ...beta } = request
    expect(
      convertFromAnthropicRequest({ ...beta, output_format: { type: 'json_schema', schema } }, 'gpt-4o').response_format
    ).toEqual({ type: 'json_schema', json_schema: { name: 'response', schema, strict: true } })
    // An optional property is fine for Anthropic, refused by OpenAI's strict mode: sent without strict.
    const open = {
      type: 'object',
      properties: { name: { type: 'string' }, nickname: { type: 'string' } },
      required: ['name'],
      additionalProperties: false,
    }
    expect(
      convertFromAnthropicRequest(
        { ...beta, output_config: { format: { type: 'json_schema', schema: open } } },
        'gpt-4o'
      ).response_format
    ).toEqual({ type: 'json_schema', json_schema: { name: 'response', schema: open } })
    expect(convertFromAnthropicRequest(beta, 'gpt-4o')).not.toHaveProperty('response_format')
  })
})

describe('Anthropic response to OpenAI', () => {
  it('maps text and tool use, the stop reason, and usage with cache reads in the prompt', () => {
    const response = JSON.parse(fixture('anthropic-tool-use.json')) as AnthropicResponse
    const { body, usage } = convertAnthropicResponse(response, 'claude-3-5-sonnet', 1_700_000_000)
    expect(body.model).toBe('claude-3-5-sonnet')
    expect(body.choices[0]?.finish_reason).toBe('tool_calls')
    expect(body.choices[0]?.message).toEqual({
      role: 'assistant',
      content: "I'll check the current weather in San Francisco for you.",
      tool_calls: [
        {
          id: 'toolu_01A09q90qw90lq917835lq9',
          type: 'function',
          function: { name: 'get_weather', arguments: '{"location":"San Francisco, CA","unit":"celsius"}' },
        },
      ],
    })
    expect(usage).toEqual({
      promptTokens: 384 + 2048,
      completionTokens: 92,
      cachedTokens: 2048,
      cacheCreationTokens: 0,
    })
    expect(body.usage).toMatchObject({
      prompt_tokens: 2432,
      completion_tokens: 92,
      total_tokens: 2524,
      prompt_tokens_details: { cached_tokens: 2048 },
    })
  })
})

describe('Anthropic stream to OpenAI chunks', () => {
  const run = (name: string, includeUsage = true) => {
    const stream = new AnthropicToOpenAIStream({ clientModel: 'claude-x', created: 1, includeUsage })
    const frames = payloads(name).flatMap((payload) => stream.push(payload))
    frames.push(...stream.finish())
    return { stream, frames, chunks: chunksOf(frames) }
  }

  it('streams text, ends with the finish reason, a usage chunk and [DONE]', () => {
    const { stream, frames, chunks } = run('anthropic-text.chunks.txt')
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('Hello!')
    expect(
      chunks.every((c) => c.model === 'claude-x' && c.id === 'chatcmpl-msg_1nZdL29xx5MUA1yADyHTEsnR8uuvGzszyY')
    ).toBe(true)
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop')
    expect(chunks.at(-1)?.usage).toMatchObject({
      prompt_tokens: 135,
      completion_tokens: 15,
      prompt_tokens_details: { cached_tokens: 100, cache_creation_tokens: 10 },
    })
    expect(stream.usage).toEqual({
      promptTokens: 135,
      completionTokens: 15,
      cachedTokens: 100,
      cacheCreationTokens: 10,
    })
    expect(frames.at(-1)).toBe('data: [DONE]\n\n')
  })

  it('leaves the usage chunk out when the client did not ask for it', () => {
    const { chunks } = run('anthropic-text.chunks.txt', false)
    expect(chunks.some((c) => c.usage)).toBe(false)
  })

  it('streams tool calls with their index, id, name and argument pieces', () => {
    const { chunks } = run('anthropic-tool-use.chunks.txt')
    const calls = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? [])
    expect(calls[0]).toMatchObject({
      index: 0,
      id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
      function: { name: 'get_weather' },
    })
    expect(calls.map((c) => c.function?.arguments ?? '').join('')).toBe('{"location": "San Francisco, CA"}')
    expect(chunks.find((c) => c.choices[0]?.finish_reason)?.choices[0]?.finish_reason).toBe('tool_calls')
  })

  it('streams thinking as reasoning_content and maps max_tokens to length', () => {
    const { chunks } = run('anthropic-thinking.chunks.txt')
    expect(chunks.map((c) => c.choices[0]?.delta.reasoning_content ?? '').join('')).toBe(
      'Let me solve this step by step.'
    )
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('27 * 453 = 12,231')
    expect(chunks.find((c) => c.choices[0]?.finish_reason)?.choices[0]?.finish_reason).toBe('length')
  })

  it('skips a malformed event, and passes an error event on as an OpenAI error object', () => {
    const { stream, chunks, frames } = run('anthropic-error.chunks.txt')
    expect(stream.malformed).toBe(1)
    expect(stream.error).toEqual({ type: 'overloaded_error', message: 'Overloaded' })
    expect(stream.text).toBe('Partial')
    const errorChunk = chunks.at(-1) as unknown as { error: { message: string; code: string } }
    expect(errorChunk.error).toMatchObject({ message: 'Overloaded', code: 'overloaded_error' })
    expect(
      chunks
        .slice(0, -1)
        .map((c) => c.choices[0]?.delta.content ?? '')
        .join('')
    ).toBe('Partial')
    expect(frames.at(-1)).toBe('data: [DONE]\n\n')
  })

  it('a stream cut before message_delta still bills the input and ends cleanly', () => {
    const cut = payloads('anthropic-text.chunks.txt').slice(0, 4)
    const stream = new AnthropicToOpenAIStream({ clientModel: 'c', created: 1, includeUsage: false })
    for (const payload of cut) stream.push(payload)
    expect(stream.usage).toMatchObject({ promptTokens: 135, completionTokens: 1 })
    expect(stream.finish().at(-1)).toBe('data: [DONE]\n\n')
    expect(stream.finish()).toEqual([])
  })
})

describe('Anthropic request to OpenAI (Claude clients on other channels)', () => {
  it('maps system, tool results before the user text, tool use, images, thinking and stream usage', () => {
    const request: AnthropicRequest = {
      model: 'claude-sonnet',
      max_tokens: 1024,
      system: [{ type: 'text', text: 'You are Claude Code.' }],
      messages: [
        { role: 'user', content: 'List files' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Running ls' },
            { type: 'tool_use', id: 'toolu_1', name: 'bash', input: { command: 'ls' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'a.txt' }] },
            { type: 'text', text: 'Now this:' },
            { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/' } },
          ],
        },
      ],
      tools: [{ name: 'bash', description: 'Run a command', input_schema: { type: 'object' } }],
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
      thinking: { type: 'enabled', budget_tokens: 10_000 },
      stop_sequences: ['###'],
      stream: true,
    }
    expect(convertFromAnthropicRequest(request, 'gpt-4o')).toEqual({
      model: 'gpt-4o',
      max_tokens: 1024,
      messages: [
        { role: 'system', content: 'You are Claude Code.' },
        { role: 'user', content: 'List files' },
        {
          role: 'assistant',
          content: 'Running ls',
          tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'bash', arguments: '{"command":"ls"}' } }],
        },
        { role: 'tool', tool_call_id: 'toolu_1', content: 'a.txt' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Now this:' },
            { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/' } },
          ],
        },
      ],
      stop: ['###'],
      stream: true,
      stream_options: { include_usage: true },
      tools: [
        { type: 'function', function: { name: 'bash', description: 'Run a command', parameters: { type: 'object' } } },
      ],
      tool_choice: 'required',
      parallel_tool_calls: false,
      reasoning_effort: 'medium',
    })
  })
})

describe('OpenAI answers to Anthropic (Claude clients on other channels)', () => {
  it('a completion becomes a message with usage split into fresh and cached input', () => {
    const message = convertToAnthropicResponse(
      {
        id: 'chatcmpl-9',
        object: 'chat.completion',
        created: 1,
        model: 'gpt-4o',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: 'Done',
              tool_calls: [
                { id: 'call_1', type: 'function', function: { name: 'bash', arguments: '{"command":"pwd"}' } },
              ],
            },
            finish_reason: 'tool_calls',
          },
        ],
      },
      'claude-sonnet',
      { promptTokens: 100, completionTokens: 20, cachedTokens: 60 }
    )
    expect(message).toEqual({
      id: 'msg_chatcmpl-9',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet',
      content: [
        { type: 'text', text: 'Done' },
        { type: 'tool_use', id: 'call_1', name: 'bash', input: { command: 'pwd' } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 40, output_tokens: 20, cache_read_input_tokens: 60, cache_creation_input_tokens: 0 },
    })
  })

  it('a chunk stream becomes Anthropic events with one block at a time', () => {
    const stream = new OpenAIToAnthropicStream({ clientModel: 'claude-sonnet', messageId: 'msg_1' })
    const frames = payloads('openai-tool-calls.chunks.txt').flatMap((payload) => stream.push(payload))
    frames.push(...stream.finish())
    const events = frames.map((frame) => ({
      name: /^event: (\S+)/.exec(frame)?.[1],
      data: JSON.parse(frame.split('\ndata: ')[1] as string) as Record<string, unknown>,
    }))
    expect(events.map((e) => e.name)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ])
    expect(events[1]?.data).toMatchObject({ index: 0, content_block: { type: 'text' } })
    expect(events[4]?.data).toMatchObject({
      index: 1,
      content_block: { type: 'tool_use', id: 'call_abc', name: 'get_weather' },
    })
    expect(events[5]?.data).toMatchObject({
      index: 1,
      delta: { type: 'input_json_delta', partial_json: '{"location":"Paris"}' },
    })
    expect(events[7]?.data).toMatchObject({
      index: 2,
      content_block: { type: 'tool_use', id: 'call_def', name: 'get_time' },
    })
    expect(events[10]?.data).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: { input_tokens: 16, output_tokens: 30, cache_read_input_tokens: 64, cache_creation_input_tokens: 0 },
    })
    expect(stream.usage).toEqual({ promptTokens: 80, completionTokens: 30, cachedTokens: 64 })
  })

  it("announces the gateway's prompt count in message_start and ends with the upstream's exact usage", () => {
    const stream = new OpenAIToAnthropicStream({ clientModel: 'claude-sonnet', messageId: 'msg_1', promptTokens: 75 })
    const frames = payloads('openai-tool-calls.chunks.txt').flatMap((payload) => stream.push(payload))
    frames.push(...stream.finish())
    const data = (name: string) =>
      JSON.parse(
        (frames.find((frame) => frame.startsWith(`event: ${name}\n`)) ?? '').split('\ndata: ')[1] as string
      ) as { message?: { usage: unknown }; usage?: unknown }
    expect(data('message_start').message?.usage).toEqual({ input_tokens: 75, output_tokens: 0 })
    expect(data('message_delta').usage).toEqual({
      input_tokens: 16,
      output_tokens: 30,
      cache_read_input_tokens: 64,
      cache_creation_input_tokens: 0,
    })

    const silent = new OpenAIToAnthropicStream({ clientModel: 'c', messageId: 'msg_3', promptTokens: 75 })
    const closing = silent.finish()
    expect(JSON.parse(closing[1]?.split('\ndata: ')[1] ?? '')).toMatchObject({
      type: 'message_delta',
      usage: { input_tokens: 75, output_tokens: 0 },
    })
  })

  it('an empty upstream stream still gives a well-formed message', () => {
    const stream = new OpenAIToAnthropicStream({ clientModel: 'c', messageId: 'msg_2' })
    const names = stream.finish().map((frame) => /^event: (\S+)/.exec(frame)?.[1])
    expect(names).toEqual(['message_start', 'message_delta', 'message_stop'])
  })
})
