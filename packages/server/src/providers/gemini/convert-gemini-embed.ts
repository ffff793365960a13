import type {
  GeminiBatchEmbedContentsResponse,
  GeminiEmbedContentRequest,
  GeminiEmbedContentResponse,
} from './gemini-embed-api.ts'

/** OpenAI's /v1/embeddings answer, as far as it is read here. */
export interface OpenAIEmbeddingsResponse {
  data?: { index?: number; embedding?: number[] | string }[]
  usage?: { prompt_tokens?: number; total_tokens?: number }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isEmbedRequest = (value: unknown): value is GeminiEmbedContentRequest =>
  isRecord(value) && isRecord(value.content) && Array.isArray(value.content.parts)

/**
 * The requests of an embedContent body (one) or a batchEmbedContents body (its `requests`);
 * undefined when the body is not that shape, so the caller can refuse it.
 */
export function geminiEmbedRequests(
  body: Record<string, unknown>,
  batch: boolean
): GeminiEmbedContentRequest[] | undefined {
  if (!batch) return isEmbedRequest(body) ? [body] : undefined
  const requests = body.requests
  return Array.isArray(requests) && requests.length > 0 && requests.every(isEmbedRequest) ? requests : undefined
}

/** The text one request embeds: Gemini embeds only the parts' text, which it reads as one passage. */
export function embedRequestText(request: GeminiEmbedContentRequest): string {
  return request.content.parts
    .map((part) => (typeof part.text === 'string' ? part.text : ''))
    .filter((text) => text !== '')
    .join('\n')
}

/** One text per request, in order: what the tokenizer counts when the upstream reports no usage. */
export function geminiEmbedTexts(body: Record<string, unknown>, batch: boolean): string[] {
  return (geminiEmbedRequests(body, batch) ?? []).map(embedRequestText)
}

/**
 * The body for a Gemini upstream's own method: as the client sent it, with the model it names
 * replaced by the channel's (a batch's requests must each name the model of the URL).
 */
export function geminiEmbedBody(
  body: Record<string, unknown>,
  batch: boolean,
  upstreamModel: string
): Record<string, unknown> {
  const model = `models/${upstreamModel.replace(/^models\//, '')}`
  if (!batch) return body.model === undefined ? { ...body } : { ...body, model }
  return { ...body, requests: (geminiEmbedRequests(body, true) ?? []).map((request) => ({ ...request, model })) }
}

/**
 * An embedContent or batchEmbedContents request as OpenAI's /v1/embeddings body: one input per
 * request, `outputDimensionality` as `dimensions` (OpenAI takes one for the whole call, so the
 * first request's). taskType and title have no OpenAI counterpart and are dropped.
 */
export function convertGeminiEmbedToOpenAI(
  body: Record<string, unknown>,
  batch: boolean,
  upstreamModel: string
): Record<string, unknown> {
  const requests = geminiEmbedRequests(body, batch) ?? []
  const dimensions = requests.find((request) => typeof request.outputDimensionality === 'number')?.outputDimensionality
  return {
    model: upstreamModel,
    input: requests.map(embedRequestText),
    encoding_format: 'float',
    ...(dimensions === undefined ? {} : { dimensions }),
  }
}

/** OpenAI's embeddings (in index order) as Gemini's answer: one `embedding`, or the batch's `embeddings`. */
export function convertOpenAIEmbeddingsToGemini(
  response: OpenAIEmbeddingsResponse,
  batch: boolean
): GeminiEmbedContentResponse | GeminiBatchEmbedContentsResponse {
  const data = [...(response.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
  const embeddings = data.map((item) => ({ values: vectorOf(item.embedding) }))
  return batch ? { embeddings } : { embedding: embeddings[0] ?? { values: [] } }
}

/** A vector as floats; upstreams that ignore encoding_format may still send base64 (little-endian float32). */
function vectorOf(embedding: number[] | string | undefined): number[] {
  if (Array.isArray(embedding)) return embedding
  if (typeof embedding !== 'string') return []
  const bytes = Buffer.from(embedding, 'base64')
  const floats: number[] = []
  for (let offset = 0; offset + 4 <= bytes.length; offset += 4) floats.push(bytes.readFloatLE(offset))
  return floats
}
