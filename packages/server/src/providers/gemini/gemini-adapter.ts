import type { Endpoint, ProviderAdapter } from '../types.ts'

/** The method in the URL for each operation other than generating (https://ai.google.dev/api). */
// `embeddings`: OpenAI embeddings clients, converted by the embeddings bridge.
const METHODS: Partial<Record<Endpoint, string>> = {
  embeddings: 'batchEmbedContents',
  'gemini-embed': 'embedContent',
  'gemini-batch-embed': 'batchEmbedContents',
  'gemini-count': 'countTokens',
}

/**
 * Google Gemini (channel type 24): the native generateContent API, streamed with alt=sse, with
 * the key in x-goog-api-key (never in the URL, where proxies log it). The API version comes from
 * the channel's `other` field (v1beta when empty).
 * @see https://ai.google.dev/api/generate-content
 */
export const geminiAdapter: ProviderAdapter = {
  id: 'gemini',
  protocol: 'gemini',
  endpoints: new Set<Endpoint>(['gemini', 'embeddings', 'gemini-embed', 'gemini-batch-embed', 'gemini-count']),
  passthrough: false,
  supportsStreamOptions: false,
  buildUrl(channel, endpoint, upstreamModel, stream) {
    const base = (channel.baseUrl || 'https://generativelanguage.googleapis.com').replace(/\/+$/, '')
    const version = channel.other.trim() || 'v1beta'
    const model = encodeURIComponent(upstreamModel.replace(/^models\//, ''))
    const method = METHODS[endpoint]
    if (method) return new URL(`${base}/${version}/models/${model}:${method}`)
    return new URL(
      stream
        ? `${base}/${version}/models/${model}:streamGenerateContent?alt=sse`
        : `${base}/${version}/models/${model}:generateContent`
    )
  },
  buildHeaders(channel) {
    return { 'x-goog-api-key': channel.key }
  },
}
