import { readOpenAIUsage } from '../openai/openai-usage.ts'
import type { Endpoint, Protocol, ProtocolBridge, ProviderAdapter } from '../types.ts'
import { vertexEmbedBridges } from '../vertex/vertex-embed-bridges.ts'
import {
  convertGeminiEmbedToOpenAI,
  convertOpenAIEmbeddingsToGemini,
  geminiEmbedBody,
  type OpenAIEmbeddingsResponse,
} from './convert-gemini-embed.ts'
import { geminiEmbedErrorFrame, noEmbedStream } from './gemini-embed-frames.ts'

/**
 * Gemini-native embedding clients on a Gemini channel: the upstream's own method, the body as it
 * came (its model names the channel's). Gemini's answer reports no usage, so the prompt is counted
 * by the gateway's tokenizer when the exchange settles.
 */
function embedOverGemini(endpoint: 'gemini-embed' | 'gemini-batch-embed'): ProtocolBridge {
  const batch = endpoint === 'gemini-batch-embed'
  return {
    upstreamEndpoint: endpoint,
    buildBody: (request, upstreamModel) => geminiEmbedBody(request.body, batch, upstreamModel),
    convertJson: (parsed) => ({ body: JSON.stringify(parsed), usage: undefined, completionText: '' }),
    createStream: noEmbedStream,
    errorFrame: geminiEmbedErrorFrame,
  }
}

/** Gemini-native embedding clients on an OpenAI-compatible channel: /v1/embeddings and back. */
function embedOverOpenAI(endpoint: 'gemini-embed' | 'gemini-batch-embed'): ProtocolBridge {
  const batch = endpoint === 'gemini-batch-embed'
  return {
    upstreamEndpoint: 'embeddings',
    buildBody: (request, upstreamModel) => convertGeminiEmbedToOpenAI(request.body, batch, upstreamModel),
    convertJson(parsed) {
      const response = parsed as OpenAIEmbeddingsResponse
      return {
        body: JSON.stringify(convertOpenAIEmbeddingsToGemini(response, batch)),
        usage: readOpenAIUsage(response.usage),
        completionText: '',
      }
    },
    createStream: noEmbedStream,
    errorFrame: geminiEmbedErrorFrame,
  }
}

const bridges = {
  gemini: {
    'gemini-embed': embedOverGemini('gemini-embed'),
    'gemini-batch-embed': embedOverGemini('gemini-batch-embed'),
  },
  openai: {
    'gemini-embed': embedOverOpenAI('gemini-embed'),
    'gemini-batch-embed': embedOverOpenAI('gemini-batch-embed'),
  },
}

export const isGeminiEmbed = (endpoint: Endpoint): endpoint is 'gemini-embed' | 'gemini-batch-embed' =>
  endpoint === 'gemini-embed' || endpoint === 'gemini-batch-embed'

/**
 * The bridge for Gemini's embedding methods on a channel: its own method on a Gemini upstream that
 * has it (Vertex AI's predict on a Vertex channel), /v1/embeddings on an OpenAI-protocol one that
 * serves embeddings; undefined (501) otherwise.
 */
export function geminiEmbedBridge(
  endpoint: 'gemini-embed' | 'gemini-batch-embed',
  protocol: Protocol,
  adapter: ProviderAdapter
): ProtocolBridge | undefined {
  if (protocol === 'gemini' && !adapter.endpoints.has(endpoint)) return undefined
  // Vertex AI speaks Gemini's protocol for generating but embeds through its own predict method.
  if (protocol === 'gemini') return adapter.id === 'vertex' ? vertexEmbedBridges[endpoint] : bridges.gemini[endpoint]
  if (protocol === 'openai') return adapter.endpoints.has('embeddings') ? bridges.openai[endpoint] : undefined
  return undefined
}
