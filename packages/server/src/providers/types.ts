import type { ChannelOtherSettings } from '@gateway/shared'
import type { Language } from '../i18n/messages.ts'

/**
 * The operations the relay can carry; `messages` is Anthropic's Messages API, `gemini` Google's
 * generateContent, `gemini-embed`/`gemini-batch-embed`/`gemini-count` its embedContent,
 * batchEmbedContents and countTokens.
 */
export type Endpoint =
  | 'chat'
  | 'completions'
  | 'embeddings'
  | 'messages'
  | 'gemini'
  | 'gemini-embed'
  | 'gemini-batch-embed'
  | 'gemini-count'
  | 'images'
  | 'moderations'
  | 'rerank'
  | 'speech'
  | 'responses'
  | 'transcriptions'
  | 'translations'
  | 'image-edits'
  | 'realtime'

/**
 * What adapters read of a channel. Declared here so providers do not reach up into the relay's
 * channel cache; the relay's RelayChannel has these fields and more.
 */
export interface ChannelTarget {
  baseUrl: string
  key: string
  other: string
  organization: string
  /** channels.settings: options of particular upstreams */
  settings: ChannelOtherSettings
}

/**
 * The RelayError code of an upstream that refused a minted access token (Baidu's 110 and 111):
 * the relay drops the cached token so the next request mints a new one.
 */
export const ACCESS_TOKEN_REJECTED = 'access_token_rejected'

/** Deployment-wide settings some adapters take (from the environment). */
export interface ProviderSettings {
  /** api-version for Azure channels that name none */
  azureApiVersion: string
  /** harm-block threshold sent with requests converted to Gemini */
  geminiSafetyThreshold: string
}

/** The wire protocol an upstream speaks; the relay converts between a client's and a channel's. */
export type Protocol = 'openai' | 'anthropic' | 'gemini' | 'dify' | 'tencent' | 'baidu' | 'xunfei'

/**
 * What the relay needs from an upstream kind. Adapters are pure: no database, no HTTP framework,
 * no logging, so they can be tested with fixtures alone.
 */
export interface ProviderAdapter {
  id: string
  protocol: Protocol
  /** for upstreams that serve several protocols (Vertex AI: Gemini, and Claude models) */
  protocolFor?(upstreamModel: string): Protocol
  /** the key is a credential to exchange for a short-lived access token first */
  credential?: 'google-service-account' | 'baidu-access-token'
  /** capability set: an endpoint not listed answers 501 for this channel type */
  endpoints: ReadonlySet<Endpoint>
  /** the upstream speaks OpenAI's protocol: bodies and chunks pass through untouched */
  passthrough: boolean
  /** the upstream understands stream_options.include_usage */
  supportsStreamOptions: boolean
  /** `accessToken` as for buildHeaders, for upstreams that take it in the query (Baidu) */
  buildUrl(
    channel: ChannelTarget,
    endpoint: Endpoint,
    upstreamModel: string,
    stream: boolean,
    accessToken?: string,
    settings?: ProviderSettings
  ): URL
  /** `accessToken` is the token minted from the channel's credential, for adapters that have one */
  buildHeaders(channel: ChannelTarget, endpoint: Endpoint, accessToken?: string): Record<string, string>
  /** last touches on a converted body (Vertex's Claude wants anthropic_version and no model; Spark the channel's app id) */
  adaptBody?(body: Record<string, unknown>, endpoint: Endpoint, channel: ChannelTarget): Record<string, unknown>
  /** the exchange runs over a WebSocket per request (iFlytek Spark) instead of HTTP */
  transport?: 'websocket'
  /** headers that sign the final request (AWS SigV4) */
  signRequest?(request: { url: URL; body: string }, channel: ChannelTarget, now: Date): Record<string, string>
  /**
   * how a Claude client's anthropic-beta flags reach this upstream: a header (Anthropic's API, Vertex AI) or
   * `anthropic_beta` in the body (Bedrock); `betaQuery`: the client's ?beta=true goes on the URL too
   */
  anthropicBeta?: { via: 'header' | 'body'; betaQuery?: boolean }
  /** how a stream is framed when it is not SSE */
  streamFraming?: 'aws-event-stream'
}

/** Token counts of one request, as upstream reported them (or as counted locally). */
export interface Usage {
  promptTokens: number
  completionTokens: number
  /** part of promptTokens served from the provider's cache */
  cachedTokens?: number
  /** part of promptTokens written to the provider's cache */
  cacheCreationTokens?: number
}

/** What a bridge reads of the client's request (the relay's RelayRequest has more). */
export interface BridgeRequest {
  body: Record<string, unknown>
  stream: boolean
}

/** What an error frame needs of a relay error (the relay's RelayError has it). */
export interface FrameError {
  status: number
  type: string
  code: string
  /** the request field the error is about, as OpenAI's `param` names it */
  readonly param?: string
  text(language: Language): string
}

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
  /** the prompt's tokens as the gateway counts them, for streams that announce them before the upstream reports usage */
  promptTokens?: number
}

/**
 * How one client protocol is carried over one upstream protocol when they differ (or when the
 * answer must be read in another shape): the upstream endpoint, the body sent, and the answer
 * converted back, JSON or stream.
 */
export interface ProtocolBridge {
  upstreamEndpoint: Endpoint
  buildBody(request: BridgeRequest, upstreamModel: string, settings?: ProviderSettings): Record<string, unknown>
  convertJson(
    parsed: unknown,
    context: StreamContext
  ): { body: string; usage: Usage | undefined; completionText: string }
  createStream(context: StreamContext): StreamTranslator
  /** its streams announce the prompt's tokens up front (context.promptTokens), so the relay counts them first */
  announcesPromptTokens?: boolean
  /** a failure in the client's protocol, as one SSE frame */
  errorFrame(error: FrameError, language: Language, requestId: string): string
}

/** The client endpoints a protocol bridge can serve: OpenAI chat, Anthropic Messages, OpenAI Responses, Gemini generateContent. */
export type ClientEndpoint = 'chat' | 'messages' | 'responses' | 'gemini' | 'embeddings'

/** A provider's bridges from the client endpoints it converts itself, for the protocol its adapter speaks. */
export type ProviderBridges = Partial<Record<ClientEndpoint, ProtocolBridge>>

/**
 * One upstream kind, as its folder declares it: the adapter, and for a protocol of its own the
 * bridges (at least `chat`; the relay carries the other client protocols through chat).
 */
export interface ProviderDeclaration {
  adapter: ProviderAdapter
  bridges?: ProviderBridges
}
