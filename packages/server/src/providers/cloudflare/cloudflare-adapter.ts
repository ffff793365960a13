import type { Endpoint, ProviderAdapter } from '../types.ts'

/**
 * Cloudflare Workers AI (channel type 39): its OpenAI-compatible endpoints under the account,
 * whose id is the channel's `other` field; the key is an API token.
 * @see https://developers.cloudflare.com/workers-ai/configuration/open-ai-compatibility/
 */
export const cloudflareAdapter: ProviderAdapter = {
  id: 'cloudflare',
  protocol: 'openai',
  endpoints: new Set<Endpoint>(['chat', 'embeddings']),
  passthrough: true,
  supportsStreamOptions: true,
  buildUrl(channel, endpoint) {
    const account = channel.other.trim()
    if (!account) throw new Error('a Cloudflare channel needs its account id in the "other" field')
    const base = (channel.baseUrl || 'https://api.cloudflare.com').replace(/\/+$/, '')
    return new URL(
      `${base}/client/v4/accounts/${encodeURIComponent(account)}/ai/v1/${endpoint === 'embeddings' ? 'embeddings' : 'chat/completions'}`
    )
  },
  buildHeaders(channel) {
    return { authorization: `Bearer ${channel.key}` }
  },
}
