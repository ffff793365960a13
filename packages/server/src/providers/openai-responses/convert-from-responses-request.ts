import type { OpenAIChatMessage, OpenAIChatRequest, OpenAIContentPart, OpenAIToolCall } from '../openai-chat-api.ts'
import type {
  ResponsesContentPart,
  ResponsesFunctionTool,
  ResponsesInputItem,
  ResponsesRequest,
  ResponsesTextFormat,
} from './responses-api.ts'

/** The Responses API's text.format as Chat Completions' response_format (the schema's fields sit one level up there). */
function responseFormat(format: ResponsesTextFormat | undefined): OpenAIChatRequest['response_format'] {
  if (!format) return undefined
  if (format.type === 'json_object') return { type: 'json_object' }
  if (format.type !== 'json_schema') return undefined
  const spec: { name: string; schema: unknown; description?: string; strict?: boolean | null } = {
    name: format.name,
    schema: format.schema,
  }
  if (format.description !== undefined) spec.description = format.description
  if (format.strict !== undefined) spec.strict = format.strict
  return { type: 'json_schema', json_schema: spec }
}

function contentOf(content: string | ResponsesContentPart[]): string | OpenAIContentPart[] {
  if (typeof content === 'string') return content
  const parts: OpenAIContentPart[] = []
  for (const part of content) {
    if ((part.type === 'input_text' || part.type === 'output_text') && typeof part.text === 'string')
      parts.push({ type: 'text', text: part.text })
    else if (part.type === 'input_image' && typeof part.image_url === 'string')
      parts.push({ type: 'image_url', image_url: { url: part.image_url } })
  }
  return parts.every((part) => part.type === 'text')
    ? parts.map((part) => (part as { text: string }).text).join('')
    : parts
}

/**
 * A Responses API request as a Chat Completions request, for channels that only speak chat:
 * `instructions` becomes the system message, input messages chat messages, function_call items
 * assistant tool calls (consecutive ones in one message) and function_call_output items tool
 * messages, text.format response_format. Server-side state is not read here: the relay has already
 * written a stored conversation named by previous_response_id into `input` (relay/responses-state.ts).
 */
export function convertFromResponsesRequest(request: ResponsesRequest, upstreamModel: string): OpenAIChatRequest {
  const messages: OpenAIChatMessage[] = []
  if (request.instructions) messages.push({ role: 'system', content: request.instructions })
  const items: ResponsesInputItem[] =
    typeof request.input === 'string' ? [{ role: 'user', content: request.input }] : (request.input ?? [])
  for (const item of items) {
    if (item.type === 'function_call') {
      const call = item as Extract<ResponsesInputItem, { type: 'function_call' }>
      const toolCall: OpenAIToolCall = {
        id: call.call_id,
        type: 'function',
        function: { name: call.name, arguments: call.arguments ?? '' },
      }
      const last = messages[messages.length - 1]
      if (last?.role === 'assistant' && last.tool_calls) last.tool_calls.push(toolCall)
      else messages.push({ role: 'assistant', content: null, tool_calls: [toolCall] })
    } else if (item.type === 'function_call_output') {
      const output = (item as { output: unknown }).output
      messages.push({
        role: 'tool',
        tool_call_id: String((item as { call_id: unknown }).call_id),
        content: typeof output === 'string' ? output : JSON.stringify(output),
      })
    } else if ((item.type === undefined || item.type === 'message') && 'role' in item) {
      const message = item as Extract<ResponsesInputItem, { role: string }>
      messages.push({ role: message.role, content: contentOf(message.content) } as OpenAIChatMessage)
    }
  }

  const out: OpenAIChatRequest = { model: upstreamModel, messages }
  if (request.max_output_tokens !== undefined) out.max_tokens = request.max_output_tokens
  if (request.temperature !== undefined) out.temperature = request.temperature
  if (request.top_p !== undefined) out.top_p = request.top_p
  if (request.reasoning?.effort) out.reasoning_effort = request.reasoning.effort
  if (request.user) out.user = request.user
  const format = responseFormat(request.text?.format)
  if (format) out.response_format = format
  const tools = (request.tools ?? []).filter((tool): tool is ResponsesFunctionTool => tool.type === 'function')
  if (tools.length > 0) {
    out.tools = tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }))
    const choice = request.tool_choice
    if (choice)
      out.tool_choice = typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } }
    if (request.parallel_tool_calls === false) out.parallel_tool_calls = false
  }
  if (request.stream) {
    out.stream = true
    out.stream_options = { include_usage: true }
  }
  return out
}
