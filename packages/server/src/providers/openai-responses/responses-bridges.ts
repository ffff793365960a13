import type { Language } from '../../i18n/messages.ts'
import type { OpenAIChatResponse } from '../openai-chat-api.ts'
import { completionTextOf, readOpenAIUsage } from '../openai/openai-usage.ts'
import type { FrameError, ProtocolBridge } from '../types.ts'
import { ChatToResponsesStream } from './chat-stream-to-responses.ts'
import { convertFromResponsesRequest } from './convert-from-responses-request.ts'
import { convertToResponsesResponse } from './convert-to-responses-response.ts'
import { readResponsesUsage } from './read-responses-usage.ts'
import type { ResponsesRequest } from './responses-api.ts'
import { ResponsesUsageStream } from './responses-usage-stream.ts'

/** A failure inside a started Responses stream: the API's `error` event. */
export const responsesErrorFrame = (error: FrameError, language: Language, requestId: string) =>
  `event: error\ndata: ${JSON.stringify({ type: 'error', code: error.code, message: `${error.text(language)} (request id: ${requestId})`, param: null })}\n\n`

/** How the ids the gateway answers Responses with begin; the rest is the request id. */
export const RESPONSE_ID_PREFIX = 'resp_'
const responseId = (requestId: string) => `${RESPONSE_ID_PREFIX}${requestId.replace(/[^A-Za-z0-9]/g, '')}`

/** Responses clients on channels that speak only Chat Completions. */
export const responsesOverChat: ProtocolBridge = {
  upstreamEndpoint: 'chat',
  buildBody: (request, upstreamModel) =>
    convertFromResponsesRequest(request.body as ResponsesRequest, upstreamModel) as unknown as Record<string, unknown>,
  convertJson(parsed, context) {
    const response = parsed as OpenAIChatResponse
    const usage = readOpenAIUsage(response.usage)
    const body = convertToResponsesResponse(
      response,
      context.body as ResponsesRequest,
      context.clientModel,
      responseId(context.requestId),
      context.created,
      usage
    )
    return {
      body: JSON.stringify(body),
      usage,
      completionText: (response.choices ?? []).map(completionTextOf).join(''),
    }
  },
  createStream: (context) =>
    new ChatToResponsesStream({
      id: responseId(context.requestId),
      request: context.body as ResponsesRequest,
      clientModel: context.clientModel,
      createdAt: context.created,
    }),
  errorFrame: responsesErrorFrame,
}

/** Responses clients on channels that speak it (OpenAI): passed through, usage read from the answer. */
export const responsesOverResponses: ProtocolBridge = {
  upstreamEndpoint: 'responses',
  buildBody: (request, upstreamModel) => ({ ...request.body, model: upstreamModel }),
  convertJson(parsed) {
    const response = parsed as { usage?: unknown; output?: { content?: { text?: unknown }[]; arguments?: unknown }[] }
    const text = (response.output ?? [])
      .map(
        (item) =>
          (item.content ?? []).map((part) => (typeof part.text === 'string' ? part.text : '')).join('') +
          (typeof item.arguments === 'string' ? item.arguments : '')
      )
      .join('')
    return { body: JSON.stringify(parsed), usage: readResponsesUsage(response.usage), completionText: text }
  },
  createStream: () => new ResponsesUsageStream(),
  errorFrame: responsesErrorFrame,
}
