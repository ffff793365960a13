import type { Language } from '../i18n/messages.ts'
import type { AnthropicRequest, AnthropicResponse } from '../providers/anthropic/anthropic-api.ts'
import { anthropicErrorBody } from '../providers/anthropic/anthropic-error.ts'
import { AnthropicToOpenAIStream } from '../providers/anthropic/anthropic-stream-to-openai.ts'
import { AnthropicUsageStream } from '../providers/anthropic/anthropic-usage-stream.ts'
import { convertAnthropicResponse, readAnthropicUsage } from '../providers/anthropic/convert-anthropic-response.ts'
import { convertFromAnthropicRequest } from '../providers/anthropic/convert-from-anthropic-request.ts'
import { convertToAnthropicRequest } from '../providers/anthropic/convert-to-anthropic-request.ts'
import { convertToAnthropicResponse } from '../providers/anthropic/convert-to-anthropic-response.ts'
import { OpenAIToAnthropicStream } from '../providers/anthropic/openai-stream-to-anthropic.ts'
import type { OpenAIChatRequest, OpenAIChatResponse } from '../providers/openai-chat-api.ts'
import type { Endpoint, ProviderAdapter } from '../providers/types.ts'
import type { RelayChannel } from './cache/channel-cache.ts'
import { thinkingToContentBridge } from './thinking-to-content.ts'
import type { Usage } from '../services/billing/compute-quota.ts'
import { completionTextOf, readOpenAIUsage } from './openai-usage.ts'
import type { RelayRequest } from './parse-request.ts'
import { toOpenAIErrorBody, type RelayError } from './relay-error.ts'

/** Turns an upstream's SSE `data:` payloads into the client's frames, keeping usage and text. */
export interface StreamTranslator {
  push(payload: string): string[]
  /** the upstream ended; the closing frames */
  finish(): string[]
  readonly usage: Usage | undefined
  /** the produced text, for counting when no usage came */
  readonly text: string
  /** an error event the upstream sent inside the stream */
  readonly error?: { type: string; message: string } | undefined
}

export interface StreamContext {
  clientModel: string
  created: number
  requestId: string
  /** the client asked for OpenAI's usage chunk */
  includeUsage: boolean
}

/**
 * How one client protocol is carried over one upstream protocol when they differ (or when the
 * answer must be read in another shape): the upstream endpoint, the body sent, and the answer
 * converted back, JSON or stream. Pure conversions live in providers/<provider>/.
 */
export interface ProtocolBridge {
  upstreamEndpoint: Endpoint
  buildBody(request: RelayRequest, upstreamModel: string): Record<string, unknown>
  convertJson(parsed: unknown, context: StreamContext): { body: string; usage: Usage | undefined; completionText: string }
  createStream(context: StreamContext): StreamTranslator
  /** a failure in the client's protocol, as one SSE frame */
  errorFrame(error: RelayError, language: Language, requestId: string): string
}

const openAIErrorFrame = (error: RelayError, language: Language, requestId: string) => `data: ${JSON.stringify(toOpenAIErrorBody(error, language, requestId))}\n\n`

export const anthropicErrorFrame = (error: RelayError, language: Language, requestId: string) =>
  `event: error\ndata: ${JSON.stringify(anthropicErrorBody(error.status, `${error.text(language)} (request id: ${requestId})`))}\n\n`

/** OpenAI chat clients on an Anthropic channel. */
const chatOverAnthropic: ProtocolBridge = {
  upstreamEndpoint: 'messages',
  buildBody: (request, upstreamModel) => convertToAnthropicRequest(request.body as unknown as OpenAIChatRequest, upstreamModel) as unknown as Record<string, unknown>,
  convertJson(parsed, context) {
    const { body, usage } = convertAnthropicResponse(parsed as AnthropicResponse, context.clientModel, context.created)
    return { body: JSON.stringify(body), usage, completionText: body.choices.map(completionTextOf).join('') }
  },
  createStream: (context) => new AnthropicToOpenAIStream({ clientModel: context.clientModel, created: context.created, includeUsage: context.includeUsage }),
  errorFrame: openAIErrorFrame,
}

/** Claude clients on an Anthropic channel: bytes as they are, usage read from Anthropic's shape. */
const messagesOverAnthropic: ProtocolBridge = {
  upstreamEndpoint: 'messages',
  buildBody: (request, upstreamModel) => ({ ...request.body, model: upstreamModel }),
  convertJson(parsed, context) {
    const message = parsed as AnthropicResponse
    const text = (message.content ?? []).map((block) => (block.type === 'text' ? block.text : block.type === 'tool_use' ? JSON.stringify(block.input) : '')).join('')
    return { body: JSON.stringify({ ...message, model: context.clientModel }), usage: readAnthropicUsage(message.usage), completionText: text }
  },
  createStream: () => new AnthropicUsageStream(),
  errorFrame: anthropicErrorFrame,
}

/** Claude clients (Claude Code, the Anthropic SDK) on an OpenAI-compatible channel. */
const messagesOverOpenAI: ProtocolBridge = {
  upstreamEndpoint: 'chat',
  buildBody: (request, upstreamModel) => convertFromAnthropicRequest(request.body as unknown as AnthropicRequest, upstreamModel) as unknown as Record<string, unknown>,
  convertJson(parsed, context) {
    const response = parsed as OpenAIChatResponse
    const usage = readOpenAIUsage(response.usage)
    return {
      body: JSON.stringify(convertToAnthropicResponse(response, context.clientModel, usage)),
      usage,
      completionText: (response.choices ?? []).map(completionTextOf).join(''),
    }
  },
  createStream: (context) => new OpenAIToAnthropicStream({ clientModel: context.clientModel, messageId: `msg_${context.requestId}` }),
  errorFrame: anthropicErrorFrame,
}

/**
 * The bridge between the client's endpoint and the channel's protocol: `null` when the bytes pass
 * through as they are (the OpenAI path), undefined when the combination is not supported (501).
 */
export function bridgeFor(endpoint: Endpoint, adapter: ProviderAdapter, channel?: Pick<RelayChannel, 'setting'>): ProtocolBridge | null | undefined {
  if (adapter.protocol === 'anthropic') {
    if (endpoint === 'chat') return chatOverAnthropic
    if (endpoint === 'messages') return messagesOverAnthropic
    return undefined
  }
  if (endpoint === 'messages') return adapter.endpoints.has('chat') ? messagesOverOpenAI : undefined
  if (endpoint === 'chat' && channel?.setting.thinking_to_content === true && adapter.endpoints.has('chat')) return thinkingToContentBridge
  return adapter.endpoints.has(endpoint) ? null : undefined
}
