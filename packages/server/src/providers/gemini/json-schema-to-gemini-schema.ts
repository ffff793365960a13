/**
 * An OpenAI client's JSON Schema (tool parameters, response_format) as Gemini takes it. Gemini's
 * `parameters` / `responseSchema` speak an OpenAPI 3.0 subset (upper-case types, `nullable`, no
 * additionalProperties, $ref or $schema, string formats limited to enum and date-time) that every
 * Gemini model and Vertex AI accept; schemas that subset cannot express ($ref, allOf, maps typed by
 * additionalProperties...) go whole in `parametersJsonSchema` / `responseJsonSchema` instead, which
 * only newer models take.
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Keywords only full JSON Schema has. */
const JSON_SCHEMA_ONLY = new Set([
  '$ref',
  '$defs',
  'definitions',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'prefixItems',
  'patternProperties',
  'dependentSchemas',
  'unevaluatedProperties',
])
const COPIED = [
  'title',
  'description',
  'default',
  'example',
  'pattern',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'minProperties',
  'maxProperties',
] as const
/** The formats Gemini's Schema accepts, by type. */
const FORMATS: Record<string, Set<string>> = {
  STRING: new Set(['enum', 'date-time']),
  NUMBER: new Set(['float', 'double']),
  INTEGER: new Set(['int32', 'int64']),
}

/** True when the subset would lose part of the schema. */
export function needsFullJsonSchema(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(needsFullJsonSchema)
  if (!isObject(schema)) return false
  for (const [key, value] of Object.entries(schema)) {
    if (JSON_SCHEMA_ONLY.has(key)) return true
    if (key === 'additionalProperties' && isObject(value)) return true
    if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples' || key === 'example') continue
    if (
      key === 'properties' && isObject(value)
        ? Object.values(value).some(needsFullJsonSchema)
        : needsFullJsonSchema(value)
    )
      return true
  }
  return false
}

/** One JSON Schema node (and everything under it) in Gemini's OpenAPI subset. */
export function jsonSchemaToGeminiSchema(schema: unknown): Record<string, unknown> {
  if (!isObject(schema)) return {}
  const out: Record<string, unknown> = {}
  const declared = Array.isArray(schema.type)
    ? (schema.type as unknown[])
    : schema.type === undefined
      ? []
      : [schema.type]
  const types = declared.filter((t): t is string => typeof t === 'string' && t !== 'null').map((t) => t.toUpperCase())
  const nullable = declared.includes('null') || schema.nullable === true
  if (types.length === 1) out.type = types[0]
  else if (types.length > 1) out.anyOf = types.map((type) => ({ type }))
  for (const key of COPIED) if (schema[key] !== undefined) out[key] = schema[key]
  const format = schema.format
  if (typeof format === 'string' && typeof out.type === 'string' && FORMATS[out.type]?.has(format)) out.format = format
  const values = Array.isArray(schema.enum)
    ? (schema.enum as unknown[])
    : schema.const !== undefined
      ? [schema.const]
      : undefined
  if (values) out.enum = values.filter((value) => value !== null)
  const union = schema.anyOf ?? schema.oneOf
  if (Array.isArray(union)) {
    const branches = union.filter((branch) => !(isObject(branch) && branch.type === 'null'))
    if (branches.length < union.length) out.nullable = true
    if (branches.length === 1 && out.type === undefined) Object.assign(out, jsonSchemaToGeminiSchema(branches[0]))
    else out.anyOf = branches.map(jsonSchemaToGeminiSchema)
  }
  if (isObject(schema.properties)) {
    const properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, sub]) => [name, jsonSchemaToGeminiSchema(sub)])
    )
    out.properties = properties
    // Gemini refuses a required name its properties do not define.
    if (Array.isArray(schema.required))
      out.required = schema.required.filter((name) => typeof name === 'string' && name in properties)
  }
  if (schema.items !== undefined)
    out.items = jsonSchemaToGeminiSchema(Array.isArray(schema.items) ? schema.items[0] : schema.items)
  if (nullable) out.nullable = true
  return out
}
