/**
 * OpenAI embeddings requests and answers as Gemini's batchEmbedContents: one request per input
 * text, `dimensions` as outputDimensionality; Gemini reports no usage for embeddings, so the
 * relay counts the input itself (as New API does).
 * @see https://ai.google.dev/api/embeddings#method:-models.batchembedcontents
 */
export interface OpenAIEmbeddingsRequest {
  model?: string
  input?: string | string[] | number[] | number[][]
  dimensions?: number
  encoding_format?: 'float' | 'base64'
}

export interface GeminiBatchEmbedRequest {
  requests: Array<{ model: string; content: { parts: Array<{ text: string }> }; outputDimensionality?: number }>
}

export interface GeminiBatchEmbedResponse {
  embeddings?: Array<{ values?: number[] }>
}

export function convertToGeminiEmbeddings(
  request: OpenAIEmbeddingsRequest,
  upstreamModel: string
): GeminiBatchEmbedRequest {
  const input = request.input
  // Token arrays have no text for Gemini; they are sent as their numbers' text, as New API does.
  const texts = Array.isArray(input)
    ? input.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)))
    : [typeof input === 'string' ? input : '']
  const model = `models/${upstreamModel.replace(/^models\//, '')}`
  return {
    requests: texts.map((text) => ({
      model,
      content: { parts: [{ text }] },
      ...(typeof request.dimensions === 'number' ? { outputDimensionality: request.dimensions } : {}),
    })),
  }
}

/** Little-endian float32 bytes in base64: what OpenAI answers for `encoding_format: 'base64'` (the official client's default). */
const base64Floats = (values: number[]) => Buffer.from(new Float32Array(values).buffer).toString('base64')

export function convertFromGeminiEmbeddings(
  response: GeminiBatchEmbedResponse,
  clientModel: string,
  encodingFormat: OpenAIEmbeddingsRequest['encoding_format']
) {
  return {
    object: 'list' as const,
    data: (response.embeddings ?? []).map((embedding, index) => ({
      object: 'embedding' as const,
      index,
      embedding: encodingFormat === 'base64' ? base64Floats(embedding.values ?? []) : (embedding.values ?? []),
    })),
    model: clientModel,
  }
}
