import { describe, expect, it } from 'vitest'
import { fixtureReader } from '../../../test/sse-fixtures.ts'
import type { GeminiRequest } from './gemini-api.ts'
import {
  declarationParameters,
  geminiSchemaToJsonSchema,
  withoutPropertyOrdering,
} from './gemini-schema-to-json-schema.ts'

const { fixture } = fixtureReader(import.meta.dirname)

describe("Gemini's OpenAPI-subset schema as JSON Schema", () => {
  it('lower-cases types, recurses into properties and items, drops propertyOrdering and Gemini-only formats', () => {
    const request = JSON.parse(fixture('gemini-function-declarations.request.json')) as GeminiRequest
    const [light, meeting] = request.tools?.[0]?.functionDeclarations ?? []
    expect(geminiSchemaToJsonSchema(light?.parameters)).toEqual({
      type: 'object',
      properties: {
        brightness: {
          type: 'integer',
          description: 'Light level from 0 to 100. Zero is off and 100 is full brightness',
        },
        color_temp: {
          type: 'string',
          description: 'Color temperature of the light fixture, which can be `daylight`, `cool` or `warm`.',
          enum: ['daylight', 'cool', 'warm'],
        },
      },
      required: ['brightness', 'color_temp'],
    })
    expect(geminiSchemaToJsonSchema(meeting?.parameters)).toEqual({
      type: 'object',
      properties: {
        attendees: {
          type: 'array',
          description: 'List of people attending the meeting.',
          minItems: 1,
          items: { type: 'string' },
        },
        date: { type: 'string', description: "Date of the meeting (e.g., '2024-07-29')" },
        time: { type: 'string', description: "Time of the meeting (e.g., '15:00')" },
        topic: { type: ['string', 'null'], description: 'The subject or topic of the meeting.' },
        priority: { type: ['number', 'null'] },
      },
      required: ['attendees', 'date', 'time'],
    })
  })

  it('makes nullable enums accept null, and nullable unions an anyOf branch', () => {
    expect(geminiSchemaToJsonSchema({ type: 'STRING', enum: ['a', 'b'], nullable: true })).toEqual({
      type: ['string', 'null'],
      enum: ['a', 'b', null],
    })
    expect(geminiSchemaToJsonSchema({ anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }], nullable: true })).toEqual({
      anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }],
    })
    expect(geminiSchemaToJsonSchema({ type: 'BOOLEAN', nullable: false })).toEqual({ type: 'boolean' })
    expect(geminiSchemaToJsonSchema({ type: 'TYPE_UNSPECIFIED', description: 'anything' })).toEqual({
      description: 'anything',
    })
  })

  it('keeps standard string formats and already lower-case schemas as they are', () => {
    expect(geminiSchemaToJsonSchema({ type: 'STRING', format: 'date-time' })).toEqual({
      type: 'string',
      format: 'date-time',
    })
    const lower = { type: 'object', properties: { q: { type: 'string', minLength: 1 } }, required: ['q'] }
    expect(geminiSchemaToJsonSchema(lower)).toEqual(lower)
  })
})

describe('function declaration parameters for OpenAI', () => {
  it('passes parametersJsonSchema through without propertyOrdering, and gives parameter-less functions an empty object schema', () => {
    const request = JSON.parse(fixture('gemini-function-declarations.request.json')) as GeminiRequest
    const [, , temperature, time] = request.tools?.[0]?.functionDeclarations ?? []
    expect(declarationParameters(temperature ?? { name: '' })).toEqual({
      type: 'object',
      properties: { location: { type: 'string', description: 'The city name, e.g. San Francisco' } },
      additionalProperties: false,
      required: ['location'],
    })
    expect(declarationParameters(time ?? { name: '' })).toEqual({ type: 'object', properties: {} })
    expect(declarationParameters({ parameters: { type: 'OBJECT' } })).toEqual({ type: 'object', properties: {} })
  })

  it('removes only the keyword: a property named propertyOrdering and enum values stay', () => {
    const schema = {
      type: 'object',
      properties: { propertyOrdering: { type: 'string', enum: ['propertyOrdering'] } },
      propertyOrdering: ['propertyOrdering'],
    }
    expect(withoutPropertyOrdering(schema)).toEqual({
      type: 'object',
      properties: { propertyOrdering: { type: 'string', enum: ['propertyOrdering'] } },
    })
  })
})
