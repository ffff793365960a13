import type { OpenAIFinishReason } from '../openai-chat-api.ts'

/** Hunyuan's FinishReason as OpenAI's finish_reason; `sensitive` is its moderation stop. */
export function toOpenAIFinishReason(reason: string | null | undefined): OpenAIFinishReason | null {
  switch (reason) {
    case undefined:
    case null:
    case '':
      return null
    case 'tool_calls':
      return 'tool_calls'
    case 'sensitive':
      return 'content_filter'
    case 'length':
      return 'length'
    default:
      return 'stop'
  }
}
