import type { OpenAIChatRequest } from '../openai-chat-api.ts'
import { isJsonObjectFormat, jsonSchemaFormat, schemaOf } from '../openai-response-format.ts'
import type { AnthropicRequest, AnthropicTextBlock } from './anthropic-api.ts'

/**
 * Anthropic has no "any JSON object" mode (its structured outputs need a schema), so OpenAI's
 * json_object becomes this instruction, as OpenAI's own JSON mode also relies on the prompt
 * asking for JSON.
 */
export const JSON_OBJECT_INSTRUCTION = 'Respond with a single valid JSON object only: no prose, no Markdown code fences.'

/**
 * OpenAI's response_format on an Anthropic request: a schema becomes structured outputs
 * (`output_config.format`, https://platform.claude.com/docs/en/build-with-claude/structured-outputs),
 * json_object a system instruction.
 */
export function applyResponseFormat(format: OpenAIChatRequest['response_format'], out: AnthropicRequest, system: AnthropicTextBlock[]): void {
  const schema = schemaOf(format)
  if (schema) out.output_config = { format: { type: 'json_schema', schema: schema.schema } }
  else if (isJsonObjectFormat(format)) system.push({ type: 'text', text: JSON_OBJECT_INSTRUCTION })
}

/** An Anthropic request's structured output (GA output_config.format, or the beta output_format) as OpenAI's response_format. */
export function responseFormatOf(request: AnthropicRequest): OpenAIChatRequest['response_format'] {
  const format = request.output_config?.format ?? request.output_format
  if (!format || format.type !== 'json_schema') return undefined
  return jsonSchemaFormat(format.schema ?? { type: 'object' })
}
