import { describe, expect, it } from 'vitest'
import { geminiSchemaToJsonSchema } from './gemini-schema-to-json-schema.ts'
import { jsonSchemaToGeminiSchema, needsFullJsonSchema } from './json-schema-to-gemini-schema.ts'

describe("JSON Schema in Gemini's OpenAPI subset", () => {
  it('upper-cases types, turns null into nullable and several types into anyOf, keeps only formats Gemini knows', () => {
    expect(jsonSchemaToGeminiSchema({ type: ['string', 'null'], format: 'date-time' })).toEqual({
      type: 'STRING',
      format: 'date-time',
      nullable: true,
    })
    expect(jsonSchemaToGeminiSchema({ type: ['string', 'integer'] })).toEqual({
      anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }],
    })
    expect(jsonSchemaToGeminiSchema({ type: 'string', format: 'email' })).toEqual({ type: 'STRING' })
    expect(jsonSchemaToGeminiSchema({ type: 'number', format: 'double' })).toEqual({ type: 'NUMBER', format: 'double' })
  })

  it('folds a union with null into nullable, const into enum, and drops required names without a property', () => {
    expect(jsonSchemaToGeminiSchema({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toEqual({
      type: 'STRING',
      nullable: true,
    })
    expect(jsonSchemaToGeminiSchema({ oneOf: [{ type: 'string' }, { type: 'number' }] })).toEqual({
      anyOf: [{ type: 'STRING' }, { type: 'NUMBER' }],
    })
    expect(jsonSchemaToGeminiSchema({ type: 'string', const: 'fixed' })).toEqual({ type: 'STRING', enum: ['fixed'] })
    expect(
      jsonSchemaToGeminiSchema({
        type: 'object',
        properties: { a: { type: 'string' } },
        required: ['a', 'b'],
        additionalProperties: false,
      })
    ).toEqual({ type: 'OBJECT', properties: { a: { type: 'STRING' } }, required: ['a'] })
  })

  it('round-trips with the reverse conversion for what both express', () => {
    const schema = {
      type: 'object',
      properties: {
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
        note: { type: ['string', 'null'] },
      },
      required: ['tags'],
    }
    expect(geminiSchemaToJsonSchema(jsonSchemaToGeminiSchema(schema))).toEqual(schema)
  })

  it('tells which schemas need full JSON Schema: references, allOf, maps typed by additionalProperties', () => {
    expect(needsFullJsonSchema({ type: 'object', properties: { a: { $ref: '#/$defs/a' } } })).toBe(true)
    expect(needsFullJsonSchema({ allOf: [{ type: 'object' }] })).toBe(true)
    expect(needsFullJsonSchema({ type: 'object', additionalProperties: { type: 'number' } })).toBe(true)
    expect(
      needsFullJsonSchema({ type: 'object', properties: { $ref: { type: 'string' } }, additionalProperties: false })
    ).toBe(false)
    expect(needsFullJsonSchema({ type: 'string', enum: ['allOf'] })).toBe(false)
  })
})
