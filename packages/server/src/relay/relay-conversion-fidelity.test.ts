import { createAnthropic } from '@ai-sdk/anthropic'
import { createGoogleGenerativeAI } from '@ai-sdk/google'
import Anthropic from '@anthropic-ai/sdk'
import { FunctionCallingConfigMode, GoogleGenAI, Type } from '@google/genai'
import { ChatAnthropic } from '@langchain/anthropic'
import { generateObject, jsonSchema } from 'ai'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedAnswer, type ScriptedUpstream } from '../../test/scripted-upstream.ts'

/**
 * Conversions that must keep what the client asked for, seen from the client libraries: Gemini
 * function declarations and response schemas reach an OpenAI channel as JSON Schema it accepts,
 * and a Claude client's converted stream announces the prompt's tokens in message_start.
 */
const MODEL = 'gpt-4o-mini'
/** a chat-only channel type (DeepSeek), where Responses clients are converted */
const CHAT_ONLY = 'deepseek-chat'
const CLAUDE = 'claude-sonnet-4-5'
const GEMINI = 'gemini-2.0-flash'
const JSON_TYPES = new Set(['object', 'string', 'integer', 'number', 'boolean', 'array', 'null'])

/** What OpenAI says of a schema it refuses (upper-case Gemini types, nullable, no object at the root), or undefined. */
function schemaFault(schema: unknown, where: string, root = true): string | undefined {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return `${where}: schema must be a JSON Schema object`
  const node = schema as Record<string, unknown>
  if (root && node.type !== 'object') return `${where}: schema must be a JSON Schema of 'type: "object"', got 'type: "${String(node.type)}"'`
  for (const type of Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type]) {
    if (!JSON_TYPES.has(type as string)) return `${where}: '${String(type)}' is not valid under any of the given schemas`
  }
  if ('nullable' in node || 'propertyOrdering' in node) return `${where}: additional properties are not allowed`
  for (const [name, sub] of Object.entries((node.properties as Record<string, unknown> | undefined) ?? {})) {
    const fault = schemaFault(sub, `${where}.properties.${name}`, false)
    if (fault) return fault
  }
  return node.items === undefined ? undefined : schemaFault(node.items, `${where}.items`, false)
}

const refuse = (message: string, param: string): ScriptedAnswer => ({ status: 400, json: { error: { message: `Invalid schema for ${message}`, type: 'invalid_request_error', param, code: 'invalid_function_parameters' } } })

const chunk = (delta: Record<string, unknown>, finish: string | null = null) => `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: MODEL, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`

let h: Harness
let upstream: ScriptedUpstream
let claude: ScriptedUpstream
let gemini: ScriptedUpstream
let server: { url: string; close: () => Promise<void> }
let key: string
/** the answer given once the request passed OpenAI's checks */
let reply: (body: Record<string, unknown>) => ScriptedAnswer

beforeAll(async () => {
  upstream = await startScriptedUpstream()
  upstream.answer = (_path, body) => {
    const tools = (body.tools as { function: { name: string; parameters?: unknown } }[] | undefined) ?? []
    for (const [index, tool] of tools.entries()) {
      const fault = schemaFault(tool.function.parameters, `function '${tool.function.name}'`)
      if (fault) return refuse(fault, `tools[${index}].function.parameters`)
    }
    const format = body.response_format as { type: string; json_schema?: { schema?: unknown } } | undefined
    if (format?.type === 'json_schema') {
      const schema = format.json_schema?.schema
      if (!schema) return refuse("response_format 'response': schema is required", 'response_format')
      // OpenAI takes any root in non-strict mode; the types inside must still be JSON Schema's.
      const fault = schemaFault({ type: 'object', properties: { root: schema } }, "response_format 'response'")
      if (fault) return refuse(fault, 'response_format')
    }
    return reply(body)
  }
  claude = await startScriptedUpstream()
  gemini = await startScriptedUpstream()
  h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: 50_000_000 })
  await addChannel(h, { name: 'openai', type: 1, baseUrl: upstream.url, models: MODEL })
  await addChannel(h, { name: 'deepseek', type: 43, baseUrl: upstream.url, models: CHAT_ONLY })
  await addChannel(h, { name: 'claude', type: 14, baseUrl: claude.url, models: CLAUDE })
  await addChannel(h, { name: 'gemini', type: 24, baseUrl: gemini.url, models: GEMINI })
  await h.services.options.set('ModelRatio', JSON.stringify({ [MODEL]: 0.075, [CHAT_ONLY]: 0.135, [CLAUDE]: 1.5, [GEMINI]: 0.05 }))
  key = (await addToken(h, user.id)).key
  server = await listen(h)
})
afterAll(async () => {
  await server.close()
  await h.close()
  await upstream.stop()
  await claude.stop()
  await gemini.stop()
})
beforeEach(() => {
  upstream.seen.length = 0
  claude.seen.length = 0
  gemini.seen.length = 0
})

describe('@google/genai on an OpenAI channel', () => {
  it("sends the SDK's upper-case function declarations and response schema as JSON Schema, and answers the tool call", async () => {
    reply = () => ({
      json: {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: MODEL,
        choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'set_light_values', arguments: '{"brightness":25,"color_temp":"warm"}' } }] }, finish_reason: 'tool_calls' }],
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
              { name: 'get_temperature', parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
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
            properties: { brightness: { type: 'integer', description: 'Light level from 0 to 100.' }, color_temp: { type: ['string', 'null'], enum: ['daylight', 'cool', 'warm', null] } },
            required: ['brightness'],
          },
        },
      },
      { type: 'function', function: { name: 'get_temperature', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
    ])
    expect(answer.functionCalls).toEqual([{ name: 'set_light_values', args: { brightness: 25, color_temp: 'warm' } }])
    expect(answer.usageMetadata).toMatchObject({ promptTokenCount: 60, candidatesTokenCount: 12 })
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ model_name: MODEL, prompt_tokens: 60, completion_tokens: 12 })
  })

  it('sends responseMimeType with responseSchema as a json_schema response_format', async () => {
    reply = () => ({ json: { id: 'chatcmpl-2', object: 'chat.completion', created: 1, model: MODEL, choices: [{ index: 0, message: { role: 'assistant', content: '[{"recipeName":"Shortbread","ingredients":["butter"]}]' }, finish_reason: 'stop' }], usage: { prompt_tokens: 20, completion_tokens: 15, total_tokens: 35 } } })
    const ai = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: server.url } })
    const answer = await ai.models.generateContent({
      model: MODEL,
      contents: 'List a few popular cookie recipes.',
      config: {
        responseMimeType: 'application/json',
        responseSchema: { type: Type.ARRAY, items: { type: Type.OBJECT, properties: { recipeName: { type: Type.STRING }, ingredients: { type: Type.ARRAY, items: { type: Type.STRING } } }, propertyOrdering: ['recipeName', 'ingredients'] } },
      },
    })
    expect(upstream.seen[0]?.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'response', schema: { type: 'array', items: { type: 'object', properties: { recipeName: { type: 'string' }, ingredients: { type: 'array', items: { type: 'string' } } } } } },
    })
    expect(JSON.parse(answer.text ?? '')).toEqual([{ recipeName: 'Shortbread', ingredients: ['butter'] }])
    await settle(h)
  })
})

describe('Anthropic client streaming from an OpenAI channel', () => {
  const anthropic = () => new Anthropic({ apiKey: key, baseURL: server.url, maxRetries: 0 })
  const params = { model: MODEL, max_tokens: 100, system: 'Answer in one short sentence.', messages: [{ role: 'user' as const, content: 'Why is the sky blue? Explain Rayleigh scattering.' }] }

  it("announces the gateway's prompt count in message_start, the count it logs when the upstream reports none", async () => {
    reply = () => ({ sse: chunk({ role: 'assistant', content: 'Short waves ' }) + chunk({ content: 'scatter more.' }, 'stop') + 'data: [DONE]\n\n' })
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
    reply = () => ({ sse: chunk({ role: 'assistant', content: 'Blue light scatters.' }) + chunk({}, 'stop') + `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: MODEL, choices: [], usage: { prompt_tokens: 31, completion_tokens: 5, total_tokens: 36 } })}\n\n` + 'data: [DONE]\n\n' })
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
    reply = () => ({ sse: chunk({ role: 'assistant', content: 'Short waves scatter more.' }, 'stop') + 'data: [DONE]\n\n' })
    const model = new ChatAnthropic({ model: MODEL, apiKey: key, anthropicApiUrl: server.url, maxTokens: 100, streaming: true, maxRetries: 0 })
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

describe('structured output across protocols', () => {
  const schema = { type: 'object', properties: { city: { type: 'string' }, population: { type: 'integer' } }, required: ['city', 'population'], additionalProperties: false }
  const completion = (content: string) => ({ json: { id: 'chatcmpl-3', object: 'chat.completion', created: 1, model: MODEL, choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }], usage: { prompt_tokens: 30, completion_tokens: 10, total_tokens: 40 } } })

  it("the openai client's response_format reaches a Claude channel as output_config.format", async () => {
    claude.answer = () => ({ json: { id: 'msg_1', type: 'message', role: 'assistant', model: CLAUDE, content: [{ type: 'text', text: '{"city":"Paris","population":2100000}' }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 30, output_tokens: 12 } } })
    const openai = new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0 })
    const answer = await openai.chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content: 'Largest city of France?' }], response_format: { type: 'json_schema', json_schema: { name: 'city', schema, strict: true } } })
    expect(claude.seen[0]?.body.output_config).toEqual({ format: { type: 'json_schema', schema } })
    expect(JSON.parse(answer.choices[0]?.message.content ?? '')).toEqual({ city: 'Paris', population: 2100000 })
    await settle(h)
  })

  it("the Anthropic client's output_config.format reaches an OpenAI channel as a strict json_schema response_format", async () => {
    reply = () => completion('{"city":"Paris","population":2100000}')
    const anthropic = new Anthropic({ apiKey: key, baseURL: server.url, maxRetries: 0 })
    const message = await anthropic.messages.create({ model: MODEL, max_tokens: 100, messages: [{ role: 'user', content: 'Largest city of France?' }], output_config: { format: { type: 'json_schema', schema } } })
    expect(upstream.seen[0]?.body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'response', schema, strict: true } })
    expect(message.content[0]).toMatchObject({ type: 'text', text: '{"city":"Paris","population":2100000}' })
    await settle(h)
  })

  it("the Responses client's text.format reaches a chat-only channel as response_format, and is echoed in the answer", async () => {
    reply = () => completion('{"city":"Paris","population":2100000}')
    const openai = new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0 })
    const format = { type: 'json_schema' as const, name: 'city', schema, strict: true }
    const response = await openai.responses.create({ model: CHAT_ONLY, input: 'Largest city of France?', text: { format } })
    expect(upstream.seen[0]?.body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'city', schema, strict: true } })
    expect(response.text?.format).toEqual(format)
    expect(JSON.parse(response.output_text)).toEqual({ city: 'Paris', population: 2100000 })
    await settle(h)
  })
})

describe('the Vercel AI SDK generating objects through an OpenAI channel', () => {
  const city = jsonSchema<{ city: string; population: number | null }>({
    type: 'object',
    properties: { city: { type: 'string' }, population: { type: ['integer', 'null'] } },
    required: ['city', 'population'],
    additionalProperties: false,
  })
  const answer = { json: { id: 'chatcmpl-4', object: 'chat.completion', created: 1, model: MODEL, choices: [{ index: 0, message: { role: 'assistant', content: '{"city":"Paris","population":null}' }, finish_reason: 'stop' }], usage: { prompt_tokens: 25, completion_tokens: 9, total_tokens: 34 } } }

  it("@ai-sdk/google's responseSchema (OpenAPI with nullable) arrives as JSON Schema", async () => {
    reply = () => answer
    const google = createGoogleGenerativeAI({ apiKey: key, baseURL: `${server.url}/v1beta` })
    const { object } = await generateObject({ model: google(MODEL), schema: city, prompt: 'Largest city of France?' })
    expect(object).toEqual({ city: 'Paris', population: null })
    const format = upstream.seen[0]?.body.response_format as { type: string; json_schema: { schema: { properties: Record<string, unknown> } } }
    expect(format.type).toBe('json_schema')
    expect(format.json_schema.schema.properties).toEqual({ city: { type: 'string' }, population: { type: ['integer', 'null'] } })
    await settle(h)
  })

  it("@ai-sdk/anthropic's output_config.format arrives as a strict json_schema response_format", async () => {
    reply = () => answer
    const anthropic = createAnthropic({ apiKey: key, baseURL: `${server.url}/v1` })
    const { object } = await generateObject({ model: anthropic(MODEL), schema: city, prompt: 'Largest city of France?', providerOptions: { anthropic: { structuredOutputMode: 'outputFormat' } } })
    expect(object).toEqual({ city: 'Paris', population: null })
    expect(upstream.seen[0]?.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'response', strict: true, schema: { type: 'object', required: ['city', 'population'], additionalProperties: false } } })
    await settle(h)
  })
})

/** What Gemini says of a `parameters` / `responseSchema` outside its OpenAPI subset, or undefined. */
function geminiSchemaFault(schema: unknown, where: string): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' || key === '$schema' || key === '$ref') return `Invalid JSON payload received. Unknown name "${key}" at '${where}': Cannot find field.`
    if (key === 'type' && (typeof value !== 'string' || value !== value.toUpperCase())) return `Invalid value at '${where}.type' (type.googleapis.com/google.ai.generativelanguage.v1beta.Type), ${JSON.stringify(value)}`
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      for (const [name, sub] of Object.entries(value)) {
        const fault = geminiSchemaFault(sub, `${where}.properties[${name}].value`)
        if (fault) return fault
      }
    } else if (key === 'items' || key === 'anyOf') {
      const fault = geminiSchemaFault(value, `${where}.${key}`)
      if (fault) return fault
    }
  }
  return undefined
}

describe('the openai client on a Gemini channel', () => {
  it("sends zod-style JSON Schema tools and response_format in Gemini's OpenAPI subset, which Gemini accepts", async () => {
    gemini.answer = (_path, body) => {
      const declarations = ((body.tools as { functionDeclarations?: { parameters?: unknown }[] }[] | undefined) ?? []).flatMap((tool) => tool.functionDeclarations ?? [])
      const config = body.generationConfig as { responseSchema?: unknown } | undefined
      const fault = declarations.map((d, i) => geminiSchemaFault(d.parameters, `tools[0].function_declarations[${i}].parameters`)).find(Boolean) ?? geminiSchemaFault(config?.responseSchema, 'generation_config.response_schema')
      if (fault) return { status: 400, json: { error: { code: 400, message: fault, status: 'INVALID_ARGUMENT' } } }
      return { json: { candidates: [{ content: { role: 'model', parts: [{ text: '{"city":"Paris","population":null}' }] }, finishReason: 'STOP', index: 0 }], usageMetadata: { promptTokenCount: 20, candidatesTokenCount: 8, totalTokenCount: 28 }, modelVersion: GEMINI } }
    }
    const schema = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { city: { type: 'string' }, population: { type: ['integer', 'null'] } }, required: ['city', 'population'], additionalProperties: false }
    const openai = new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0 })
    const answer = await openai.chat.completions.create({
      model: GEMINI,
      messages: [{ role: 'user', content: 'Largest city of France?' }],
      tools: [{ type: 'function', function: { name: 'lookup_city', parameters: schema } }],
      response_format: { type: 'json_schema', json_schema: { name: 'city', schema, strict: true } },
    })
    const sent = gemini.seen[0]?.body as { tools: { functionDeclarations: unknown[] }[]; generationConfig: unknown }
    const subset = { type: 'OBJECT', properties: { city: { type: 'STRING' }, population: { type: 'INTEGER', nullable: true } }, required: ['city', 'population'] }
    expect(sent.tools[0]?.functionDeclarations).toEqual([{ name: 'lookup_city', parameters: subset }])
    expect(sent.generationConfig).toEqual({ responseMimeType: 'application/json', responseSchema: subset })
    expect(JSON.parse(answer.choices[0]?.message.content ?? '')).toEqual({ city: 'Paris', population: null })
    await settle(h)
  })
})
