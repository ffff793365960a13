import { isPlausibleUsage, type Usage } from '../../services/billing/compute-quota.ts'
import type { OpenAIChatResponse, OpenAIFinishReason } from '../openai-chat-api.ts'
import { openAIUsageOf } from '../openai-chat-usage.ts'
import type { BaiduChatResponse, BaiduUsage } from './baidu-api.ts'

/** ERNIE's finish_reason as OpenAI's. */
export function toOpenAIFinishReason(reason: string | undefined, truncated?: boolean): OpenAIFinishReason {
  if (reason === 'length' || truncated) return 'length'
  if (reason === 'content_filter') return 'content_filter'
  if (reason === 'function_call') return 'tool_calls'
  return 'stop'
}

/** ERNIE's usage as the gateway's; undefined when missing or implausible, so the text is counted. */
export function readBaiduUsage(usage: BaiduUsage | undefined): Usage | undefined {
  if (!usage || typeof usage.prompt_tokens !== 'number') return undefined
  const result: Usage = {
    promptTokens: usage.prompt_tokens,
    completionTokens: typeof usage.completion_tokens === 'number' ? usage.completion_tokens : 0,
  }
  return isPlausibleUsage(result) ? result : undefined
}

/** An ERNIE chat answer as an OpenAI chat completion. */
export function convertBaiduResponse(
  response: BaiduChatResponse,
  clientModel: string,
  created: number
): { body: OpenAIChatResponse; usage: Usage | undefined } {
  const usage = readBaiduUsage(response.usage)
  const id = typeof response.id === 'string' && response.id ? response.id : 'baidu'
  const body: OpenAIChatResponse = {
    id: `chatcmpl-${id}`,
    object: 'chat.completion',
    created: typeof response.created === 'number' ? response.created : created,
    model: clientModel,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: typeof response.result === 'string' ? response.result : '' },
        finish_reason: toOpenAIFinishReason(response.finish_reason, response.is_truncated),
      },
    ],
  }
  if (usage) body.usage = openAIUsageOf(usage)
  return { body, usage }
}
