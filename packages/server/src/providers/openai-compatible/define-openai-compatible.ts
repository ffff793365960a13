import type { ChannelTarget, Endpoint, ProviderAdapter } from '../types.ts'

const endpointPaths: Partial<Record<Endpoint, string>> = {
  chat: '/chat/completions',
  completions: '/completions',
  embeddings: '/embeddings',
  images: '/images/generations',
  moderations: '/moderations',
  rerank: '/rerank',
  speech: '/audio/speech',
  responses: '/responses',
  transcriptions: '/audio/transcriptions',
  translations: '/audio/translations',
  'image-edits': '/images/edits',
}

export interface OpenAICompatibleOptions {
  id: string
  /** used when the channel has no base URL of its own */
  defaultBaseUrl?: string
  /** between the base URL and the endpoint path; OpenAI's own is /v1 */
  pathPrefix?: string
  endpoints?: Endpoint[]
  supportsStreamOptions?: boolean
  /** extra headers the provider wants on every call */
  headers?: (channel: ChannelTarget) => Record<string, string>
}

/**
 * Declares an OpenAI-compatible provider in a few lines: base URL, path prefix and headers.
 * The channel key goes into `Authorization: Bearer`, never the client's.
 */
export function defineOpenAICompatible(options: OpenAICompatibleOptions): ProviderAdapter {
  const prefix = options.pathPrefix ?? '/v1'
  return {
    id: options.id,
    protocol: 'openai',
    endpoints: new Set(options.endpoints ?? ['chat', 'completions', 'embeddings']),
    passthrough: true,
    supportsStreamOptions: options.supportsStreamOptions ?? true,
    buildUrl(channel, endpoint) {
      const base = (channel.baseUrl || options.defaultBaseUrl || '').replace(/\/+$/, '')
      return new URL(`${base}${prefix}${endpointPaths[endpoint] ?? '/chat/completions'}`)
    },
    buildHeaders(channel) {
      const headers: Record<string, string> = { authorization: `Bearer ${channel.key}`, ...options.headers?.(channel) }
      if (channel.organization) headers['openai-organization'] = channel.organization
      return headers
    },
  }
}
