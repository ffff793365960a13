import type { OpenAIChatResponse } from '../openai-chat-api.ts'
import type { Usage } from '../types.ts'
import type { ResponsesOutputItem, ResponsesRequest, ResponsesResponse, ResponsesUsage } from './responses-api.ts'

export function responsesUsageOf(usage: Usage | undefined, reasoningTokens = 0): ResponsesUsage | null {
  if (!usage) return null
  return {
    input_tokens: usage.promptTokens,
    input_tokens_details: { cached_tokens: usage.cachedTokens ?? 0 },
    output_tokens: usage.completionTokens,
    output_tokens_details: { reasoning_tokens: reasoningTokens },
    total_tokens: usage.promptTokens + usage.completionTokens,
  }
}

/** The envelope every Responses answer and stream event shares, from the request it answers. */
export function responseShell(
  id: string,
  request: ResponsesRequest,
  clientModel: string,
  createdAt: number
): ResponsesResponse {
  return {
    id,
    object: 'response',
    created_at: createdAt,
    status: 'in_progress',
    model: clientModel,
    output: [],
    usage: null,
    incomplete_details: null,
    error: null,
    instructions: request.instructions ?? null,
    parallel_tool_calls: request.parallel_tool_calls ?? true,
    tool_choice: request.tool_choice ?? 'auto',
    tools: request.tools ?? [],
    text: { format: request.text?.format ?? { type: 'text' } },
  }
}

/** A chat completion as a Responses answer: reasoning, the message, then one item per tool call. */
export function convertToResponsesResponse(
  response: OpenAIChatResponse,
  request: ResponsesRequest,
  clientModel: string,
  id: string,
  createdAt: number,
  usage: Usage | undefined
): ResponsesResponse {
  const choice = response.choices?.[0]
  const message = choice?.message
  const output: ResponsesOutputItem[] = []
  if (message?.reasoning_content)
    output.push({
      type: 'reasoning',
      id: `rs_${id}`,
      summary: [{ type: 'summary_text', text: message.reasoning_content }],
    })
  if (typeof message?.content === 'string' && message.content !== '') {
    output.push({
      type: 'message',
      id: `msg_${id}`,
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: message.content, annotations: [] }],
    })
  }
  for (const call of message?.tool_calls ?? []) {
    output.push({
      type: 'function_call',
      id: `fc_${call.id}`,
      call_id: call.id,
      name: call.function.name,
      arguments: call.function.arguments,
      status: 'completed',
    })
  }
  const shell = responseShell(id, request, clientModel, createdAt)
  const truncated = choice?.finish_reason === 'length'
  return {
    ...shell,
    status: truncated ? 'incomplete' : 'completed',
    incomplete_details: truncated ? { reason: 'max_output_tokens' } : null,
    output,
    usage: responsesUsageOf(usage, response.usage?.completion_tokens_details?.reasoning_tokens ?? 0),
  }
}
