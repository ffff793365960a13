import type { RelayChannel } from '../relay/cache/channel-cache.ts'

/** The client-facing operations the relay can carry. */
export type Endpoint = 'chat' | 'completions' | 'embeddings'

/**
 * What the relay needs from an upstream kind. Adapters are pure: no database, no HTTP framework,
 * no logging, so they can be tested with fixtures alone.
 */
export interface ProviderAdapter {
  id: string
  /** capability set: an endpoint not listed answers 501 for this channel type */
  endpoints: ReadonlySet<Endpoint>
  /** the upstream speaks OpenAI's protocol: bodies and chunks pass through untouched */
  passthrough: boolean
  /** the upstream understands stream_options.include_usage */
  supportsStreamOptions: boolean
  buildUrl(channel: RelayChannel, endpoint: Endpoint, upstreamModel: string): URL
  buildHeaders(channel: RelayChannel, endpoint: Endpoint): Record<string, string>
}
