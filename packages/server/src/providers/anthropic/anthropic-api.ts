/**
 * The parts of Anthropic's Messages API the gateway reads and writes
 * (https://docs.anthropic.com/en/api/messages, .../messages-streaming). Minimal on purpose: fields
 * the gateway does not touch are carried as they are.
 */

export interface AnthropicTextBlock {
  type: 'text'
  text: string
  cache_control?: unknown
}

export interface AnthropicImageBlock {
  type: 'image'
  source: { type: 'base64'; media_type: string; data: string } | { type: 'url'; url: string }
  cache_control?: unknown
}

export interface AnthropicToolUseBlock {
  type: 'tool_use'
  id: string
  name: string
  input: unknown
}

export interface AnthropicToolResultBlock {
  type: 'tool_result'
  tool_use_id: string
  content?: string | (AnthropicTextBlock | AnthropicImageBlock)[]
  is_error?: boolean
  cache_control?: unknown
}

export interface AnthropicThinkingBlock {
  type: 'thinking'
  thinking: string
  signature?: string
}

export interface AnthropicRedactedThinkingBlock {
  type: 'redacted_thinking'
  data: string
}

export type AnthropicContentBlock =
  | AnthropicTextBlock
  | AnthropicImageBlock
  | AnthropicToolUseBlock
  | AnthropicToolResultBlock
  | AnthropicThinkingBlock
  | AnthropicRedactedThinkingBlock

export interface AnthropicMessage {
  role: 'user' | 'assistant'
  content: string | AnthropicContentBlock[]
}

export interface AnthropicTool {
  name: string
  description?: string
  input_schema: unknown
  cache_control?: unknown
}

export type AnthropicToolChoice =
  | { type: 'auto' | 'any' | 'none'; disable_parallel_tool_use?: boolean }
  | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean }

export interface AnthropicRequest {
  model: string
  max_tokens: number
  messages: AnthropicMessage[]
  system?: string | AnthropicTextBlock[]
  temperature?: number
  top_p?: number
  top_k?: number
  stop_sequences?: string[]
  stream?: boolean
  tools?: AnthropicTool[]
  tool_choice?: AnthropicToolChoice
  thinking?: { type: 'enabled'; budget_tokens: number } | { type: 'disabled' }
  metadata?: { user_id?: string }
  /** structured outputs: the answer follows a JSON Schema */
  output_config?: { format?: AnthropicOutputFormat | null; effort?: string | null }
  /** the same, as the structured-outputs-2025-11-13 beta named it before output_config */
  output_format?: AnthropicOutputFormat | null
}

export interface AnthropicOutputFormat {
  type: 'json_schema'
  schema: unknown
}

export interface AnthropicUsage {
  input_tokens?: number
  output_tokens?: number
  cache_creation_input_tokens?: number | null
  cache_read_input_tokens?: number | null
}

export type AnthropicStopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'pause_turn' | 'refusal'

export interface AnthropicResponse {
  id: string
  type: 'message'
  role: 'assistant'
  model: string
  content: AnthropicContentBlock[]
  stop_reason: AnthropicStopReason | null
  stop_sequence: string | null
  usage: AnthropicUsage
}

export interface AnthropicErrorBody {
  type: 'error'
  error: { type: string; message: string }
}

/** The Messages API version every request is sent with unless the channel overrides it. */
export const ANTHROPIC_VERSION = '2023-06-01'
