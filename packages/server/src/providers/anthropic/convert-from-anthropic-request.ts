import type {
  OpenAIChatMessage,
  OpenAIChatRequest,
  OpenAIContentPart,
  OpenAIToolCall,
  OpenAIToolChoice,
} from '../openai-chat-api.ts'
import type { AnthropicContentBlock, AnthropicRequest, AnthropicToolChoice } from './anthropic-api.ts'
import { responseFormatOf } from './anthropic-output-format.ts'

function imageUrl(block: Extract<AnthropicContentBlock, { type: 'image' }>): string {
  return block.source.type === 'base64'
    ? `data:${block.source.media_type};base64,${block.source.data}`
    : block.source.url
}

function toolResultText(block: Extract<AnthropicContentBlock, { type: 'tool_result' }>): string {
  if (typeof block.content === 'string') return block.content
  return (block.content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('')
}

function toolChoice(choice: AnthropicToolChoice | undefined): OpenAIToolChoice | undefined {
  if (!choice) return undefined
  if (choice.type === 'any') return 'required'
  if (choice.type === 'tool') return { type: 'function', function: { name: choice.name } }
  return choice.type
}

/** Budgets at or above these thresholds ask an OpenAI reasoning model for that much effort. */
function effortOf(budget: number): OpenAIChatRequest['reasoning_effort'] {
  if (budget >= 16_384) return 'high'
  if (budget >= 4096) return 'medium'
  return 'low'
}

/**
 * An Anthropic Messages request (from Claude clients such as Claude Code) as an OpenAI Chat
 * Completions request: `system` becomes a system message, `tool_result` blocks tool messages
 * (placed before the rest of their user turn, as OpenAI wants answers right after the calls),
 * `tool_use` blocks tool calls, images data or plain URLs, structured outputs response_format;
 * thinking blocks are not sent back.
 */
export function convertFromAnthropicRequest(request: AnthropicRequest, upstreamModel: string): OpenAIChatRequest {
  const messages: OpenAIChatMessage[] = []
  if (request.system) {
    const text =
      typeof request.system === 'string' ? request.system : request.system.map((block) => block.text).join('\n\n')
    if (text) messages.push({ role: 'system', content: text })
  }
  for (const message of request.messages) {
    if (typeof message.content === 'string') {
      messages.push({ role: message.role, content: message.content })
      continue
    }
    const parts: OpenAIContentPart[] = []
    const toolCalls: OpenAIToolCall[] = []
    for (const block of message.content) {
      if (block.type === 'text') parts.push({ type: 'text', text: block.text })
      else if (block.type === 'image') parts.push({ type: 'image_url', image_url: { url: imageUrl(block) } })
      else if (block.type === 'tool_use')
        toolCalls.push({
          id: block.id,
          type: 'function',
          function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) },
        })
      else if (block.type === 'tool_result')
        messages.push({ role: 'tool', tool_call_id: block.tool_use_id, content: toolResultText(block) })
    }
    if (message.role === 'assistant') {
      const text = parts.map((part) => (part.type === 'text' ? (part as { text: string }).text : '')).join('')
      const out: OpenAIChatMessage = { role: 'assistant', content: text === '' && toolCalls.length > 0 ? null : text }
      if (toolCalls.length > 0) out.tool_calls = toolCalls
      messages.push(out)
    } else if (parts.length > 0) {
      const onlyText = parts.every((part) => part.type === 'text')
      messages.push({
        role: 'user',
        content: onlyText ? parts.map((part) => (part as { text: string }).text).join('') : parts,
      })
    }
  }

  const out: OpenAIChatRequest = { model: upstreamModel, messages, max_tokens: request.max_tokens }
  if (request.temperature !== undefined) out.temperature = request.temperature
  if (request.top_p !== undefined) out.top_p = request.top_p
  if (request.stop_sequences?.length) out.stop = request.stop_sequences
  if (request.stream) {
    out.stream = true
    out.stream_options = { include_usage: true }
  }
  if (request.tools?.length) {
    out.tools = request.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.input_schema },
    }))
    const choice = toolChoice(request.tool_choice)
    if (choice) out.tool_choice = choice
    if (request.tool_choice?.disable_parallel_tool_use) out.parallel_tool_calls = false
  }
  if (request.thinking?.type === 'enabled') out.reasoning_effort = effortOf(request.thinking.budget_tokens)
  if (request.metadata?.user_id) out.user = request.metadata.user_id
  const format = responseFormatOf(request)
  if (format) out.response_format = format
  return out
}
