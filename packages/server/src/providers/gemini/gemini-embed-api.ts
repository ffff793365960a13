/**
 * The parts of Gemini's embedding and token-counting methods the gateway reads and writes
 * (https://ai.google.dev/api/embeddings, https://ai.google.dev/api/tokens). Other fields pass through.
 */
import type { GeminiContent, GeminiRequest } from './gemini-api.ts'

/** models.embedContent's body; inside batchEmbedContents each request also names its model. */
export interface GeminiEmbedContentRequest {
  /** `models/{model}`: optional on embedContent, required in each batch request */
  model?: string
  content: GeminiContent
  taskType?: string
  title?: string
  outputDimensionality?: number
}

export interface GeminiBatchEmbedContentsRequest {
  requests: GeminiEmbedContentRequest[]
}

export interface GeminiContentEmbedding {
  values: number[]
}

export interface GeminiEmbedContentResponse {
  embedding: GeminiContentEmbedding
}

export interface GeminiBatchEmbedContentsResponse {
  embeddings: GeminiContentEmbedding[]
}

/** models.countTokens: either the contents alone or a whole generateContent request. */
export interface GeminiCountTokensRequest {
  contents?: GeminiContent[]
  generateContentRequest?: GeminiRequest & { model?: string }
}

export interface GeminiCountTokensResponse {
  totalTokens: number
}
