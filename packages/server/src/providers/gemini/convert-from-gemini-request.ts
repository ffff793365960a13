import type { OpenAIChatMessage, OpenAIChatRequest, OpenAIContentPart, OpenAIToolCall } from '../openai-chat-api.ts'
import { jsonSchemaFormat } from '../openai-response-format.ts'
import type { GeminiPart, GeminiRequest } from './gemini-api.ts'
import {
  declarationParameters,
  geminiSchemaToJsonSchema,
  withoutPropertyOrdering,
} from './gemini-schema-to-json-schema.ts'
import { withSignature } from './thought-signature.ts'

function effortOf(budget: number): OpenAIChatRequest['reasoning_effort'] {
  if (budget >= 16_384) return 'high'
  if (budget >= 4096) return 'medium'
  return 'low'
}

/**
 * Gemini's JSON mode as OpenAI's response_format: a schema (JSON Schema as it is, Gemini's
 * OpenAPI subset converted) becomes json_schema, the mime type alone json_object.
 */
function responseFormat(config: NonNullable<GeminiRequest['generationConfig']>): OpenAIChatRequest['response_format'] {
  if (config.responseMimeType !== 'application/json') return undefined
  if (config.responseJsonSchema && typeof config.responseJsonSchema === 'object')
    return jsonSchemaFormat(withoutPropertyOrdering(config.responseJsonSchema))
  if (config.responseSchema && typeof config.responseSchema === 'object')
    return jsonSchemaFormat(geminiSchemaToJsonSchema(config.responseSchema))
  return { type: 'json_object' }
}

const textOf = (parts: GeminiPart[]) => parts.map((part) => (part.thought ? '' : (part.text ?? ''))).join('')

/**
 * A Gemini generateContent request (from Gemini-native clients) as an OpenAI Chat Completions
 * request. Function calls get ids made of their position, and the functionResponse that follows
 * answers the oldest unanswered call of the same name.
 */
export function convertFromGeminiRequest(
  request: GeminiRequest,
  upstreamModel: string,
  stream: boolean
): OpenAIChatRequest {
  const messages: OpenAIChatMessage[] = []
  const system = textOf(request.systemInstruction?.parts ?? [])
  if (system) messages.push({ role: 'system', content: system })
  const pending: { id: string; name: string }[] = []
  let callCount = 0
  for (const content of request.contents ?? []) {
    const parts = content.parts ?? []
    if (content.role === 'model') {
      const toolCalls: OpenAIToolCall[] = []
      for (const part of parts) {
        if (!part.functionCall) continue
        const id = `call_${callCount++}`
        pending.push({ id, name: part.functionCall.name })
        toolCalls.push({
          id,
          type: 'function',
          function: { name: part.functionCall.name, arguments: JSON.stringify(part.functionCall.args ?? {}) },
          // Kept where Google's OpenAI-compatible API reads it, for a channel that is Gemini behind that API.
          ...withSignature(part.thoughtSignature),
        })
      }
      const text = textOf(parts)
      const message: OpenAIChatMessage = {
        role: 'assistant',
        content: text === '' && toolCalls.length > 0 ? null : text,
      }
      if (toolCalls.length > 0) message.tool_calls = toolCalls
      messages.push(message)
      continue
    }
    const userParts: OpenAIContentPart[] = []
    for (const part of parts) {
      if (part.functionResponse) {
        const index = pending.findIndex((call) => call.name === part.functionResponse?.name)
        const call = index >= 0 ? pending.splice(index, 1)[0] : undefined
        messages.push({
          role: 'tool',
          tool_call_id: call?.id ?? `call_${callCount++}`,
          content: JSON.stringify(part.functionResponse.response ?? {}),
        })
      } else if (part.inlineData)
        userParts.push({
          type: 'image_url',
          image_url: { url: `data:${part.inlineData.mimeType};base64,${part.inlineData.data}` },
        })
      else if (part.fileData) userParts.push({ type: 'image_url', image_url: { url: part.fileData.fileUri } })
      else if (typeof part.text === 'string') userParts.push({ type: 'text', text: part.text })
    }
    if (userParts.length === 0) continue
    const onlyText = userParts.every((part) => part.type === 'text')
    messages.push({
      role: 'user',
      content: onlyText ? userParts.map((part) => (part as { text: string }).text).join('') : userParts,
    })
  }

  const out: OpenAIChatRequest = { model: upstreamModel, messages }
  const config = request.generationConfig ?? {}
  if (config.temperature !== undefined) out.temperature = config.temperature
  if (config.topP !== undefined) out.top_p = config.topP
  if (config.maxOutputTokens !== undefined) out.max_tokens = config.maxOutputTokens
  if (config.stopSequences?.length) out.stop = config.stopSequences
  if (config.candidateCount && config.candidateCount > 1) out.n = config.candidateCount
  if (config.thinkingConfig?.thinkingBudget) out.reasoning_effort = effortOf(config.thinkingConfig.thinkingBudget)
  const format = responseFormat(config)
  if (format) out.response_format = format
  // OpenAI refuses json_object unless the conversation mentions JSON; Gemini's JSON mode has no such rule.
  if (format?.type === 'json_object' && !JSON.stringify(messages).toLowerCase().includes('json'))
    messages.unshift({ role: 'system', content: 'Respond in JSON.' })
  const declarations = (request.tools ?? []).flatMap((tool) => tool.functionDeclarations ?? [])
  if (declarations.length > 0) {
    out.tools = declarations.map((d) => ({
      type: 'function',
      function: { name: d.name, description: d.description, parameters: declarationParameters(d) },
    }))
    const calling = request.toolConfig?.functionCallingConfig
    if (calling?.mode === 'NONE') out.tool_choice = 'none'
    else if (calling?.mode === 'ANY')
      out.tool_choice =
        calling.allowedFunctionNames?.length === 1
          ? { type: 'function', function: { name: calling.allowedFunctionNames[0] as string } }
          : 'required'
  }
  if (stream) {
    out.stream = true
    out.stream_options = { include_usage: true }
  }
  return out
}
