import type { OpenAIChatMessage, OpenAIChatRequest, OpenAIContentPart } from '../openai-chat-api.ts'
import type { BaiduChatRequest, BaiduMessage } from './baidu-api.ts'

/** ERNIE's temperature lies in (0, 1]; OpenAI's in [0, 2]. */
const MIN_TEMPERATURE = 0.01
/** ERNIE takes max_output_tokens from 2 up. */
const MIN_OUTPUT_TOKENS = 2

/** ERNIE reads plain text only: text parts are joined, images and other parts dropped. */
function textOf(content: OpenAIChatMessage['content']): string {
  if (content === undefined || content === null) return ''
  if (typeof content === 'string') return content
  return (content as OpenAIContentPart[])
    .map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : undefined))
    .filter((text): text is string => text !== undefined)
    .join('\n')
}

/** Appends to the last turn when it has the same role: ERNIE wants user and assistant to alternate. */
function push(messages: BaiduMessage[], role: BaiduMessage['role'], text: string) {
  if (text === '') return
  const last = messages[messages.length - 1]
  if (last && last.role === role) last.content += `\n${text}`
  else if (messages.length > 0 || role === 'user') messages.push({ role, content: text })
  // An assistant turn before any user turn (a greeting) is dropped: ERNIE wants the user first.
}

/**
 * An OpenAI Chat Completions request as an ERNIE v1 chat request: system and developer messages
 * become `system`, tool answers user text, same-role turns are merged, the sampling parameters are
 * brought into ERNIE's ranges. `penalty_score` passes through when the client sent it.
 */
export function convertToBaiduRequest(request: OpenAIChatRequest): BaiduChatRequest {
  const system: string[] = []
  const messages: BaiduMessage[] = []
  for (const message of request.messages ?? []) {
    const text = textOf(message.content)
    if (message.role === 'system' || message.role === 'developer') {
      if (text) system.push(text)
    } else if (message.role === 'assistant') push(messages, 'assistant', text)
    else push(messages, 'user', text)
  }
  const out: BaiduChatRequest = { messages }
  if (system.length > 0) out.system = system.join('\n')
  if (request.stream) out.stream = true
  if (typeof request.temperature === 'number')
    out.temperature = Math.min(1, Math.max(MIN_TEMPERATURE, request.temperature))
  if (typeof request.top_p === 'number') out.top_p = Math.min(1, Math.max(0, request.top_p))
  if (typeof request.penalty_score === 'number') out.penalty_score = request.penalty_score
  const maxTokens = request.max_completion_tokens ?? request.max_tokens
  if (typeof maxTokens === 'number') out.max_output_tokens = Math.max(MIN_OUTPUT_TOKENS, Math.floor(maxTokens))
  if (request.stop !== undefined) out.stop = typeof request.stop === 'string' ? [request.stop] : request.stop
  if (typeof request.user === 'string' && request.user) out.user_id = request.user
  return out
}
