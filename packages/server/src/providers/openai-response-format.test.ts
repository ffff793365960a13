import { describe, expect, it } from 'vitest'
import { fitsOpenAIStrict, isJsonObjectFormat, jsonSchemaFormat, schemaOf } from './openai-response-format.ts'

describe("OpenAI's response_format", () => {
  const closed = {
    type: 'object',
    properties: {
      a: {
        type: 'array',
        items: {
          type: 'object',
          properties: { b: { type: ['string', 'null'] } },
          required: ['b'],
          additionalProperties: false,
        },
      },
    },
    required: ['a'],
    additionalProperties: false,
  }

  it('is strict only for schemas OpenAI accepts in strict mode: object root, every object closed and fully required', () => {
    expect(fitsOpenAIStrict(closed)).toBe(true)
    expect(fitsOpenAIStrict({ ...closed, required: [] })).toBe(false)
    expect(fitsOpenAIStrict({ ...closed, additionalProperties: true })).toBe(false)
    expect(fitsOpenAIStrict({ ...closed, properties: { a: { type: 'object', properties: {} } } })).toBe(false)
    expect(fitsOpenAIStrict({ type: 'array', items: { type: 'string' } })).toBe(false)
    expect(jsonSchemaFormat(closed)).toEqual({
      type: 'json_schema',
      json_schema: { name: 'response', schema: closed, strict: true },
    })
    expect(jsonSchemaFormat({ type: 'string' }, 'my schema!')).toEqual({
      type: 'json_schema',
      json_schema: { name: 'my_schema_', schema: { type: 'string' } },
    })
  })

  it('reads the schema of json_schema formats only', () => {
    expect(
      schemaOf({ type: 'json_schema', json_schema: { name: 'x', schema: closed, strict: false, description: 'd' } })
    ).toEqual({ name: 'x', schema: closed, strict: false, description: 'd' })
    expect(schemaOf({ type: 'json_object' })).toBeUndefined()
    expect(schemaOf({ type: 'json_schema' })).toBeUndefined()
    expect(isJsonObjectFormat({ type: 'json_object' })).toBe(true)
    expect(isJsonObjectFormat({ type: 'text' })).toBe(false)
  })
})
