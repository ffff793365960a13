import Anthropic from '@anthropic-ai/sdk'
import { FunctionCallingConfigMode, GoogleGenAI, Type } from '@google/genai'
import { ChatAnthropic } from '@langchain/anthropic'
import { describe, expect, it } from 'vitest'
import { answers, chunk, h, key, MODEL, server, upstream, useConversionRig } from '../../test/conversion-rig.ts'
import { consumeLogs, settle } from '../../test/relay-fixtures.ts'

/**
 * Conversions that must keep what the client asked for, seen from the client libraries: Gemini
 * function declarations and response schemas reach an OpenAI channel as JSON Schema it accepts,
 * and a Claude client's converted stream announces the prompt's tokens in message_start.
 */
useConversionRig()

describe('@google/genai on an OpenAI channel', () => {
  it("sends the SDK's upper-case function declarations and response schema as JSON Schema, and answers the tool call", async () => {
    answers.reply = () => ({
      json: {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: MODEL,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: 'call_1',
                  type: 'function',
                  function: { name: 'set_light_values', arguments: '{"brightness":25,"color_temp":"warm"}' },
                },
              ],
            },
            finish_reason: 'tool_calls',
          },
        ],
        usage: { prompt_tokens: 60, completion_tokens: 12, total_tokens: 72 },
      },
    })
    const ai = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: server.url } })
    const answer = await ai.models.generateContent({
      model: MODEL,
      contents: 'Dim the lights so the room feels cozy and warm.',
      config: {
        tools: [
          {
            functionDeclarations: [
              {
                name: 'set_light_values',
                description: 'Sets the brightness and color temperature of a light.',
                parameters: {
                  type: Type.OBJECT,
                  properties: {
                    brightness: { type: Type.INTEGER, description: 'Light level from 0 to 100.' },
                    color_temp: { type: Type.STRING, enum: ['daylight', 'cool', 'warm'], nullable: true },
                  },
                  required: ['brightness'],
                  propertyOrdering: ['brightness', 'color_temp'],
                },
              },
              {
                name: 'get_temperature',
                parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
              },
            ],
          },
        ],
        toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.AUTO } },
      },
    })
    expect(upstream.seen[0]?.path).toBe('/v1/chat/completions')
    expect(upstream.seen[0]?.body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'set_light_values',
          description: 'Sets the brightness and color temperature of a light.',
          parameters: {
            type: 'object',
            properties: {
              brightness: { type: 'integer', description: 'Light level from 0 to 100.' },
              color_temp: { type: ['string', 'null'], enum: ['daylight', 'cool', 'warm', null] },
            },
            required: ['brightness'],
          },
        },
      },
      {
        type: 'function',
        function: {
          name: 'get_temperature',
          parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        },
      },
    ])
    expect(answer.functionCalls).toEqual([{ name: 'set_light_values', args: { brightness: 25, color_temp: 'warm' } }])
    expect(answer.usageMetadata).toMatchObject({ promptTokenCount: 60, candidatesTokenCount: 12 })
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ model_name: MODEL, prompt_tokens: 60, completion_tokens: 12 })
  })

  it('sends responseMimeType with responseSchema as a json_schema response_format', async () => {
    answers.reply = () => ({
      json: {
        id: 'chatcmpl-2',
        object: 'chat.completion',
        created: 1,
        model: MODEL,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: '[{"recipeName":"Shortbread","ingredients":["butter"]}]' },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 20, completion_tokens: 15, total_tokens: 35 },
      },
    })
    const ai = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: server.url } })
    const answer = await ai.models.generateContent({
      model: MODEL,
      contents: 'List a few popular cookie recipes.',
      config: {
        responseMimeType: 'application/json',
        responseSchema: {
          type: Type.ARRAY,
          items: {
            type: Type.OBJECT,
            properties: {
              recipeName: { type: Type.STRING },
              ingredients: { type: Type.ARRAY, items: { type: Type.STRING } },
            },
            propertyOrdering: ['recipeName', 'ingredients'],
          },
        },
      },
    })
    expect(upstream.seen[0]?.body.response_format).toEqual({
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
    expect(JSON.parse(answer.text ?? '')).toEqual([{ recipeName: 'Shortbread', ingredients: ['butter'] }])
    await settle(h)
  })
})

describe('Anthropic client streaming from an OpenAI channel', () => {
  const anthropic = () => new Anthropic({ apiKey: key, baseURL: server.url, maxRetries: 0 })
  const params = {
    model: MODEL,
    max_tokens: 100,
    system: 'Answer in one short sentence.',
    messages: [{ role: 'user' as const, content: 'Why is the sky blue? Explain Rayleigh scattering.' }],
  }

  it("announces the gateway's prompt count in message_start, the count it logs when the upstream reports none", async () => {
    answers.reply = () => ({
      sse:
        chunk({ role: 'assistant', content: 'Short waves ' }) +
        chunk({ content: 'scatter more.' }, 'stop') +
        'data: [DONE]\n\n',
    })
    const stream = await anthropic().messages.create({ ...params, stream: true })
    let announced: number | undefined
    let text = ''
    for await (const event of stream) {
      if (event.type === 'message_start') announced = event.message.usage.input_tokens
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text
    }
    expect(text).toBe('Short waves scatter more.')
    await settle(h)
    const log = (await consumeLogs(h)).at(-1)
    expect(log?.prompt_tokens).toBeGreaterThan(0)
    expect(announced).toBe(log?.prompt_tokens)
  })

  it("ends with the upstream's exact usage in message_delta, which the SDK's final message keeps", async () => {
    answers.reply = () => ({
      sse:
        chunk({ role: 'assistant', content: 'Blue light scatters.' }) +
        chunk({}, 'stop') +
        `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: MODEL, choices: [], usage: { prompt_tokens: 31, completion_tokens: 5, total_tokens: 36 } })}\n\n` +
        'data: [DONE]\n\n',
    })
    const stream = anthropic().messages.stream(params)
    let announced: number | undefined
    stream.on('streamEvent', (event) => {
      if (event.type === 'message_start') announced = event.message.usage.input_tokens
    })
    const final = await stream.finalMessage()
    expect(announced).toBeGreaterThan(0)
    expect(final.usage).toMatchObject({ input_tokens: 31, output_tokens: 5 })
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ prompt_tokens: 31, completion_tokens: 5 })
  })

  it("gives LangChain's streamed message the prompt count, which it reads from message_start only", async () => {
    answers.reply = () => ({
      sse: chunk({ role: 'assistant', content: 'Short waves scatter more.' }, 'stop') + 'data: [DONE]\n\n',
    })
    const model = new ChatAnthropic({
      model: MODEL,
      apiKey: key,
      anthropicApiUrl: server.url,
      maxTokens: 100,
      streaming: true,
      maxRetries: 0,
    })
    const message = await model.invoke([
      ['system', params.system],
      ['human', params.messages[0]?.content ?? ''],
    ])
    expect(message.content).toBe('Short waves scatter more.')
    await settle(h)
    const log = (await consumeLogs(h)).at(-1)
    expect(log?.prompt_tokens).toBeGreaterThan(0)
    expect(message.usage_metadata?.input_tokens).toBe(log?.prompt_tokens)
  })
})
