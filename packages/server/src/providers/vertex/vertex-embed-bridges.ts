import { isPlausibleUsage } from '../../services/billing/compute-quota.ts'
import { geminiEmbedErrorFrame, noEmbedStream } from '../gemini/gemini-embed-frames.ts'
import type { ProtocolBridge } from '../types.ts'
import { convertGeminiEmbedToVertex, convertVertexEmbedToGemini } from './convert-vertex-embed.ts'
import type { VertexEmbedPredictResponse } from './vertex-embed-api.ts'

/**
 * Gemini-native embedding clients on a Vertex AI channel: Vertex embeds through `predict`
 * (its adapter builds that URL for the Gemini embedding endpoints), and reports each
 * instance's token count, which is what is billed.
 */
function embedOverVertex(endpoint: 'gemini-embed' | 'gemini-batch-embed'): ProtocolBridge {
  const batch = endpoint === 'gemini-batch-embed'
  return {
    upstreamEndpoint: endpoint,
    buildBody: (request) => convertGeminiEmbedToVertex(request.body, batch) as unknown as Record<string, unknown>,
    convertJson(parsed) {
      const { body, promptTokens } = convertVertexEmbedToGemini(parsed as VertexEmbedPredictResponse, batch)
      const usage = promptTokens === undefined ? undefined : { promptTokens, completionTokens: 0 }
      return {
        body: JSON.stringify(body),
        usage: usage && isPlausibleUsage(usage) ? usage : undefined,
        completionText: '',
      }
    },
    createStream: noEmbedStream,
    errorFrame: geminiEmbedErrorFrame,
  }
}

export const vertexEmbedBridges = {
  'gemini-embed': embedOverVertex('gemini-embed'),
  'gemini-batch-embed': embedOverVertex('gemini-batch-embed'),
}
