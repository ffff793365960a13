import type { OpenAIChatRequest, OpenAIContentPart } from '../openai-chat-api.ts'
import type { XunfeiMessage, XunfeiRequest } from './xunfei-api.ts'

/** The `domain` each API version serves (Spark Lite, Pro, Max, 4.0 Ultra). */
export const XUNFEI_DOMAINS: Record<string, string> = {
  'v1.1': 'lite',
  'v2.1': 'generalv2',
  'v3.1': 'generalv3',
  'pro-128k': 'pro-128k',
  'v3.5': 'generalv3.5',
  'max-32k': 'max-32k',
  'v4.0': '4.0Ultra',
}

const textOf = (content: OpenAIChatRequest['messages'][number]['content']) =>
  typeof content === 'string'
    ? content
    : (content ?? [])
        .map((part: OpenAIContentPart) => (part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
        .join('')

/**
 * An OpenAI chat request as Spark's first (and only) WebSocket frame: text turns only (system,
 * user, assistant; tool answers as user text), the domain of the channel's API version.
 */
export function convertToXunfeiRequest(request: OpenAIChatRequest, appId: string, version: string): XunfeiRequest {
  const text: XunfeiMessage[] = []
  for (const message of request.messages) {
    const content = textOf(message.content)
    if (!content) continue
    const role = message.role === 'developer' ? 'system' : message.role === 'tool' ? 'user' : message.role
    text.push({ role, content })
  }
  const chat: XunfeiRequest['parameter']['chat'] = { domain: XUNFEI_DOMAINS[version] ?? 'generalv3.5' }
  if (request.temperature !== undefined) chat.temperature = Math.min(1, Math.max(0, request.temperature))
  const maxTokens = request.max_completion_tokens ?? request.max_tokens
  if (maxTokens !== undefined) chat.max_tokens = maxTokens
  return {
    header: { app_id: appId, uid: typeof request.user === 'string' ? request.user.slice(0, 32) : 'gateway' },
    parameter: { chat },
    payload: { message: { text } },
  }
}
