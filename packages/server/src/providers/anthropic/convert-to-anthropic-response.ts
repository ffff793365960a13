import type { OpenAIChatResponse } from '../openai-chat-api.ts'
import type { Usage } from '../types.ts'
import type { AnthropicContentBlock, AnthropicResponse, AnthropicUsage } from './anthropic-api.ts'
import { toAnthropicStopReason } from './map-anthropic-stop-reason.ts'

/** The gateway's usage in Anthropic's terms: input_tokens excludes what the cache served or stored. */
export function anthropicUsageOf(usage: Usage | undefined): AnthropicUsage {
  if (!usage) return { input_tokens: 0, output_tokens: 0 }
  const cached = usage.cachedTokens ?? 0
  const created = usage.cacheCreationTokens ?? 0
  return {
    input_tokens: Math.max(0, usage.promptTokens - cached - created),
    output_tokens: usage.completionTokens,
    cache_read_input_tokens: cached,
    cache_creation_input_tokens: created,
  }
}

function parseInput(text: string): unknown {
  try {
    return JSON.parse(text || '{}')
  } catch {
    return {}
  }
}

/** An OpenAI chat completion as an Anthropic message; reasoning_content becomes a thinking block. */
export function convertToAnthropicResponse(
  response: OpenAIChatResponse,
  clientModel: string,
  usage: Usage | undefined
): AnthropicResponse {
  const choice = response.choices?.[0]
  const message = choice?.message
  const content: AnthropicContentBlock[] = []
  if (message?.reasoning_content) content.push({ type: 'thinking', thinking: message.reasoning_content, signature: '' })
  if (typeof message?.content === 'string' && message.content !== '')
    content.push({ type: 'text', text: message.content })
  for (const call of message?.tool_calls ?? [])
    content.push({
      type: 'tool_use',
      id: call.id,
      name: call.function.name,
      input: parseInput(call.function.arguments),
    })
  const id = typeof response.id === 'string' && response.id ? response.id : 'gateway'
  return {
    id: id.startsWith('msg_') ? id : `msg_${id}`,
    type: 'message',
    role: 'assistant',
    model: clientModel,
    content,
    stop_reason: toAnthropicStopReason(choice?.finish_reason ?? 'stop'),
    stop_sequence: null,
    usage: anthropicUsageOf(usage),
  }
}
