/**
 * Vertex AI's text-embedding method (`:predict` on a publisher model), as far as the gateway
 * writes and reads it (https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/text-embeddings-api).
 */
export interface VertexEmbedInstance {
  content: string
  task_type?: string
  title?: string
}

export interface VertexEmbedPredictRequest {
  instances: VertexEmbedInstance[]
  parameters?: { outputDimensionality?: number }
}

export interface VertexEmbedPredictResponse {
  predictions?: { embeddings?: { values?: number[]; statistics?: { token_count?: number; truncated?: boolean } } }[]
}
