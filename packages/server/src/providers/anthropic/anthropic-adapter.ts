import type { ProviderAdapter } from '../types.ts'
import { ANTHROPIC_VERSION } from './anthropic-api.ts'

/**
 * Anthropic Claude (channel type 14): the Messages API at {base}/v1/messages with the key in
 * x-api-key. OpenAI chat clients are converted to and from it (anthropic-bridges.ts); Claude
 * clients on /v1/messages pass through. A channel can send another anthropic-version or beta
 * flags through its header override.
 */
export const anthropicAdapter: ProviderAdapter = {
  id: 'anthropic',
  protocol: 'anthropic',
  endpoints: new Set(['messages']),
  passthrough: false,
  supportsStreamOptions: false,
  anthropicBeta: { via: 'header', betaQuery: true },
  buildUrl(channel) {
    const base = (channel.baseUrl || 'https://api.anthropic.com').replace(/\/+$/, '')
    const url = new URL(base.endsWith('/v1') ? `${base}/messages` : `${base}/v1/messages`)
    // The channel's claude_beta_query (settings): some Claude relays want ?beta=true on every call.
    if (channel.settings?.claude_beta_query === true) url.searchParams.set('beta', 'true')
    return url
  },
  buildHeaders(channel) {
    return { 'x-api-key': channel.key, 'anthropic-version': ANTHROPIC_VERSION }
  },
}
