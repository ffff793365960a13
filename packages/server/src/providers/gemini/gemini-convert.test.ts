import { describe, expect, it } from 'vitest'
import { dataFrames, fixtureReader } from '../../../test/sse-fixtures.ts'
import type { OpenAIChatChunk, OpenAIChatRequest } from '../openai-chat-api.ts'
import { convertFromGeminiRequest } from './convert-from-gemini-request.ts'
import { convertGeminiResponse } from './convert-gemini-response.ts'
import { convertToGeminiRequest, SAFETY_CATEGORIES } from './convert-to-gemini-request.ts'
import { convertToGeminiResponse } from './convert-to-gemini-response.ts'
import type { GeminiRequest, GeminiResponse } from './gemini-api.ts'
import { GeminiToOpenAIStream } from './gemini-stream-to-openai.ts'
import { OpenAIToGeminiStream } from './openai-stream-to-gemini.ts'
import { THOUGHT_SIGNATURE_BYPASS } from './thought-signature.ts'

const { fixture, payloads } = fixtureReader(import.meta.dirname)

describe('OpenAI chat request to Gemini', () => {
  it('maps system, turns, images, tool calls and their answers by name, and generation settings', () => {
    const out = convertToGeminiRequest({
      model: 'gemini-2.5-flash',
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is here?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
          ],
        },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'lookup', arguments: '{"q":"x"}' } }],
        },
        { role: 'tool', tool_call_id: 'call_9', content: '{"found":true}' },
        { role: 'tool', tool_call_id: 'unknown', content: 'plain text' },
      ],
      temperature: 0.3,
      max_tokens: 100,
      stop: ['END'],
      reasoning_effort: 'low',
      tools: [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object' } } }],
      tool_choice: { type: 'function', function: { name: 'lookup' } },
    })
    expect(out).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'What is here?' }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }] },
        {
          role: 'model',
          parts: [{ functionCall: { name: 'lookup', args: { q: 'x' } }, thoughtSignature: THOUGHT_SIGNATURE_BYPASS }],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: 'lookup', response: { found: true } } },
            { functionResponse: { name: 'function', response: { result: 'plain text' } } },
          ],
        },
      ],
      generationConfig: {
        temperature: 0.3,
        maxOutputTokens: 100,
        stopSequences: ['END'],
        thinkingConfig: { thinkingBudget: 1024, includeThoughts: true },
      },
      tools: [{ functionDeclarations: [{ name: 'lookup' }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['lookup'] } },
    })
  })
})

describe('OpenAI tools and structured output on a Gemini channel', () => {
  it("sends function parameters in Gemini's OpenAPI subset, as parametersJsonSchema only what the subset cannot express", () => {
    const step = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }
    const out = convertToGeminiRequest({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'Weather?' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'weather',
            description: 'Weather',
            parameters: {
              $schema: 'http://json-schema.org/draft-07/schema#',
              type: 'object',
              properties: { city: { type: ['string', 'null'], format: 'uri' }, days: { type: 'integer', minimum: 1 } },
              required: ['city', 'country'],
              additionalProperties: false,
            },
          },
        },
        {
          type: 'function',
          function: {
            name: 'plan',
            parameters: {
              $schema: 'https://json-schema.org/draft/2020-12/schema',
              type: 'object',
              properties: { steps: { type: 'array', items: { $ref: '#/$defs/step' } } },
              $defs: { step },
            },
          },
        },
        { type: 'function', function: { name: 'now' } },
        { type: 'function', function: { name: 'ping', parameters: {} } },
        { type: 'function', function: { name: 'noop', parameters: { type: 'object', properties: {} } } },
      ],
    })
    expect(out.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'weather',
            description: 'Weather',
            parameters: {
              type: 'OBJECT',
              properties: { city: { type: 'STRING', nullable: true }, days: { type: 'INTEGER', minimum: 1 } },
              required: ['city'],
            },
          },
          {
            name: 'plan',
            parametersJsonSchema: {
              type: 'object',
              properties: { steps: { type: 'array', items: { $ref: '#/$defs/step' } } },
              $defs: { step },
            },
          },
          { name: 'now' },
          { name: 'ping' },
          { name: 'noop' },
        ],
      },
    ])
  })

  it('turns response_format json_schema into responseMimeType with responseSchema (responseJsonSchema when it needs $ref), json_object into the mime type alone', () => {
    const request = JSON.parse(fixture('openai-response-format.request.json')) as OpenAIChatRequest
    expect(convertToGeminiRequest(request).generationConfig).toEqual({
      responseMimeType: 'application/json',
      responseSchema: {
        type: 'OBJECT',
        properties: {
          steps: {
            type: 'ARRAY',
            items: {
              type: 'OBJECT',
              properties: { explanation: { type: 'STRING' }, output: { type: 'STRING' } },
              required: ['explanation', 'output'],
            },
          },
          final_answer: { type: 'STRING' },
        },
        required: ['steps', 'final_answer'],
      },
    })
    const linked = { type: 'object', properties: { next: { $ref: '#' } } }
    expect(
      convertToGeminiRequest({
        ...request,
        response_format: { type: 'json_schema', json_schema: { name: 'list', schema: linked } },
      }).generationConfig
    ).toEqual({ responseMimeType: 'application/json', responseJsonSchema: linked })
    expect(convertToGeminiRequest({ ...request, response_format: { type: 'json_object' } }).generationConfig).toEqual({
      responseMimeType: 'application/json',
    })
    expect(convertToGeminiRequest({ ...request, response_format: { type: 'text' } })).not.toHaveProperty(
      'generationConfig'
    )
  })
})

describe('Gemini tools and structured output on an OpenAI channel', () => {
  it('converts every declaration to JSON Schema parameters (upper-case types, nullable, parametersJsonSchema, none)', () => {
    const out = convertFromGeminiRequest(
      JSON.parse(fixture('gemini-function-declarations.request.json')) as GeminiRequest,
      'gpt-4o-mini',
      false
    )
    expect(out.tools?.map((tool) => [tool.function.name, tool.function.parameters])).toEqual([
      [
        'set_light_values',
        {
          type: 'object',
          properties: {
            brightness: {
              type: 'integer',
              description: 'Light level from 0 to 100. Zero is off and 100 is full brightness',
            },
            color_temp: {
              type: 'string',
              enum: ['daylight', 'cool', 'warm'],
              description: 'Color temperature of the light fixture, which can be `daylight`, `cool` or `warm`.',
            },
          },
          required: ['brightness', 'color_temp'],
        },
      ],
      [
        'schedule_meeting',
        {
          type: 'object',
          properties: {
            attendees: {
              type: 'array',
              items: { type: 'string' },
              description: 'List of people attending the meeting.',
              minItems: 1,
            },
            date: { type: 'string', description: "Date of the meeting (e.g., '2024-07-29')" },
            time: { type: 'string', description: "Time of the meeting (e.g., '15:00')" },
            topic: { type: ['string', 'null'], description: 'The subject or topic of the meeting.' },
            priority: { type: ['number', 'null'] },
          },
          required: ['attendees', 'date', 'time'],
        },
      ],
      [
        'get_current_temperature',
        {
          type: 'object',
          properties: { location: { type: 'string', description: 'The city name, e.g. San Francisco' } },
          additionalProperties: false,
          required: ['location'],
        },
      ],
      ['get_time', { type: 'object', properties: {} }],
    ])
    expect(out.tool_choice).toEqual({ type: 'function', function: { name: 'set_light_values' } })
  })

  it('turns responseSchema into a json_schema response_format (not strict: Gemini allows optional properties), the mime type alone into json_object', () => {
    const request = JSON.parse(fixture('gemini-response-schema.request.json')) as GeminiRequest
    expect(convertFromGeminiRequest(request, 'gpt-4o-mini', false).response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'response',
        schema: {
          type: 'array',
          items: {
            type: 'object',
            properties: { recipeName: { type: 'string' }, ingredients: { type: 'array', items: { type: 'string' } } },
          },
        },
      },
    })
    const closed = {
      type: 'object',
      properties: { answer: { type: 'string' } },
      required: ['answer'],
      additionalProperties: false,
      propertyOrdering: ['answer'],
    }
    const withJsonSchema: GeminiRequest = {
      ...request,
      generationConfig: { responseMimeType: 'application/json', responseJsonSchema: closed },
    }
    expect(convertFromGeminiRequest(withJsonSchema, 'gpt-4o-mini', false).response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'response',
        schema: {
          type: 'object',
          properties: { answer: { type: 'string' } },
          required: ['answer'],
          additionalProperties: false,
        },
        strict: true,
      },
    })
    const mimeOnly: GeminiRequest = { ...request, generationConfig: { responseMimeType: 'application/json' } }
    const jsonMode = convertFromGeminiRequest(mimeOnly, 'gpt-4o-mini', false)
    expect(jsonMode.response_format).toEqual({ type: 'json_object' })
    // OpenAI wants the word JSON in the conversation for json_object; the recipe prompt has none.
    expect(jsonMode.messages[0]).toEqual({ role: 'system', content: 'Respond in JSON.' })
    const mentioned: GeminiRequest = {
      ...mimeOnly,
      contents: [{ role: 'user', parts: [{ text: 'Give me cookie recipes as JSON.' }] }],
    }
    expect(convertFromGeminiRequest(mentioned, 'gpt-4o-mini', false).messages).toEqual([
      { role: 'user', content: 'Give me cookie recipes as JSON.' },
    ])
    const plain: GeminiRequest = { ...request, generationConfig: { responseMimeType: 'text/plain' } }
    expect(convertFromGeminiRequest(plain, 'gpt-4o-mini', false)).not.toHaveProperty('response_format')
  })
})

describe('Gemini answers to OpenAI', () => {
  it('text with a thought summary, and usage with thinking billed as completion and the cache counted', () => {
    const { body, usage } = convertGeminiResponse(
      JSON.parse(fixture('gemini-text.json')) as GeminiResponse,
      'gemini-2.5-flash',
      1,
      'req'
    )
    expect(body.id).toBe('chatcmpl-resp-1')
    expect(body.choices[0]).toEqual({
      index: 0,
      message: {
        role: 'assistant',
        content: "The moon's gravity pulls the oceans.",
        reasoning_content: 'Thinking about tides.',
      },
      finish_reason: 'stop',
    })
    expect(usage).toEqual({ promptTokens: 20, completionTokens: 14, cachedTokens: 8 })
  })

  it('a function call becomes a tool call with an id and finish_reason tool_calls', () => {
    const { body } = convertGeminiResponse(
      JSON.parse(fixture('gemini-function-call.json')) as GeminiResponse,
      'g',
      1,
      'req'
    )
    expect(body.choices[0]?.finish_reason).toBe('tool_calls')
    expect(body.choices[0]?.message.tool_calls).toEqual([
      {
        id: 'call_0_0',
        type: 'function',
        function: { name: 'get_current_weather', arguments: '{"location":"Boston, MA"}' },
      },
    ])
  })

  it('streams text and tool calls as chunks, with the last usage and [DONE]', () => {
    const text = new GeminiToOpenAIStream({ clientModel: 'g', created: 1, includeUsage: true, requestId: 'r' })
    const frames = payloads('gemini-text.chunks.txt').flatMap((p) => text.push(p))
    frames.push(...text.finish())
    const chunks = dataFrames(frames) as unknown as OpenAIChatChunk[]
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('Once upon a time, a magic backpack.')
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop')
    expect(chunks.at(-1)?.usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 14 })
    expect(frames.at(-1)).toBe('data: [DONE]\n\n')

    const tools = new GeminiToOpenAIStream({ clientModel: 'g', created: 1, includeUsage: false, requestId: 'r' })
    const toolChunks = dataFrames(
      payloads('gemini-function-call.chunks.txt')
        .flatMap((p) => tools.push(p))
        .concat(tools.finish())
    ) as unknown as OpenAIChatChunk[]
    const calls = toolChunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? [])
    expect(calls.map((c) => [c.index, c.function?.name])).toEqual([
      [0, 'get_current_weather'],
      [1, 'get_time'],
    ])
    expect(toolChunks.at(-1)?.choices[0]?.finish_reason).toBe('tool_calls')
  })

  it('skips a malformed event and passes an error event on', () => {
    const stream = new GeminiToOpenAIStream({ clientModel: 'g', created: 1, includeUsage: false, requestId: 'r' })
    const frames = payloads('gemini-malformed.chunks.txt').flatMap((p) => stream.push(p))
    frames.push(...stream.finish())
    expect(stream.malformed).toBe(1)
    expect(stream.text).toBe('Half')
    expect(dataFrames(frames).at(-1)).toMatchObject({ error: { code: 'UNAVAILABLE' } })
    expect(stream.usage).toMatchObject({ promptTokens: 5, completionTokens: 0 })
  })
})

describe('Gemini-native clients on OpenAI channels', () => {
  it('converts the request: system instruction, model turns, function responses answering the calls', () => {
    const out = convertFromGeminiRequest(
      {
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
        contents: [
          { role: 'user', parts: [{ text: 'Weather?' }] },
          { role: 'model', parts: [{ functionCall: { name: 'weather', args: { city: 'Oslo' } } }] },
          { role: 'user', parts: [{ functionResponse: { name: 'weather', response: { temp: 3 } } }] },
        ],
        generationConfig: { maxOutputTokens: 50, temperature: 0.1, thinkingConfig: { thinkingBudget: 20_000 } },
        tools: [{ functionDeclarations: [{ name: 'weather', parameters: { type: 'object' } }] }],
      },
      'gpt-4o-mini',
      true
    )
    expect(out).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_0', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } }],
        },
        { role: 'tool', tool_call_id: 'call_0', content: '{"temp":3}' },
      ],
      temperature: 0.1,
      max_tokens: 50,
      reasoning_effort: 'high',
      tools: [
        {
          type: 'function',
          function: { name: 'weather', description: undefined, parameters: { type: 'object', properties: {} } },
        },
      ],
      stream: true,
      stream_options: { include_usage: true },
    })
  })

  it('converts answers and streams back, sending tool calls whole at the end', () => {
    const answer = convertToGeminiResponse(
      {
        id: 'x',
        object: 'chat.completion',
        created: 1,
        model: 'gpt',
        choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'length' }],
      },
      'gemini-pro',
      { promptTokens: 3, completionTokens: 2, cachedTokens: 1 }
    )
    expect(answer).toEqual({
      candidates: [{ content: { role: 'model', parts: [{ text: 'Hi' }] }, finishReason: 'MAX_TOKENS', index: 0 }],
      modelVersion: 'gemini-pro',
      usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2, totalTokenCount: 5, cachedContentTokenCount: 1 },
    })
    const stream = new OpenAIToGeminiStream({ clientModel: 'gemini-pro' })
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })
    const frames = [
      ...stream.push(chunk({ content: 'Let me look.' })),
      ...stream.push(
        chunk({ tool_calls: [{ index: 0, id: 'c1', function: { name: 'weather', arguments: '{"city":' } }] })
      ),
      ...stream.push(chunk({ tool_calls: [{ index: 0, function: { arguments: '"Oslo"}' } }] })),
      ...stream.push(chunk({}, 'tool_calls')),
      ...stream.push(JSON.stringify({ choices: [], usage: { prompt_tokens: 9, completion_tokens: 4 } })),
      ...stream.push('[DONE]'),
      ...stream.finish(),
    ]
    const events = dataFrames(frames) as GeminiResponse[]
    expect(events[0]?.candidates?.[0]?.content?.parts).toEqual([{ text: 'Let me look.' }])
    expect(events.at(-1)).toMatchObject({
      candidates: [
        { content: { parts: [{ functionCall: { name: 'weather', args: { city: 'Oslo' } } }] }, finishReason: 'STOP' },
      ],
      usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 4 },
    })
  })
})

describe('usage in converted Gemini streams', () => {
  it("puts the gateway's prompt count in every event's usageMetadata, and the upstream's exact usage in the last", () => {
    const stream = new OpenAIToGeminiStream({ clientModel: 'gemini-pro', promptTokens: 12 })
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })
    const frames = [
      ...stream.push(chunk({ content: 'Hel' })),
      ...stream.push(chunk({ content: 'lo' }, 'stop')),
      ...stream.push(JSON.stringify({ choices: [], usage: { prompt_tokens: 9, completion_tokens: 2 } })),
      ...stream.finish(),
    ]
    const events = dataFrames(frames) as GeminiResponse[]
    expect(events.map((event) => event.usageMetadata)).toEqual([
      { promptTokenCount: 12, totalTokenCount: 12 },
      { promptTokenCount: 12, totalTokenCount: 12 },
      { promptTokenCount: 9, candidatesTokenCount: 2, totalTokenCount: 11 },
    ])
    const silent = new OpenAIToGeminiStream({ clientModel: 'gemini-pro', promptTokens: 12 })
    silent.push(chunk({ content: 'Hi' }, 'stop'))
    expect((dataFrames(silent.finish()) as GeminiResponse[])[0]?.usageMetadata).toEqual({
      promptTokenCount: 12,
      totalTokenCount: 12,
    })
  })
})

describe('safety settings of converted requests (GEMINI_SAFETY_SETTING)', () => {
  it('sends the threshold for each of the four harm categories', () => {
    const converted = convertToGeminiRequest(
      { model: 'gemini-2.5-flash', messages: [{ role: 'user', content: 'Hi' }] },
      'BLOCK_ONLY_HIGH'
    )
    expect(converted.safetySettings).toEqual([
      { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_ONLY_HIGH' },
      { category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_ONLY_HIGH' },
      { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', threshold: 'BLOCK_ONLY_HIGH' },
      { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', threshold: 'BLOCK_ONLY_HIGH' },
    ])
    expect(SAFETY_CATEGORIES).toHaveLength(4)
  })

  it('sends none without a threshold', () => {
    expect(
      convertToGeminiRequest({ model: 'gemini-2.5-flash', messages: [{ role: 'user', content: 'Hi' }] })
    ).not.toHaveProperty('safetySettings')
  })
})
