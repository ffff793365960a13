import type { OpenAIChatMessage, OpenAIChatRequest, OpenAIContentPart, OpenAIToolChoice } from '../openai-chat-api.ts'
import type {
  AnthropicContentBlock,
  AnthropicImageBlock,
  AnthropicMessage,
  AnthropicRequest,
  AnthropicTextBlock,
  AnthropicToolChoice,
} from './anthropic-api.ts'
import { applyResponseFormat } from './anthropic-output-format.ts'

/** Anthropic requires max_tokens; an OpenAI request without one gets this. */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 8192

/** Thinking budgets for OpenAI's reasoning_effort (and the -low/-medium/-high model suffixes). */
export const THINKING_BUDGETS = { minimal: 1024, low: 2048, medium: 8192, high: 24_576 } as const

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s

function imageBlock(url: string): AnthropicImageBlock {
  const data = DATA_URL.exec(url)
  if (data) return { type: 'image', source: { type: 'base64', media_type: data[1] as string, data: data[2] as string } }
  return { type: 'image', source: { type: 'url', url } }
}

function contentBlocks(content: OpenAIChatMessage['content']): AnthropicContentBlock[] {
  if (content === undefined || content === null) return []
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }]
  const blocks: AnthropicContentBlock[] = []
  for (const part of content as OpenAIContentPart[]) {
    if (part.type === 'text' && typeof part.text === 'string') blocks.push({ type: 'text', text: part.text })
    else if (part.type === 'image_url') {
      const image = (part as { image_url?: { url?: unknown } | string }).image_url
      const url = typeof image === 'string' ? image : image?.url
      if (typeof url === 'string') blocks.push(imageBlock(url))
    }
  }
  return blocks
}

function parseArguments(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text || '{}')
    return value && typeof value === 'object' ? value : {}
  } catch {
    // Anthropic wants an object; a model's broken JSON is kept rather than dropped.
    return { arguments: text }
  }
}

function toolChoice(
  choice: OpenAIToolChoice | undefined,
  parallel: boolean | undefined
): AnthropicToolChoice | undefined {
  const extra = parallel === false ? { disable_parallel_tool_use: true } : {}
  if (choice === undefined) return parallel === false ? { type: 'auto', ...extra } : undefined
  if (choice === 'auto') return { type: 'auto', ...extra }
  if (choice === 'required') return { type: 'any', ...extra }
  if (choice === 'none') return { type: 'none' }
  return { type: 'tool', name: choice.function.name, ...extra }
}

/** Appends blocks to the last message when it has the same role: Anthropic wants roles to alternate. */
function push(messages: AnthropicMessage[], role: AnthropicMessage['role'], blocks: AnthropicContentBlock[]) {
  if (blocks.length === 0) return
  const last = messages[messages.length - 1]
  if (last && last.role === role) (last.content as AnthropicContentBlock[]).push(...blocks)
  else messages.push({ role, content: blocks })
}

/**
 * An OpenAI Chat Completions request as an Anthropic Messages request: system and developer
 * messages become `system`, tool calls `tool_use` blocks, tool answers `tool_result` blocks in a
 * user turn, images `image` blocks, reasoning effort a thinking budget (which, as Anthropic
 * requires, drops temperature and top_p and raises max_tokens above the budget), response_format
 * structured outputs.
 */
export function convertToAnthropicRequest(request: OpenAIChatRequest, upstreamModel: string): AnthropicRequest {
  const system: AnthropicTextBlock[] = []
  const messages: AnthropicMessage[] = []
  for (const message of request.messages) {
    if (message.role === 'system' || message.role === 'developer') {
      for (const block of contentBlocks(message.content)) if (block.type === 'text') system.push(block)
    } else if (message.role === 'tool') {
      const text =
        typeof message.content === 'string'
          ? message.content
          : contentBlocks(message.content)
              .map((b) => (b.type === 'text' ? b.text : ''))
              .join('')
      push(messages, 'user', [{ type: 'tool_result', tool_use_id: message.tool_call_id ?? '', content: text }])
    } else if (message.role === 'assistant') {
      const blocks = contentBlocks(message.content)
      for (const call of message.tool_calls ?? [])
        blocks.push({
          type: 'tool_use',
          id: call.id,
          name: call.function.name,
          input: parseArguments(call.function.arguments),
        })
      push(messages, 'assistant', blocks)
    } else {
      push(messages, 'user', contentBlocks(message.content))
    }
  }

  let maxTokens = request.max_completion_tokens ?? request.max_tokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS
  const out: AnthropicRequest = { model: upstreamModel, max_tokens: maxTokens, messages }
  applyResponseFormat(request.response_format, out, system)
  if (system.length > 0) out.system = system
  const budget = request.reasoning_effort ? THINKING_BUDGETS[request.reasoning_effort] : undefined
  if (budget) {
    if (maxTokens <= budget) maxTokens = budget + DEFAULT_ANTHROPIC_MAX_TOKENS
    out.max_tokens = maxTokens
    out.thinking = { type: 'enabled', budget_tokens: budget }
  } else {
    // OpenAI's range is 0–2, Anthropic's 0–1.
    if (request.temperature !== undefined) out.temperature = Math.min(1, Math.max(0, request.temperature))
    if (request.top_p !== undefined) out.top_p = request.top_p
  }
  if (request.stop !== undefined) out.stop_sequences = typeof request.stop === 'string' ? [request.stop] : request.stop
  if (request.stream) out.stream = true
  if (request.tools?.length) {
    out.tools = request.tools
      .filter((tool) => tool.type === 'function')
      .map((tool) => ({
        name: tool.function.name,
        description: tool.function.description,
        input_schema: tool.function.parameters ?? { type: 'object', properties: {} },
      }))
  }
  const choice = toolChoice(request.tool_choice, request.parallel_tool_calls)
  if (choice && out.tools?.length) out.tool_choice = choice
  if (request.user) out.metadata = { user_id: request.user }
  return out
}
