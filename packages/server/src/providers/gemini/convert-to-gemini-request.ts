import type { OpenAIChatMessage, OpenAIChatRequest, OpenAIContentPart } from '../openai-chat-api.ts'
import { isJsonObjectFormat, schemaOf } from '../openai-response-format.ts'
import type { GeminiContent, GeminiFunctionDeclaration, GeminiPart, GeminiRequest } from './gemini-api.ts'
import { jsonSchemaToGeminiSchema, needsFullJsonSchema } from './json-schema-to-gemini-schema.ts'
import { signatureOf, signFunctionCalls } from './thought-signature.ts'

/** Thinking budgets for OpenAI's reasoning_effort on Gemini 2.5 models. */
const THINKING_BUDGETS = { minimal: 512, low: 1024, medium: 8192, high: 24_576 } as const

/** The harm categories the reference sets on converted requests (CIVIC_INTEGRITY is deprecated). */
export const SAFETY_CATEGORIES = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
] as const

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s

function parts(content: OpenAIChatMessage['content']): GeminiPart[] {
  if (content === undefined || content === null) return []
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }]
  const out: GeminiPart[] = []
  for (const part of content as OpenAIContentPart[]) {
    if (part.type === 'text' && typeof part.text === 'string') out.push({ text: part.text })
    else if (part.type === 'image_url') {
      const image = (part as { image_url?: { url?: unknown } | string }).image_url
      const url = typeof image === 'string' ? image : image?.url
      if (typeof url !== 'string') continue
      const data = DATA_URL.exec(url)
      out.push(
        data ? { inlineData: { mimeType: data[1] as string, data: data[2] as string } } : { fileData: { fileUri: url } }
      )
    }
  }
  return out
}

function parseArgs(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text || '{}')
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value }
  } catch {
    return { arguments: text }
  }
}

/** A JSON Schema for parametersJsonSchema / responseJsonSchema: all of it but the `$schema` marker, which names a dialect and constrains nothing. */
function fullSchema(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>
  return rest
}

/**
 * An OpenAI function as a Gemini declaration: parameters in Gemini's OpenAPI subset, which every
 * model takes, or as full JSON Schema when the subset cannot express them. A function without
 * arguments declares none (Gemini refuses an object schema with no properties).
 */
function declaration(fn: { name: string; description?: string; parameters?: unknown }): GeminiFunctionDeclaration {
  const out: GeminiFunctionDeclaration = { name: fn.name }
  if (fn.description !== undefined) out.description = fn.description
  if (needsFullJsonSchema(fn.parameters)) out.parametersJsonSchema = fullSchema(fn.parameters)
  else {
    const parameters = jsonSchemaToGeminiSchema(fn.parameters)
    const empty =
      Object.keys(parameters).length === 0 ||
      (parameters.type === 'OBJECT' && Object.keys((parameters.properties as object | undefined) ?? {}).length === 0)
    if (!empty) out.parameters = parameters
  }
  return out
}

/** Appends parts to the last content when it has the same role: Gemini wants turns to alternate. */
function push(contents: GeminiContent[], role: 'user' | 'model', newParts: GeminiPart[]) {
  if (newParts.length === 0) return
  const last = contents[contents.length - 1]
  if (last && last.role === role) last.parts.push(...newParts)
  else contents.push({ role, parts: newParts })
}

/**
 * An OpenAI Chat Completions request as a Gemini generateContent request: system text becomes
 * systemInstruction, assistant turns `model` turns, tool calls functionCall parts and tool answers
 * functionResponse parts (named after the call they answer, since Gemini has no call ids).
 * With a safety threshold, every harm category the reference lists is sent with it, as the
 * reference does for the requests it converts.
 */
export function convertToGeminiRequest(request: OpenAIChatRequest, safetyThreshold?: string): GeminiRequest {
  const system: GeminiPart[] = []
  const contents: GeminiContent[] = []
  const callNames = new Map<string, string>()
  for (const message of request.messages) {
    if (message.role === 'system' || message.role === 'developer') system.push(...parts(message.content))
    else if (message.role === 'assistant') {
      const out = parts(message.content)
      for (const call of message.tool_calls ?? []) {
        callNames.set(call.id, call.function.name)
        const signature = signatureOf(call)
        out.push({
          functionCall: { name: call.function.name, args: parseArgs(call.function.arguments) },
          ...(signature ? { thoughtSignature: signature } : {}),
        })
      }
      signFunctionCalls(out)
      push(contents, 'model', out)
    } else if (message.role === 'tool') {
      const text =
        typeof message.content === 'string'
          ? message.content
          : parts(message.content)
              .map((p) => p.text ?? '')
              .join('')
      const name = callNames.get(message.tool_call_id ?? '') ?? message.name ?? 'function'
      let response: Record<string, unknown>
      try {
        const parsed: unknown = JSON.parse(text)
        response =
          parsed && typeof parsed === 'object' && !Array.isArray(parsed)
            ? (parsed as Record<string, unknown>)
            : { result: parsed }
      } catch {
        response = { result: text }
      }
      push(contents, 'user', [{ functionResponse: { name, response } }])
    } else push(contents, 'user', parts(message.content))
  }

  const out: GeminiRequest = { contents }
  if (system.length > 0) out.systemInstruction = { parts: system }
  const config: NonNullable<GeminiRequest['generationConfig']> = {}
  if (request.temperature !== undefined) config.temperature = request.temperature
  if (request.top_p !== undefined) config.topP = request.top_p
  const maxTokens = request.max_completion_tokens ?? request.max_tokens
  if (maxTokens !== undefined) config.maxOutputTokens = maxTokens
  if (request.stop !== undefined)
    config.stopSequences = typeof request.stop === 'string' ? [request.stop] : request.stop
  if (typeof request.n === 'number' && request.n > 1) config.candidateCount = request.n
  if (request.reasoning_effort)
    config.thinkingConfig = { thinkingBudget: THINKING_BUDGETS[request.reasoning_effort], includeThoughts: true }
  const schema = schemaOf(request.response_format)
  if (schema) {
    config.responseMimeType = 'application/json'
    if (needsFullJsonSchema(schema.schema)) config.responseJsonSchema = fullSchema(schema.schema)
    else config.responseSchema = jsonSchemaToGeminiSchema(schema.schema)
  } else if (isJsonObjectFormat(request.response_format)) config.responseMimeType = 'application/json'
  if (Object.keys(config).length > 0) out.generationConfig = config
  if (request.tools?.length) {
    out.tools = [
      { functionDeclarations: request.tools.filter((t) => t.type === 'function').map((t) => declaration(t.function)) },
    ]
    const choice = request.tool_choice
    if (choice === 'none') out.toolConfig = { functionCallingConfig: { mode: 'NONE' } }
    else if (choice === 'required') out.toolConfig = { functionCallingConfig: { mode: 'ANY' } }
    else if (choice && typeof choice === 'object')
      out.toolConfig = { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.function.name] } }
  }
  if (safetyThreshold)
    out.safetySettings = SAFETY_CATEGORIES.map((category) => ({ category, threshold: safetyThreshold }))
  return out
}
