import type { OpenAIFinishReason } from '../openai-chat-api.ts'
import type { AnthropicStopReason } from './anthropic-api.ts'

/** Anthropic's stop_reason as OpenAI's finish_reason. */
export function toOpenAIFinishReason(reason: string | null | undefined): OpenAIFinishReason | null {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
    case 'pause_turn':
      return 'stop'
    case 'max_tokens':
      return 'length'
    case 'tool_use':
      return 'tool_calls'
    case 'refusal':
      return 'content_filter'
    default:
      return reason ? 'stop' : null
  }
}

/** OpenAI's finish_reason as Anthropic's stop_reason. */
export function toAnthropicStopReason(reason: string | null | undefined): AnthropicStopReason | null {
  switch (reason) {
    case 'length':
      return 'max_tokens'
    case 'tool_calls':
    case 'function_call':
      return 'tool_use'
    case 'content_filter':
      return 'refusal'
    case undefined:
    case null:
      return null
    default:
      return 'end_turn'
  }
}
