import type { OpenAIChatMessage, OpenAIContentPart, OpenAIToolCall } from '../openai-chat-api.ts'
import type { ResponsesContentPart, ResponsesInputItem, ResponsesOutputItem } from './responses-api.ts'

const textOf = (part: { type: string }): string => ('text' in part && typeof part.text === 'string' ? part.text : '')

function partsOf(content: OpenAIContentPart[], assistant: boolean): ResponsesContentPart[] {
  const parts: ResponsesContentPart[] = []
  for (const part of content) {
    if (part.type === 'text') parts.push({ type: assistant ? 'output_text' : 'input_text', text: textOf(part) })
    else if (part.type === 'image_url') {
      const url = (part.image_url as { url?: unknown } | undefined)?.url
      if (typeof url === 'string') parts.push({ type: 'input_image', image_url: url })
    }
  }
  return parts
}

/**
 * Chat Completions messages (a stored conversation) as Responses input items, such that
 * convertFromResponsesRequest turns them back into the same messages: assistant text as an
 * output_text message, each tool call a function_call item, each tool message a
 * function_call_output. An OpenAI channel reads the same items natively, so a conversation the
 * gateway stored can be continued on either kind of channel.
 */
export function chatMessagesToResponsesInput(messages: readonly OpenAIChatMessage[]): ResponsesInputItem[] {
  const items: ResponsesInputItem[] = []
  for (const message of messages) {
    const content = message.content
    if (message.role === 'tool') {
      const output = typeof content === 'string' ? content : Array.isArray(content) ? content.map(textOf).join('') : ''
      items.push({ type: 'function_call_output', call_id: message.tool_call_id ?? '', output })
      continue
    }
    if (message.role === 'assistant') {
      const text =
        typeof content === 'string'
          ? content
          : Array.isArray(content)
            ? partsOf(content, true).map(textOf).join('')
            : ''
      if (text !== '') items.push({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] })
      for (const call of message.tool_calls ?? [])
        items.push({
          type: 'function_call',
          call_id: call.id,
          name: call.function.name,
          arguments: call.function.arguments,
        })
      continue
    }
    items.push({
      type: 'message',
      role: message.role,
      content: typeof content === 'string' ? content : partsOf(content ?? [], false),
    })
  }
  return items
}

/**
 * A Responses answer's output as the one assistant message a chat upstream would have sent: the
 * text of its messages, its function calls as tool calls. Reasoning is left out, as chat
 * upstreams do not take it back. Undefined when the answer produced nothing to continue from.
 */
export function responsesOutputToChatMessage(output: readonly ResponsesOutputItem[]): OpenAIChatMessage | undefined {
  let text = ''
  const calls: OpenAIToolCall[] = []
  for (const item of output) {
    if (item.type === 'message') text += item.content.map((part) => part.text).join('')
    else if (item.type === 'function_call')
      calls.push({ id: item.call_id, type: 'function', function: { name: item.name, arguments: item.arguments } })
  }
  if (text === '' && calls.length === 0) return undefined
  return calls.length > 0
    ? { role: 'assistant', content: text === '' ? null : text, tool_calls: calls }
    : { role: 'assistant', content: text }
}
