import type { Language } from '../../i18n/messages.ts'
import type { OpenAIChatRequest, OpenAIChatResponse } from '../openai-chat-api.ts'
import { openAIErrorFrame } from '../openai/openai-error-frame.ts'
import { completionTextOf, readOpenAIUsage } from '../openai/openai-usage.ts'
import type { FrameError, ProtocolBridge } from '../types.ts'
import type { AnthropicRequest, AnthropicResponse } from './anthropic-api.ts'
import { anthropicErrorBody } from './anthropic-error.ts'
import { AnthropicToOpenAIStream } from './anthropic-stream-to-openai.ts'
import { AnthropicUsageStream } from './anthropic-usage-stream.ts'
import { convertAnthropicResponse, readAnthropicUsage } from './convert-anthropic-response.ts'
import { convertFromAnthropicRequest } from './convert-from-anthropic-request.ts'
import { convertToAnthropicRequest } from './convert-to-anthropic-request.ts'
import { convertToAnthropicResponse } from './convert-to-anthropic-response.ts'
import { OpenAIToAnthropicStream } from './openai-stream-to-anthropic.ts'

export const anthropicErrorFrame = (error: FrameError, language: Language, requestId: string) =>
  `event: error\ndata: ${JSON.stringify(anthropicErrorBody(error.status, `${error.text(language)} (request id: ${requestId})`))}\n\n`

/** OpenAI chat clients on an Anthropic channel. */
export const chatOverAnthropic: ProtocolBridge = {
  upstreamEndpoint: 'messages',
  buildBody: (request, upstreamModel) =>
    convertToAnthropicRequest(request.body as unknown as OpenAIChatRequest, upstreamModel) as unknown as Record<
      string,
      unknown
    >,
  convertJson(parsed, context) {
    const { body, usage } = convertAnthropicResponse(parsed as AnthropicResponse, context.clientModel, context.created)
    return { body: JSON.stringify(body), usage, completionText: body.choices.map(completionTextOf).join('') }
  },
  createStream: (context) =>
    new AnthropicToOpenAIStream({
      clientModel: context.clientModel,
      created: context.created,
      includeUsage: context.includeUsage,
    }),
  errorFrame: openAIErrorFrame,
}

/** Claude clients on an Anthropic channel: bytes as they are, usage read from Anthropic's shape. */
export const messagesOverAnthropic: ProtocolBridge = {
  upstreamEndpoint: 'messages',
  buildBody: (request, upstreamModel) => ({ ...request.body, model: upstreamModel }),
  convertJson(parsed, context) {
    const message = parsed as AnthropicResponse
    const text = (message.content ?? [])
      .map((block) =>
        block.type === 'text' ? block.text : block.type === 'tool_use' ? JSON.stringify(block.input) : ''
      )
      .join('')
    return {
      body: JSON.stringify({ ...message, model: context.clientModel }),
      usage: readAnthropicUsage(message.usage),
      completionText: text,
    }
  },
  createStream: () => new AnthropicUsageStream(),
  errorFrame: anthropicErrorFrame,
}

/** Claude clients (Claude Code, the Anthropic SDK) on an OpenAI-compatible channel. */
export const messagesOverOpenAI: ProtocolBridge = {
  upstreamEndpoint: 'chat',
  buildBody: (request, upstreamModel) =>
    convertFromAnthropicRequest(request.body as unknown as AnthropicRequest, upstreamModel) as unknown as Record<
      string,
      unknown
    >,
  convertJson(parsed, context) {
    const response = parsed as OpenAIChatResponse
    const usage = readOpenAIUsage(response.usage)
    return {
      body: JSON.stringify(convertToAnthropicResponse(response, context.clientModel, usage)),
      usage,
      completionText: (response.choices ?? []).map(completionTextOf).join(''),
    }
  },
  createStream: (context) =>
    new OpenAIToAnthropicStream({
      clientModel: context.clientModel,
      messageId: `msg_${context.requestId}`,
      promptTokens: context.promptTokens,
    }),
  announcesPromptTokens: true,
  errorFrame: anthropicErrorFrame,
}
