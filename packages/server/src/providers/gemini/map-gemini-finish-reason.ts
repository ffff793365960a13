import type { OpenAIFinishReason } from '../openai-chat-api.ts'

/** Gemini's finishReason as OpenAI's finish_reason; a function call ends as tool_calls. */
export function toOpenAIFinishReason(reason: string | undefined, calledFunction: boolean): OpenAIFinishReason | null {
  if (!reason) return null
  if (calledFunction) return 'tool_calls'
  if (reason === 'STOP') return 'stop'
  if (reason === 'MAX_TOKENS') return 'length'
  if (
    reason === 'SAFETY' ||
    reason === 'RECITATION' ||
    reason === 'BLOCKLIST' ||
    reason === 'PROHIBITED_CONTENT' ||
    reason === 'SPII'
  )
    return 'content_filter'
  return 'stop'
}

/** OpenAI's finish_reason as Gemini's finishReason. */
export function toGeminiFinishReason(reason: string | null | undefined): string | undefined {
  if (!reason) return undefined
  if (reason === 'length') return 'MAX_TOKENS'
  if (reason === 'content_filter') return 'SAFETY'
  return 'STOP'
}
