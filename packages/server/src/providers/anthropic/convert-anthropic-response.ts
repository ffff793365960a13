import type { OpenAIChatResponse, OpenAIToolCall } from '../openai-chat-api.ts'
import { openAIUsageOf } from '../openai-chat-usage.ts'
import type { Usage } from '../types.ts'
import type { AnthropicResponse, AnthropicUsage } from './anthropic-api.ts'
import { toOpenAIFinishReason } from './map-anthropic-stop-reason.ts'

const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0

/**
 * Anthropic's usage as the gateway's: input_tokens excludes the cache, so the prompt is the sum of
 * fresh, cache-read and cache-written tokens, each part billed by its own ratio.
 */
export function readAnthropicUsage(usage: AnthropicUsage | undefined): Usage | undefined {
  if (!usage || typeof usage.input_tokens !== 'number') return undefined
  const cachedTokens = count(usage.cache_read_input_tokens)
  const cacheCreationTokens = count(usage.cache_creation_input_tokens)
  return {
    promptTokens: count(usage.input_tokens) + cachedTokens + cacheCreationTokens,
    completionTokens: count(usage.output_tokens),
    cachedTokens,
    cacheCreationTokens,
  }
}

/** An Anthropic message as an OpenAI chat completion; thinking becomes reasoning_content. */
export function convertAnthropicResponse(
  response: AnthropicResponse,
  clientModel: string,
  created: number
): { body: OpenAIChatResponse; usage: Usage | undefined } {
  let text = ''
  let reasoning = ''
  const toolCalls: OpenAIToolCall[] = []
  for (const block of response.content ?? []) {
    if (block.type === 'text') text += block.text
    else if (block.type === 'thinking') reasoning += block.thinking
    else if (block.type === 'tool_use')
      toolCalls.push({
        id: block.id,
        type: 'function',
        function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) },
      })
  }
  const usage = readAnthropicUsage(response.usage)
  const message: OpenAIChatResponse['choices'][number]['message'] = {
    role: 'assistant',
    content: text === '' && toolCalls.length > 0 ? null : text,
  }
  if (reasoning) message.reasoning_content = reasoning
  if (toolCalls.length > 0) message.tool_calls = toolCalls
  const id = typeof response.id === 'string' ? response.id : ''
  const body: OpenAIChatResponse = {
    id: id.startsWith('chatcmpl-') ? id : `chatcmpl-${id}`,
    object: 'chat.completion',
    created,
    model: clientModel,
    choices: [{ index: 0, message, finish_reason: toOpenAIFinishReason(response.stop_reason) }],
  }
  if (usage) body.usage = openAIUsageOf(usage)
  return { body, usage }
}
