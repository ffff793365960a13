import { openAIErrorFrame } from '../openai/openai-error-frame.ts'
import type { ProtocolBridge } from '../types.ts'
import {
  convertFromGeminiEmbeddings,
  convertToGeminiEmbeddings,
  type GeminiBatchEmbedResponse,
  type OpenAIEmbeddingsRequest,
} from './convert-embeddings.ts'

/**
 * OpenAI embeddings clients on a Gemini channel, through batchEmbedContents. Gemini reports no
 * usage here: `usage` stays undefined and the relay counts the input (counted-embeddings-usage.ts).
 */
export const embeddingsOverGemini: ProtocolBridge = {
  upstreamEndpoint: 'embeddings',
  buildBody: (request, upstreamModel) =>
    convertToGeminiEmbeddings(request.body as OpenAIEmbeddingsRequest, upstreamModel) as unknown as Record<
      string,
      unknown
    >,
  convertJson(parsed, context) {
    const encoding = (context.body as OpenAIEmbeddingsRequest).encoding_format
    return {
      body: JSON.stringify(
        convertFromGeminiEmbeddings(parsed as GeminiBatchEmbedResponse, context.clientModel, encoding)
      ),
      usage: undefined,
      completionText: '',
    }
  },
  createStream: () => {
    throw new Error('embeddings do not stream')
  },
  errorFrame: openAIErrorFrame,
}
