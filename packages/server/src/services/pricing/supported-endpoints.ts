import { ChannelType, type EndpointType } from '@gateway/shared'

/** Where a client calls each endpoint type on this gateway (the reference's `supported_endpoint` map). */
export const ENDPOINT_PATHS: Record<EndpointType, { path: string; method: 'POST' }> = {
  openai: { path: '/v1/chat/completions', method: 'POST' },
  anthropic: { path: '/v1/messages', method: 'POST' },
  gemini: { path: '/v1beta/models/{model}:generateContent', method: 'POST' },
  'jina-rerank': { path: '/v1/rerank', method: 'POST' },
}

/**
 * The endpoints a channel of this type answers in its own protocol besides the OpenAI one every
 * chat channel is reached through, as the reference lists them on its pricing page.
 */
export function endpointTypesOf(channelType: number): EndpointType[] {
  switch (channelType) {
    case ChannelType.jina:
      return ['jina-rerank']
    case ChannelType.anthropic:
    case ChannelType.aws:
      return ['anthropic', 'openai']
    case ChannelType.gemini:
    case ChannelType.vertexAI:
      return ['gemini', 'openai']
    default:
      return ['openai']
  }
}
