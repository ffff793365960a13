import { describe, expect, it } from 'vitest'
import { fixtureReader } from '../../../test/sse-fixtures.ts'
import type { OpenAIChatRequest } from '../openai-chat-api.ts'
import { toAnthropicOutputSchema } from './anthropic-output-schema.ts'

const { fixture } = fixtureReader(import.meta.dirname)

describe("a JSON Schema for Anthropic's structured outputs", () => {
  it('leaves an OpenAI strict schema as it is', () => {
    const request = JSON.parse(fixture('openai-response-format.request.json')) as OpenAIChatRequest
    const schema =
      request.response_format?.type === 'json_schema' ? request.response_format.json_schema.schema : undefined
    expect(toAnthropicOutputSchema(schema)).toEqual(schema)
  })

  it('closes every object and moves unsupported constraints into the description', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        age: { type: 'integer', minimum: 0, maximum: 150, description: 'Age in years' },
        tags: { type: 'array', items: { type: 'string', maxLength: 20 }, minItems: 2 },
        address: { type: 'object', properties: { city: { type: 'string' } }, additionalProperties: true },
        when: { type: 'string', format: 'date-time' },
        code: { type: 'string', format: 'iso-3166' },
        kind: { oneOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: ['age'],
    }
    expect(toAnthropicOutputSchema(schema)).toEqual({
      type: 'object',
      properties: {
        age: { type: 'integer', description: 'Age in years\n\n{minimum: 0, maximum: 150}' },
        tags: {
          type: 'array',
          items: { type: 'string', description: '{maxLength: 20}' },
          description: '{minItems: 2}',
        },
        address: { type: 'object', properties: { city: { type: 'string' } }, additionalProperties: false },
        when: { type: 'string', format: 'date-time' },
        code: { type: 'string', description: '{format: "iso-3166"}' },
        kind: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      additionalProperties: false,
      required: ['age'],
    })
  })

  it('keeps references and their definitions, closed too', () => {
    const schema = {
      $defs: { step: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
      type: 'array',
      items: { $ref: '#/$defs/step' },
    }
    expect(toAnthropicOutputSchema(schema)).toEqual({
      $defs: {
        step: {
          type: 'object',
          properties: { text: { type: 'string' } },
          additionalProperties: false,
          required: ['text'],
        },
      },
      type: 'array',
      items: { $ref: '#/$defs/step' },
    })
  })
})
