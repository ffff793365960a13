import { isPlausibleUsage, type Usage } from '../../services/billing/compute-quota.ts'
import type { OpenAIChatResponse, OpenAIToolCall } from '../openai-chat-api.ts'
import { openAIUsageOf } from '../openai-chat-usage.ts'
import type { HunyuanResponseBody, HunyuanToolCall, HunyuanUsage } from './hunyuan-api.ts'
import { toOpenAIFinishReason } from './map-hunyuan-finish-reason.ts'

/** Hunyuan's usage as the gateway's (it reports no cache); undefined when missing or implausible. */
export function readHunyuanUsage(usage: HunyuanUsage | undefined): Usage | undefined {
  if (!usage || typeof usage.PromptTokens !== 'number' || typeof usage.CompletionTokens !== 'number') return undefined
  const out: Usage = { promptTokens: usage.PromptTokens, completionTokens: usage.CompletionTokens, cachedTokens: 0 }
  return isPlausibleUsage(out) ? out : undefined
}

export function toOpenAIToolCall(call: HunyuanToolCall, index: number): OpenAIToolCall {
  return {
    id: call.Id || `call_${index}`,
    type: 'function',
    function: { name: call.Function?.Name ?? '', arguments: call.Function?.Arguments ?? '' },
  }
}

/** `chatcmpl-<Id>`: Hunyuan's Id is the request id. */
export const completionIdOf = (id: unknown) => (typeof id === 'string' && id ? `chatcmpl-${id}` : 'chatcmpl-hunyuan')

/**
 * A Hunyuan answer (the Response object, errors already handled) as an OpenAI chat completion:
 * ReasoningContent becomes reasoning_content, ToolCalls tool_calls.
 */
export function convertHunyuanResponse(
  response: HunyuanResponseBody,
  clientModel: string,
  created: number
): { body: OpenAIChatResponse; usage: Usage | undefined } {
  const usage = readHunyuanUsage(response.Usage)
  const choices: OpenAIChatResponse['choices'] = (response.Choices ?? []).map((choice, index) => {
    const source = choice.Message ?? {}
    const toolCalls = (source.ToolCalls ?? []).map(toOpenAIToolCall)
    const content = source.Content ?? ''
    const message: OpenAIChatResponse['choices'][number]['message'] = {
      role: 'assistant',
      content: content === '' && toolCalls.length > 0 ? null : content,
    }
    if (source.ReasoningContent) message.reasoning_content = source.ReasoningContent
    if (toolCalls.length > 0) message.tool_calls = toolCalls
    return { index: choice.Index ?? index, message, finish_reason: toOpenAIFinishReason(choice.FinishReason) ?? 'stop' }
  })
  const body: OpenAIChatResponse = {
    id: completionIdOf(response.Id),
    object: 'chat.completion',
    created: typeof response.Created === 'number' ? response.Created : created,
    model: clientModel,
    choices,
  }
  if (usage) body.usage = openAIUsageOf(usage)
  return { body, usage }
}
