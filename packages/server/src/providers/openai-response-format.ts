/**
 * OpenAI's `response_format` of Chat Completions (structured output), the shape every other
 * protocol's structured output is carried in or out of
 * (https://platform.openai.com/docs/guides/structured-outputs).
 */
export type OpenAIResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | {
      type: 'json_schema'
      json_schema: { name: string; description?: string; schema?: unknown; strict?: boolean | null }
    }

/** The name OpenAI requires for a schema, when the client's protocol has none. */
export const DEFAULT_SCHEMA_NAME = 'response'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * True when a schema meets OpenAI's strict mode: an object at the root, and every object closes
 * its properties (additionalProperties false) and requires all of them. Schemas from protocols
 * without such rules (Anthropic's and Gemini's allow optional properties) would be refused with
 * strict on.
 */
export function fitsOpenAIStrict(schema: unknown): boolean {
  return isObject(schema) && schema.type === 'object' && closedEverywhere(schema)
}

function closedEverywhere(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.every(closedEverywhere)
  if (!isObject(schema)) return true
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  if (types.includes('object') || isObject(schema.properties)) {
    if (schema.additionalProperties !== false) return false
    const keys = Object.keys(isObject(schema.properties) ? schema.properties : {})
    const required = Array.isArray(schema.required) ? schema.required : []
    if (!keys.every((key) => required.includes(key))) return false
  }
  // enum, const and default hold values, not schemas.
  return Object.entries(schema).every(
    ([key, value]) => key === 'enum' || key === 'const' || key === 'default' || closedEverywhere(value)
  )
}

/**
 * A JSON Schema from another protocol as OpenAI's json_schema response_format: strict (the model
 * is held to the schema, as Anthropic's and Gemini's structured outputs are) where OpenAI accepts
 * the schema in strict mode, else without strict, which OpenAI takes for any schema.
 */
export function jsonSchemaFormat(schema: unknown, name = DEFAULT_SCHEMA_NAME): OpenAIResponseFormat {
  const format: OpenAIResponseFormat = { type: 'json_schema', json_schema: { name: schemaName(name), schema } }
  if (fitsOpenAIStrict(schema)) format.json_schema.strict = true
  return format
}

/** OpenAI takes names of [a-zA-Z0-9_-], at most 64 characters. */
function schemaName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64)
  return cleaned || DEFAULT_SCHEMA_NAME
}

/** The JSON Schema of a response_format, or undefined for text / json_object / anything unknown. */
export function schemaOf(
  format: unknown
): { name: string; schema: unknown; strict?: boolean; description?: string } | undefined {
  if (!isObject(format) || format.type !== 'json_schema' || !isObject(format.json_schema)) return undefined
  const spec = format.json_schema
  const out: { name: string; schema: unknown; strict?: boolean; description?: string } = {
    name: typeof spec.name === 'string' ? spec.name : DEFAULT_SCHEMA_NAME,
    schema: spec.schema ?? { type: 'object' },
  }
  if (typeof spec.strict === 'boolean') out.strict = spec.strict
  if (typeof spec.description === 'string') out.description = spec.description
  return out
}

/** response_format asks for JSON without naming a schema. */
export const isJsonObjectFormat = (format: unknown) => isObject(format) && format.type === 'json_object'
