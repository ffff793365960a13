/**
 * A JSON Schema as Anthropic's structured outputs take it: constrained decoding supports a subset
 * (https://platform.claude.com/docs/en/build-with-claude/structured-outputs): every object must
 * close its properties (additionalProperties false); numeric bounds, string lengths, array
 * bounds beyond minItems 0/1 and formats it does not know are refused. Those constraints move into
 * the description, where the model still reads them, as Anthropic's own SDKs do; OpenAI strict
 * schemas already fit and pass unchanged.
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isPrimitive = (value: unknown) => value === null || typeof value !== 'object'

const STRING_FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'uri',
  'ipv4',
  'ipv6',
  'uuid',
])

export function toAnthropicOutputSchema(schema: unknown): unknown {
  if (!isObject(schema)) return schema
  const left: Record<string, unknown> = { ...schema }
  const take = (key: string) => {
    const value = left[key]
    delete left[key]
    return value
  }
  const out: Record<string, unknown> = {}
  // `$schema` names a dialect and constrains nothing.
  take('$schema')
  for (const key of ['$defs', 'definitions']) {
    const defs = take(key)
    if (isObject(defs))
      out[key] = Object.fromEntries(Object.entries(defs).map(([name, sub]) => [name, toAnthropicOutputSchema(sub)]))
  }
  const ref = take('$ref')
  if (typeof ref === 'string') return { ...out, $ref: ref }

  if (Array.isArray(left.enum) && left.enum.every(isPrimitive)) out.enum = take('enum')
  if (left.const !== undefined && isPrimitive(left.const)) out.const = take('const')
  const type = take('type')
  if (type !== undefined) out.type = type
  const anyOf = take('anyOf') ?? take('oneOf')
  if (Array.isArray(anyOf)) out.anyOf = anyOf.map(toAnthropicOutputSchema)
  const allOf = take('allOf')
  if (Array.isArray(allOf)) out.allOf = allOf.map(toAnthropicOutputSchema)
  for (const key of ['title', 'description']) if (left[key] !== undefined) out[key] = take(key)

  const types = Array.isArray(type) ? type : [type]
  if (types.includes('object') || isObject(left.properties)) {
    const properties = take('properties')
    out.properties = isObject(properties)
      ? Object.fromEntries(Object.entries(properties).map(([name, sub]) => [name, toAnthropicOutputSchema(sub)]))
      : {}
    take('additionalProperties')
    out.additionalProperties = false
    if (Array.isArray(left.required)) out.required = take('required')
  }
  if (types.includes('string') && typeof left.format === 'string' && STRING_FORMATS.has(left.format))
    out.format = take('format')
  if (types.includes('array') || left.items !== undefined) {
    if (left.items !== undefined) out.items = toAnthropicOutputSchema(take('items'))
    if (left.minItems === 0 || left.minItems === 1) out.minItems = take('minItems')
  }

  const rest = Object.entries(left)
  if (rest.length > 0) {
    const note = `{${rest.map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(', ')}}`
    out.description =
      typeof out.description === 'string' && out.description !== '' ? `${out.description}\n\n${note}` : note
  }
  return out
}
