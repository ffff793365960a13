import type { RelayChannel } from '../relay/cache/channel-cache.ts'

/**
 * The operations the relay can carry; `messages` is Anthropic's Messages API, `gemini` Google's
 * generateContent, `gemini-embed`/`gemini-batch-embed`/`gemini-count` its embedContent,
 * batchEmbedContents and countTokens.
 */
export type Endpoint = 'chat' | 'completions' | 'embeddings' | 'messages' | 'gemini' | 'gemini-embed' | 'gemini-batch-embed' | 'gemini-count' | 'images' | 'moderations' | 'rerank' | 'speech' | 'responses' | 'transcriptions' | 'translations' | 'image-edits' | 'realtime'

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
  buildUrl(channel: RelayChannel, endpoint: Endpoint, upstreamModel: string, stream: boolean, accessToken?: string, settings?: ProviderSettings): URL
  /** `accessToken` is the token minted from the channel's credential, for adapters that have one */
  buildHeaders(channel: RelayChannel, endpoint: Endpoint, accessToken?: string): Record<string, string>
  /** last touches on a converted body (Vertex's Claude wants anthropic_version and no model; Spark the channel's app id) */
  adaptBody?(body: Record<string, unknown>, endpoint: Endpoint, channel: RelayChannel): Record<string, unknown>
  /** the exchange runs over a WebSocket per request (iFlytek Spark) instead of HTTP */
  transport?: 'websocket'
  /** headers that sign the final request (AWS SigV4) */
  signRequest?(request: { url: URL; body: string }, channel: RelayChannel, now: Date): Record<string, string>
  /**
   * how a Claude client's anthropic-beta flags reach this upstream: a header (Anthropic's API, Vertex AI) or
   * `anthropic_beta` in the body (Bedrock); `betaQuery`: the client's ?beta=true goes on the URL too
   */
  anthropicBeta?: { via: 'header' | 'body'; betaQuery?: boolean }
  /** how a stream is framed when it is not SSE */
  streamFraming?: 'aws-event-stream'
}
