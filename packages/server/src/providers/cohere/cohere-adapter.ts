import type { Endpoint, ProviderAdapter } from '../types.ts'

/**
 * Cohere (channel type 34): chat and embeddings through Cohere's OpenAI compatibility API
 * ({base}/compatibility/v1), rerank through its own /v2/rerank, whose request and answer
 * (query, documents, top_n → results with index and relevance_score) are the shape /v1/rerank takes.
 * @see https://docs.cohere.com/docs/compatibility-api
 * @see https://docs.cohere.com/reference/rerank
 */
export const cohereAdapter: ProviderAdapter = {
  id: 'cohere',
  protocol: 'openai',
  endpoints: new Set<Endpoint>(['chat', 'embeddings', 'rerank']),
  passthrough: true,
  supportsStreamOptions: true,
  buildUrl(channel, endpoint) {
    const base = (channel.baseUrl || 'https://api.cohere.ai').replace(/\/+$/, '')
    if (endpoint === 'rerank') return new URL(`${base}/v2/rerank`)
    return new URL(`${base}/compatibility/v1/${endpoint === 'embeddings' ? 'embeddings' : 'chat/completions'}`)
  },
  buildHeaders(channel) {
    return { authorization: `Bearer ${channel.key}` }
  },
}
