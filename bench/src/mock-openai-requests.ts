import type { MockToolCall } from './mock-openai-bodies.ts'

/** What the mock reads from an OpenAI request body: loosely, as any upstream would. */
export type RequestBody = Record<string, unknown>

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Characters of a message's content: a string, or the `text` of its content parts. */
function contentCharacters(content: unknown): number {
  if (typeof content === 'string') return content.length
  if (!Array.isArray(content)) return 0
  let total = 0
  for (const part of content) if (isRecord(part) && typeof part.text === 'string') total += part.text.length
  return total
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join(' ')
}

/** Characters of every message's content, the base of the mock's prompt token count. */
export function chatPromptCharacters(body: RequestBody): number {
  if (!Array.isArray(body.messages)) return 0
  let total = 0
  for (const message of body.messages) if (isRecord(message)) total += contentCharacters(message.content)
  return total
}

/** Characters of a legacy completion prompt (a string or an array of strings). */
export function completionPromptCharacters(body: RequestBody): number {
  const prompt = body.prompt
  if (typeof prompt === 'string') return prompt.length
  if (!Array.isArray(prompt)) return 0
  return prompt.reduce<number>((total, item) => total + (typeof item === 'string' ? item.length : 0), 0)
}

/** Inputs of an embeddings request and their characters (a token array counts 4 per token). */
export function embeddingInputs(body: RequestBody): { count: number; characters: number } {
  const input = body.input
  if (typeof input === 'string') return { count: 1, characters: input.length }
  if (!Array.isArray(input)) return { count: 0, characters: 0 }
  if (input.every((item) => typeof item === 'number')) return { count: 1, characters: input.length * 4 }
  let characters = 0
  for (const item of input)
    characters += typeof item === 'string' ? item.length : Array.isArray(item) ? item.length * 4 : 0
  return { count: input.length, characters }
}

export const wantsStream = (body: RequestBody): boolean => body.stream === true

export const wantsUsageChunk = (body: RequestBody): boolean =>
  isRecord(body.stream_options) && body.stream_options.include_usage === true

export const requestedModel = (body: RequestBody, fallback: string): string =>
  typeof body.model === 'string' ? body.model : fallback

/**
 * The tool call to answer with, if any: the request must carry `tools`, and either the behaviour
 * asks for a call or the last user message mentions the weather (the classic demo prompt).
 */
export function chooseToolCall(body: RequestBody, forced: boolean): MockToolCall | undefined {
  if (!Array.isArray(body.tools) || body.tools.length === 0) return undefined
  if (!forced && !/\bweather\b/i.test(lastUserText(body))) return undefined
  const tool = body.tools.find((item) => isRecord(item) && isRecord(item.function))
  const fn = isRecord(tool) && isRecord(tool.function) ? tool.function : {}
  const name = typeof fn.name === 'string' ? fn.name : 'get_weather'
  return { name, arguments: JSON.stringify(sampleArguments(fn.parameters)) }
}

function lastUserText(body: RequestBody): string {
  if (!Array.isArray(body.messages)) return ''
  for (let i = body.messages.length - 1; i >= 0; i--) {
    const message: unknown = body.messages[i]
    if (isRecord(message) && message.role === 'user') return contentText(message.content)
  }
  return ''
}

/** Plausible arguments for a JSON-schema parameter object: one value per property. */
function sampleArguments(parameters: unknown): Record<string, unknown> {
  const properties =
    isRecord(parameters) && isRecord(parameters.properties) ? parameters.properties : { location: { type: 'string' } }
  const result: Record<string, unknown> = {}
  for (const [name, schema] of Object.entries(properties)) {
    const type = isRecord(schema) ? schema.type : undefined
    const choices = isRecord(schema) && Array.isArray(schema.enum) ? schema.enum : undefined
    if (choices && choices.length > 0) result[name] = choices[0]
    else if (type === 'number' || type === 'integer') result[name] = 1
    else if (type === 'boolean') result[name] = true
    else if (type === 'string') result[name] = /location|city|place/i.test(name) ? 'Paris' : 'mock'
    else result[name] = null
  }
  return result
}
