import type { Language } from '../i18n/messages.ts'
import type { Endpoint, ProviderAdapter, ProviderSettings } from '../providers/types.ts'
import type { Usage } from '../services/billing/compute-quota.ts'
import { chatOverAnthropic, messagesOverAnthropic, messagesOverOpenAI } from './bridges/anthropic-bridges.ts'
import { messagesOverGemini, geminiOverAnthropic, responsesOverGemini } from './bridges/chained-bridges.ts'
import { chatOverGemini, geminiOverGemini, geminiOverOpenAI } from './bridges/gemini-bridges.ts'
import { embeddingsOverGemini } from './bridges/gemini-embeddings-bridge.ts'
import { nativeChatBridges } from './bridges/native-chat-bridges.ts'
import { responsesOverChat, responsesOverResponses } from './bridges/responses-bridges.ts'
import type { RelayChannel } from './cache/channel-cache.ts'
import type { RelayRequest } from './parse-request.ts'
import type { RelayError } from './relay-error.ts'
import { thinkingToContentBridge } from './thinking-to-content.ts'

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
  /** the client's request body, for answers that repeat parts of it */
  body: Record<string, unknown>
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
  buildBody(request: RelayRequest, upstreamModel: string, settings?: ProviderSettings): Record<string, unknown>
  convertJson(parsed: unknown, context: StreamContext): { body: string; usage: Usage | undefined; completionText: string }
  createStream(context: StreamContext): StreamTranslator
  /** a failure in the client's protocol, as one SSE frame */
  errorFrame(error: RelayError, language: Language, requestId: string): string
}

/**
 * The bridge between the client's endpoint and the channel's protocol: `null` when the bytes pass
 * through as they are (the OpenAI path), undefined when the combination is not supported (501).
 */
export function bridgeFor(endpoint: Endpoint, adapter: ProviderAdapter, channel?: Pick<RelayChannel, 'setting'>, upstreamModel = ''): ProtocolBridge | null | undefined {
  const protocol = adapter.protocolFor?.(upstreamModel) ?? adapter.protocol
  // Upstreams with a chat protocol of their own (Dify, Tencent Hunyuan, Baidu ERNIE) serve chat clients only.
  const native = nativeChatBridges[protocol]
  if (native) return endpoint === 'chat' ? native : undefined
  if (protocol === 'gemini') {
    if (endpoint === 'chat') return chatOverGemini
    if (endpoint === 'gemini') return geminiOverGemini
    if (endpoint === 'messages') return messagesOverGemini
    if (endpoint === 'responses') return responsesOverGemini
    if (endpoint === 'embeddings') return embeddingsOverGemini
    return undefined
  }
  if (protocol === 'anthropic') {
    if (endpoint === 'chat') return chatOverAnthropic
    if (endpoint === 'messages') return messagesOverAnthropic
    if (endpoint === 'gemini') return geminiOverAnthropic
    return undefined
  }
  if (endpoint === 'messages') return adapter.endpoints.has('chat') ? messagesOverOpenAI : undefined
  if (endpoint === 'gemini') return adapter.endpoints.has('chat') ? geminiOverOpenAI : undefined
  if (endpoint === 'responses') return adapter.endpoints.has('responses') ? responsesOverResponses : adapter.endpoints.has('chat') ? responsesOverChat : undefined
  if (endpoint === 'chat' && channel?.setting.thinking_to_content === true && adapter.endpoints.has('chat')) return thinkingToContentBridge
  return adapter.endpoints.has(endpoint) ? null : undefined
}
