import type { OpenAIChatRequest } from '../openai-chat-api.ts'
import { isJsonObjectFormat, jsonSchemaFormat, schemaOf } from '../openai-response-format.ts'
import type { AnthropicRequest, AnthropicTextBlock } from './anthropic-api.ts'
import { toAnthropicOutputSchema } from './anthropic-output-schema.ts'

/**
 * Anthropic has no "any JSON object" mode (its structured outputs need a schema), so OpenAI's
 * json_object becomes this instruction, as OpenAI's own JSON mode also relies on the prompt
 * asking for JSON.
 */
export const JSON_OBJECT_INSTRUCTION =
  'Respond with a single valid JSON object only: no prose, no Markdown code fences.'

/**
 * Claude models without structured outputs as generally available (Claude 3.x, Sonnet 4, Opus 4
 * and 4.1) refuse output_config; Bedrock and Vertex ids carry the same names.
 */
const BEFORE_STRUCTURED_OUTPUTS =
  /claude-(instant|2|3)|claude-(sonnet|opus)-4(-0|-1)?(-2025\d{4}|@2025\d{4})?(-v\d+(:\d+)?)?$/

export const supportsStructuredOutputs = (model: string) => !BEFORE_STRUCTURED_OUTPUTS.test(model)

/**
 * OpenAI's response_format on an Anthropic request: a schema becomes structured outputs
 * (`output_config.format`, https://platform.claude.com/docs/en/build-with-claude/structured-outputs)
 * where the model has them, else, like json_object, a system instruction.
 */
export function applyResponseFormat(
  format: OpenAIChatRequest['response_format'],
  out: AnthropicRequest,
  system: AnthropicTextBlock[]
): void {
  const schema = schemaOf(format)
  if (schema && supportsStructuredOutputs(out.model))
    out.output_config = { format: { type: 'json_schema', schema: toAnthropicOutputSchema(schema.schema) } }
  else if (schema)
    system.push({
      type: 'text',
      text: `${JSON_OBJECT_INSTRUCTION} It must follow this JSON Schema: ${JSON.stringify(schema.schema)}`,
    })
  else if (isJsonObjectFormat(format)) system.push({ type: 'text', text: JSON_OBJECT_INSTRUCTION })
}

/** An Anthropic request's structured output (GA output_config.format, or the beta output_format) as OpenAI's response_format. */
export function responseFormatOf(request: AnthropicRequest): OpenAIChatRequest['response_format'] {
  const format = request.output_config?.format ?? request.output_format
  if (!format || format.type !== 'json_schema') return undefined
  return jsonSchemaFormat(format.schema ?? { type: 'object' })
}
