import { embedRequestText, geminiEmbedRequests } from '../gemini/convert-gemini-embed.ts'
import type { GeminiBatchEmbedContentsResponse, GeminiEmbedContentResponse } from '../gemini/gemini-embed-api.ts'
import type { VertexEmbedPredictRequest, VertexEmbedPredictResponse } from './vertex-embed-api.ts'

/**
 * Gemini's embedContent / batchEmbedContents as Vertex AI's predict: one instance per request
 * (its text, task type and title); Vertex takes one outputDimensionality for the call, the first
 * request's.
 */
export function convertGeminiEmbedToVertex(body: Record<string, unknown>, batch: boolean): VertexEmbedPredictRequest {
  const requests = geminiEmbedRequests(body, batch) ?? []
  const dimensions = requests.find((request) => typeof request.outputDimensionality === 'number')?.outputDimensionality
  const instances = requests.map((request) => ({
    content: embedRequestText(request),
    ...(request.taskType === undefined ? {} : { task_type: request.taskType }),
    ...(request.title === undefined ? {} : { title: request.title }),
  }))
  return dimensions === undefined ? { instances } : { instances, parameters: { outputDimensionality: dimensions } }
}

/**
 * Vertex's predictions as Gemini's answer, and the prompt tokens Vertex counted per instance
 * (undefined when any prediction lacks its count, so the gateway counts instead).
 */
export function convertVertexEmbedToGemini(
  response: VertexEmbedPredictResponse,
  batch: boolean
): { body: GeminiEmbedContentResponse | GeminiBatchEmbedContentsResponse; promptTokens: number | undefined } {
  const predictions = response.predictions ?? []
  const embeddings = predictions.map((prediction) => ({ values: prediction.embeddings?.values ?? [] }))
  const counts = predictions.map((prediction) => prediction.embeddings?.statistics?.token_count)
  const promptTokens =
    counts.length > 0 && counts.every((n) => typeof n === 'number')
      ? counts.reduce<number>((sum, n) => sum + (n as number), 0)
      : undefined
  return { body: batch ? { embeddings } : { embedding: embeddings[0] ?? { values: [] } }, promptTokens }
}
