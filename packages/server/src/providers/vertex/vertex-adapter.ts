import type { Endpoint, Protocol, ProviderAdapter } from '../types.ts'
import { parseServiceAccount } from './vertex-service-account.ts'

/** The Anthropic API version Vertex AI's Claude models take in the body. */
export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16'
const DEFAULT_REGION = 'us-central1'

/**
 * The region for a model from the channel's `other`: a plain region, or JSON mapping models to
 * regions with a "default" entry.
 */
export function vertexRegion(other: string, model: string): string {
  const text = other.trim()
  if (!text) return DEFAULT_REGION
  if (!text.startsWith('{')) return text
  try {
    const map = JSON.parse(text) as Record<string, unknown>
    const region = map[model] ?? map.default
    return typeof region === 'string' && region ? region : DEFAULT_REGION
  } catch {
    return DEFAULT_REGION
  }
}

const isClaude = (model: string) => model.startsWith('claude')

/**
 * Google Vertex AI (channel type 41): the key is a service-account JSON traded for an access
 * token; Gemini models speak generateContent, Claude models Anthropic's Messages API through
 * rawPredict. The base URL, when set, replaces https://{region}-aiplatform.googleapis.com.
 * @see https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/inference
 * @see https://docs.anthropic.com/en/api/claude-on-vertex-ai
 */
export const vertexAdapter: ProviderAdapter = {
  id: 'vertex',
  protocol: 'gemini',
  protocolFor: (model): Protocol => (isClaude(model) ? 'anthropic' : 'gemini'),
  credential: 'google-service-account',
  endpoints: new Set<Endpoint>(['gemini', 'messages', 'gemini-embed', 'gemini-batch-embed', 'gemini-count']),
  passthrough: false,
  supportsStreamOptions: false,
  // Claude models only (see relay/forward-anthropic-beta.ts); rawPredict takes the header as Anthropic's API does.
  anthropicBeta: { via: 'header' },
  buildUrl(channel, endpoint, upstreamModel, stream) {
    const account = parseServiceAccount(channel.key)
    if (!account) throw new Error('the Vertex AI channel key is not a service-account JSON')
    const region = vertexRegion(channel.other, upstreamModel)
    const host =
      channel.baseUrl.replace(/\/+$/, '') ||
      (region === 'global' ? 'https://aiplatform.googleapis.com' : `https://${region}-aiplatform.googleapis.com`)
    // Vertex model ids carry a version after '@' (claude-sonnet-4@20250514), written as it is.
    const model = encodeURIComponent(upstreamModel).replaceAll('%40', '@')
    const path = `${host}/v1/projects/${encodeURIComponent(account.projectId)}/locations/${encodeURIComponent(region)}/publishers`
    if (isClaude(upstreamModel))
      return new URL(`${path}/anthropic/models/${model}:${stream ? 'streamRawPredict' : 'rawPredict'}`)
    // Vertex embeds through predict (text-embedding and gemini-embedding models alike).
    if (endpoint === 'gemini-embed' || endpoint === 'gemini-batch-embed')
      return new URL(`${path}/google/models/${model}:predict`)
    if (endpoint === 'gemini-count') return new URL(`${path}/google/models/${model}:countTokens`)
    return new URL(
      stream
        ? `${path}/google/models/${model}:streamGenerateContent?alt=sse`
        : `${path}/google/models/${model}:generateContent`
    )
  },
  buildHeaders(_channel, _endpoint, accessToken): Record<string, string> {
    return accessToken ? { authorization: `Bearer ${accessToken}` } : {}
  },
  adaptBody(body, endpoint) {
    // Vertex's countTokens takes the generateContent fields at the top level, without Gemini's wrapper.
    if (endpoint === 'gemini-count' && body.generateContentRequest && typeof body.generateContentRequest === 'object') {
      const { model: _model, ...fields } = body.generateContentRequest as Record<string, unknown>
      return fields
    }
    if (endpoint !== 'messages') return body
    const { model: _model, ...rest } = body
    return { ...rest, anthropic_version: VERTEX_ANTHROPIC_VERSION }
  },
}
