/**
 * Gemini's Schema (the OpenAPI 3.0 subset of functionDeclarations[].parameters and
 * generationConfig.responseSchema, https://ai.google.dev/api/caching#Schema) as JSON Schema, which
 * OpenAI-compatible upstreams take for tool parameters and response_format. Gemini names types in
 * upper case (OBJECT, STRING, ...) and marks optional values with `nullable`; OpenAI refuses both.
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Keywords with the same meaning in both, copied as they are. */
const SAME = ['title', 'description', 'pattern', 'default'] as const
/** Gemini's int64 fields arrive as strings when a client serialises protobuf JSON. */
const COUNTS = [
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'minProperties',
  'maxProperties',
  'minimum',
  'maximum',
] as const
/** String formats JSON Schema validators know; Gemini's others (enum, int32, float...) only hint its own decoder. */
const JSON_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
  'uri',
])

function typeName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const lower = value.toLowerCase()
  return lower === 'type_unspecified' || lower === '' ? undefined : lower
}

/** One Gemini Schema node (and everything under it) as JSON Schema. */
export function geminiSchemaToJsonSchema(schema: unknown): Record<string, unknown> {
  if (!isObject(schema)) return {}
  const out: Record<string, unknown> = {}
  const type = Array.isArray(schema.type)
    ? schema.type.map(typeName).filter((t): t is string => t !== undefined)
    : typeName(schema.type)
  if (type !== undefined && !(Array.isArray(type) && type.length === 0)) out.type = type
  for (const key of SAME) if (schema[key] !== undefined) out[key] = schema[key]
  for (const key of COUNTS) {
    const value = schema[key]
    if (typeof value === 'number') out[key] = value
    else if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
      out[key] = Number(value)
  }
  if (typeof schema.format === 'string' && JSON_FORMATS.has(schema.format)) out.format = schema.format
  if (Array.isArray(schema.enum)) out.enum = [...(schema.enum as unknown[])]
  if (isObject(schema.properties))
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, value]) => [name, geminiSchemaToJsonSchema(value)])
    )
  if (Array.isArray(schema.required)) out.required = [...(schema.required as unknown[])]
  if (schema.items !== undefined) out.items = geminiSchemaToJsonSchema(schema.items)
  if (Array.isArray(schema.anyOf)) out.anyOf = schema.anyOf.map(geminiSchemaToJsonSchema)
  // propertyOrdering and example have no JSON Schema keyword; they only steer Gemini's own decoding.
  if (schema.nullable === true) return nullable(out)
  return out
}

/** `nullable: true` as JSON Schema: "null" joins the type (and the enum), or an anyOf branch. */
function nullable(out: Record<string, unknown>): Record<string, unknown> {
  if (typeof out.type === 'string' || Array.isArray(out.type)) {
    const types = Array.isArray(out.type) ? (out.type as string[]) : [out.type as string]
    out.type = types.includes('null') ? types : [...types, 'null']
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null]
    return out
  }
  if (Array.isArray(out.anyOf)) {
    out.anyOf = [...(out.anyOf as unknown[]), { type: 'null' }]
    return out
  }
  // No type named: any value, null included, is already allowed.
  return out
}

/**
 * The parameters of a Gemini function declaration as an OpenAI function's parameters: the JSON
 * Schema of `parametersJsonSchema` as it is (Gemini's own propertyOrdering aside), else
 * `parameters` converted; OpenAI wants an object schema even for a function without arguments.
 */
export function declarationParameters(declaration: {
  parameters?: unknown
  parametersJsonSchema?: unknown
}): Record<string, unknown> {
  if (isObject(declaration.parametersJsonSchema))
    return withoutPropertyOrdering(declaration.parametersJsonSchema) as Record<string, unknown>
  if (isObject(declaration.parameters)) {
    const converted = geminiSchemaToJsonSchema(declaration.parameters)
    if (converted.type === 'object' && converted.properties === undefined) converted.properties = {}
    return converted
  }
  return { type: 'object', properties: {} }
}

const VALUES = new Set(['enum', 'const', 'default', 'examples', 'example'])
const NAMED = new Set(['properties', 'patternProperties', '$defs', 'definitions'])

/** A JSON Schema without Gemini's propertyOrdering keyword (strict validators refuse unknown keywords). */
export function withoutPropertyOrdering(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutPropertyOrdering)
  if (!isObject(schema)) return schema
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'propertyOrdering') continue
    // enum, const and default hold values, not schemas: copied untouched.
    if (VALUES.has(key)) out[key] = value
    // maps of names to schemas: a property may itself be called propertyOrdering.
    else if (NAMED.has(key) && isObject(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withoutPropertyOrdering(sub)]))
    else out[key] = withoutPropertyOrdering(value)
  }
  return out
}
