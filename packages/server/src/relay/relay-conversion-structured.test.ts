import { createAnthropic } from '@ai-sdk/anthropic'
import { createGoogleGenerativeAI } from '@ai-sdk/google'
import Anthropic from '@anthropic-ai/sdk'
import { generateObject, jsonSchema } from 'ai'
import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import {
  answers,
  CHAT_ONLY,
  CLAUDE,
  claude,
  GEMINI,
  gemini,
  h,
  key,
  MODEL,
  server,
  upstream,
  useConversionRig,
} from '../../test/conversion-rig.ts'
import { settle } from '../../test/relay-fixtures.ts'

/**
 * Conversions that must keep what the client asked for, continued: structured output (OpenAI's
 * json_schema, the Responses API's text.format) across protocols, the Vercel AI SDK's objects, and
 * the openai client on a Gemini channel.
 */
useConversionRig()

describe('structured output across protocols', () => {
  const schema = {
    type: 'object',
    properties: { city: { type: 'string' }, population: { type: 'integer' } },
    required: ['city', 'population'],
    additionalProperties: false,
  }
  const completion = (content: string) => ({
    json: {
      id: 'chatcmpl-3',
      object: 'chat.completion',
      created: 1,
      model: MODEL,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 30, completion_tokens: 10, total_tokens: 40 },
    },
  })

  it("the openai client's response_format reaches a Claude channel as output_config.format", async () => {
    claude.answer = () => ({
      json: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: CLAUDE,
        content: [{ type: 'text', text: '{"city":"Paris","population":2100000}' }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 30, output_tokens: 12 },
      },
    })
    const openai = new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0 })
    const answer = await openai.chat.completions.create({
      model: CLAUDE,
      messages: [{ role: 'user', content: 'Largest city of France?' }],
      response_format: { type: 'json_schema', json_schema: { name: 'city', schema, strict: true } },
    })
    expect(claude.seen[0]?.body.output_config).toEqual({ format: { type: 'json_schema', schema } })
    expect(JSON.parse(answer.choices[0]?.message.content ?? '')).toEqual({ city: 'Paris', population: 2100000 })
    await settle(h)
  })

  it("the Anthropic client's output_config.format reaches an OpenAI channel as a strict json_schema response_format", async () => {
    answers.reply = () => completion('{"city":"Paris","population":2100000}')
    const anthropic = new Anthropic({ apiKey: key, baseURL: server.url, maxRetries: 0 })
    const message = await anthropic.messages.create({
      model: MODEL,
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Largest city of France?' }],
      output_config: { format: { type: 'json_schema', schema } },
    })
    expect(upstream.seen[0]?.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'response', schema, strict: true },
    })
    expect(message.content[0]).toMatchObject({ type: 'text', text: '{"city":"Paris","population":2100000}' })
    await settle(h)
  })

  it("the Responses client's text.format reaches a chat-only channel as response_format, and is echoed in the answer", async () => {
    answers.reply = () => completion('{"city":"Paris","population":2100000}')
    const openai = new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0 })
    const format = { type: 'json_schema' as const, name: 'city', schema, strict: true }
    const response = await openai.responses.create({
      model: CHAT_ONLY,
      input: 'Largest city of France?',
      text: { format },
    })
    expect(upstream.seen[0]?.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'city', schema, strict: true },
    })
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
  const answer = {
    json: {
      id: 'chatcmpl-4',
      object: 'chat.completion',
      created: 1,
      model: MODEL,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: '{"city":"Paris","population":null}' },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 25, completion_tokens: 9, total_tokens: 34 },
    },
  }

  it("@ai-sdk/google's responseSchema (OpenAPI with nullable) arrives as JSON Schema", async () => {
    answers.reply = () => answer
    const google = createGoogleGenerativeAI({ apiKey: key, baseURL: `${server.url}/v1beta` })
    const { object } = await generateObject({ model: google(MODEL), schema: city, prompt: 'Largest city of France?' })
    expect(object).toEqual({ city: 'Paris', population: null })
    const format = upstream.seen[0]?.body.response_format as {
      type: string
      json_schema: { schema: { properties: Record<string, unknown> } }
    }
    expect(format.type).toBe('json_schema')
    expect(format.json_schema.schema.properties).toEqual({
      city: { type: 'string' },
      population: { type: ['integer', 'null'] },
    })
    await settle(h)
  })

  it("@ai-sdk/anthropic's output_config.format arrives as a strict json_schema response_format", async () => {
    answers.reply = () => answer
    const anthropic = createAnthropic({ apiKey: key, baseURL: `${server.url}/v1` })
    const { object } = await generateObject({
      model: anthropic(MODEL),
      schema: city,
      prompt: 'Largest city of France?',
      providerOptions: { anthropic: { structuredOutputMode: 'outputFormat' } },
    })
    expect(object).toEqual({ city: 'Paris', population: null })
    expect(upstream.seen[0]?.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: {
        name: 'response',
        strict: true,
        schema: { type: 'object', required: ['city', 'population'], additionalProperties: false },
      },
    })
    await settle(h)
  })
})

/** What Gemini says of a `parameters` / `responseSchema` outside its OpenAPI subset, or undefined. */
function geminiSchemaFault(schema: unknown, where: string): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' || key === '$schema' || key === '$ref')
      return `Invalid JSON payload received. Unknown name "${key}" at '${where}': Cannot find field.`
    if (key === 'type' && (typeof value !== 'string' || value !== value.toUpperCase()))
      return `Invalid value at '${where}.type' (type.googleapis.com/google.ai.generativelanguage.v1beta.Type), ${JSON.stringify(value)}`
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
      const declarations = (
        (body.tools as { functionDeclarations?: { parameters?: unknown }[] }[] | undefined) ?? []
      ).flatMap((tool) => tool.functionDeclarations ?? [])
      const config = body.generationConfig as { responseSchema?: unknown } | undefined
      const fault =
        declarations
          .map((d, i) => geminiSchemaFault(d.parameters, `tools[0].function_declarations[${i}].parameters`))
          .find(Boolean) ?? geminiSchemaFault(config?.responseSchema, 'generation_config.response_schema')
      if (fault) return { status: 400, json: { error: { code: 400, message: fault, status: 'INVALID_ARGUMENT' } } }
      return {
        json: {
          candidates: [
            {
              content: { role: 'model', parts: [{ text: '{"city":"Paris","population":null}' }] },
              finishReason: 'STOP',
              index: 0,
            },
          ],
          usageMetadata: { promptTokenCount: 20, candidatesTokenCount: 8, totalTokenCount: 28 },
          modelVersion: GEMINI,
        },
      }
    }
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { city: { type: 'string' }, population: { type: ['integer', 'null'] } },
      required: ['city', 'population'],
      additionalProperties: false,
    }
    const openai = new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0 })
    const answer = await openai.chat.completions.create({
      model: GEMINI,
      messages: [{ role: 'user', content: 'Largest city of France?' }],
      tools: [{ type: 'function', function: { name: 'lookup_city', parameters: schema } }],
      response_format: { type: 'json_schema', json_schema: { name: 'city', schema, strict: true } },
    })
    const sent = gemini.seen[0]?.body as { tools: { functionDeclarations: unknown[] }[]; generationConfig: unknown }
    const subset = {
      type: 'OBJECT',
      properties: { city: { type: 'STRING' }, population: { type: 'INTEGER', nullable: true } },
      required: ['city', 'population'],
    }
    expect(sent.tools[0]?.functionDeclarations).toEqual([{ name: 'lookup_city', parameters: subset }])
    expect(sent.generationConfig).toEqual({ responseMimeType: 'application/json', responseSchema: subset })
    expect(JSON.parse(answer.choices[0]?.message.content ?? '')).toEqual({ city: 'Paris', population: null })
    await settle(h)
  })
  it('keeps a thinking model going through tool calls: the signature handed out comes back, as Gemini 3 demands', async () => {
    gemini.answer = (_path, body) => {
      const turns = body.contents as { role: string; parts: { functionCall?: unknown; thoughtSignature?: string }[] }[]
      // Gemini 3: a model turn with function calls must carry the signature of its first call.
      const unsigned = turns.find(
        (turn) => turn.role === 'model' && turn.parts[0]?.functionCall && !turn.parts[0].thoughtSignature
      )
      if (unsigned)
        return {
          status: 400,
          json: {
            error: {
              code: 400,
              message: 'Function call is missing a thought_signature in functionCall parts.',
              status: 'INVALID_ARGUMENT',
            },
          },
        }
      const answered = turns.some((turn) => turn.parts.some((part) => 'functionResponse' in part))
      const parts = answered
        ? [{ text: 'It is sunny in Paris.' }]
        : [{ functionCall: { name: 'weather', args: { city: 'Paris' } }, thoughtSignature: 'c2lnbmVkLWJ5LWdlbWluaQ==' }]
      return {
        json: {
          candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
          usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 6, totalTokenCount: 18 },
          modelVersion: GEMINI,
        },
      }
    }
    const openai = new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0 })
    const tools = [
      {
        type: 'function' as const,
        function: { name: 'weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
      },
    ]
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }]
    const first = await openai.chat.completions.create({ model: GEMINI, messages, tools })
    const asked = first.choices[0]!.message
    expect(asked.tool_calls?.[0]).toMatchObject({
      function: { name: 'weather' },
      extra_content: { google: { thought_signature: 'c2lnbmVkLWJ5LWdlbWluaQ==' } },
    })
    // The client appends the message as it got it, as the SDK's examples do.
    messages.push(asked, { role: 'tool', tool_call_id: asked.tool_calls![0]!.id, content: '{"sky":"sunny"}' })
    const second = await openai.chat.completions.create({ model: GEMINI, messages, tools })
    expect(second.choices[0]!.message.content).toBe('It is sunny in Paris.')
    const resent = gemini.seen.at(-1)?.body as { contents: { parts: { thoughtSignature?: string }[] }[] }
    expect(resent.contents[1]!.parts[0]!.thoughtSignature).toBe('c2lnbmVkLWJ5LWdlbWluaQ==')
    await settle(h)
  })
})
