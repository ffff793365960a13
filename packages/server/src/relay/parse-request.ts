import { geminiEmbedRequests } from '../providers/gemini/convert-gemini-embed.ts'
import type { Endpoint } from '../providers/types.ts'
import { textFields, type MultipartBody } from './multipart-body.ts'
import { localError } from './relay-error.ts'

/** A client request as the relay understands it; unknown fields stay in `body` and pass through. */
export interface RelayRequest {
  endpoint: Endpoint
  body: Record<string, unknown>
  model: string
  stream: boolean
  /** the client itself asked for the usage chunk (stream_options.include_usage) */
  wantsUsageChunk: boolean
  /** max_tokens or max_completion_tokens when the client set one */
  maxTokens: number | undefined
  /** the raw body, forwarded as it is when nothing in it has to change */
  rawBody: string
  /** uploads (audio, image edits): the form as it came; `body` then holds its text fields */
  multipart?: MultipartBody
  /** what a Claude client asked for outside the body, forwarded to Claude upstreams (see forward-anthropic-beta.ts) */
  clientHeaders?: ClientHeaders
}

export interface ClientHeaders {
  /** the anthropic-beta header: comma-separated beta flags */
  anthropicBeta?: string
  /** the Anthropic SDK's ?beta=true on beta calls */
  betaQuery?: boolean
}

const MAX_TOKENS_LIMIT = 2 ** 30

/** The model an endpoint uses when the client names none (the reference's defaults). */
const DEFAULT_MODELS: Partial<Record<Endpoint, string>> = {
  images: 'dall-e-2',
  'image-edits': 'dall-e-2',
  moderations: 'text-moderation-stable',
  speech: 'tts-1',
  transcriptions: 'whisper-1',
  translations: 'whisper-1',
}

/**
 * An upload (audio to transcribe or translate, an image to edit): the form's text fields are the
 * body; the file must be there; the bytes are kept to be forwarded as they came.
 */
export function parseMultipartRequest(endpoint: Endpoint, multipart: MultipartBody): RelayRequest {
  const fields = textFields(multipart.form)
  const model = (fields.model ?? '').trim() || DEFAULT_MODELS[endpoint] || ''
  if (!model || model.length > 255)
    throw localError(400, 'invalid_request', 'request.model_required', undefined, 'invalid_request_error')
  const fileField = endpoint === 'image-edits' ? (multipart.form.has('image') ? 'image' : 'image[]') : 'file'
  const file = multipart.form.get(fileField)
  if (!file || typeof file === 'string')
    throw localError(
      400,
      'invalid_request',
      'request.file_required',
      { field: endpoint === 'image-edits' ? 'image' : 'file' },
      'invalid_request_error'
    )
  const body: Record<string, unknown> = { ...fields, model }
  if (endpoint === 'image-edits') {
    if (!fields.prompt?.trim())
      throw localError(400, 'invalid_request', 'request.prompt_required', undefined, 'invalid_request_error')
    if (fields.n !== undefined) body.n = Number(fields.n)
    checkEndpointInput('images', body)
  }
  return { endpoint, body, model, stream: false, wantsUsageChunk: false, maxTokens: undefined, rawBody: '', multipart }
}

const STREAMING_ENDPOINTS = new Set<Endpoint>(['chat', 'completions', 'messages', 'responses'])
const IMAGE_SIZE = /^\d{2,5}x\d{2,5}$/

const nonEmpty = (value: unknown) => value !== undefined && value !== null && value !== ''

/** The input each of the simpler endpoints cannot do without. */
function checkEndpointInput(endpoint: Endpoint, body: Record<string, unknown>): void {
  const bad = (
    messageKey:
      | 'request.prompt_required'
      | 'request.input_required'
      | 'request.rerank_input_required'
      | 'request.image_size_invalid'
  ) => localError(400, 'invalid_request', messageKey, undefined, 'invalid_request_error')
  if (endpoint === 'images') {
    if (typeof body.prompt !== 'string' || body.prompt.trim() === '') throw bad('request.prompt_required')
    if (body.size !== undefined && (typeof body.size !== 'string' || !IMAGE_SIZE.test(body.size)))
      throw bad('request.image_size_invalid')
    if (body.n !== undefined && (!Number.isInteger(body.n) || (body.n as number) < 1 || (body.n as number) > 10))
      throw bad('request.image_size_invalid')
  }
  if ((endpoint === 'moderations' || endpoint === 'speech') && !nonEmpty(body.input))
    throw bad('request.input_required')
  if (endpoint === 'speech' && typeof body.input !== 'string') throw bad('request.input_required')
  if (
    endpoint === 'responses' &&
    !(typeof body.input === 'string' ? body.input !== '' : Array.isArray(body.input) && body.input.length > 0)
  )
    throw bad('request.input_required')
  if (
    endpoint === 'rerank' &&
    (typeof body.query !== 'string' || !Array.isArray(body.documents) || body.documents.length === 0)
  )
    throw bad('request.rerank_input_required')
}

/**
 * Parses and checks a relay body loosely: only what routing and billing depend on is validated
 * (model, stream, the endpoint's required input, max_tokens, n); everything else passes through.
 * Fields that could redirect the upstream call are removed (api_base, base_url, api_key).
 */
export function parseRelayRequest(
  endpoint: Endpoint,
  rawBody: string,
  fromPath?: { model: string; stream: boolean }
): RelayRequest {
  let parsed: unknown
  try {
    parsed = JSON.parse(rawBody)
  } catch {
    throw localError(400, 'invalid_request', 'request.invalid_json', undefined, 'invalid_request_error')
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw localError(400, 'invalid_request', 'request.invalid_json', undefined, 'invalid_request_error')
  const body = parsed as Record<string, unknown>
  // Gemini's native API names the model and the streaming in the URL, not the body.
  if (endpoint === 'gemini') return parseGeminiRequest(body, rawBody, fromPath)
  if (endpoint === 'gemini-embed' || endpoint === 'gemini-batch-embed')
    return parseGeminiEmbedRequest(endpoint, body, rawBody, fromPath)
  let model = typeof body.model === 'string' ? body.model.trim() : ''
  let cleaned = rawBody
  const defaultModel = DEFAULT_MODELS[endpoint]
  if (!model && defaultModel) {
    // As OpenAI does, these endpoints have a default model; the body sent upstream names it.
    model = defaultModel
    body.model = model
    cleaned = ''
  }
  if (!model || model.length > 255)
    throw localError(400, 'invalid_request', 'request.model_required', undefined, 'invalid_request_error')
  checkEndpointInput(endpoint, body)
  if (
    (endpoint === 'chat' || endpoint === 'messages') &&
    (!Array.isArray(body.messages) || body.messages.length === 0)
  ) {
    throw localError(400, 'invalid_request', 'request.messages_required', undefined, 'invalid_request_error')
  }
  if (endpoint === 'completions' && (body.prompt === undefined || body.prompt === null || body.prompt === '')) {
    throw localError(400, 'invalid_request', 'request.prompt_required', undefined, 'invalid_request_error')
  }
  if (endpoint === 'embeddings' && (body.input === undefined || body.input === null || body.input === '')) {
    throw localError(400, 'invalid_request', 'request.input_required', undefined, 'invalid_request_error')
  }
  const maxTokensField = readCount(endpoint === 'responses' ? body.max_output_tokens : body.max_tokens)
  const maxCompletionField = readCount(body.max_completion_tokens)
  const maxTokens = maxTokensField === undefined ? maxCompletionField : maxTokensField
  if (maxTokensField === null || maxCompletionField === null)
    throw localError(400, 'invalid_request', 'request.max_tokens_invalid', undefined, 'invalid_request_error')
  // Anthropic's Messages API requires max_tokens; clients of /v1/messages always send it.
  if (endpoint === 'messages' && maxTokensField === undefined)
    throw localError(400, 'invalid_request', 'request.max_tokens_required', undefined, 'invalid_request_error')
  if (body.n !== undefined && (!Number.isInteger(body.n) || (body.n as number) < 1 || (body.n as number) > 128)) {
    throw localError(400, 'invalid_request', 'request.max_tokens_invalid', undefined, 'invalid_request_error')
  }
  for (const routingField of ['api_base', 'base_url', 'api_key']) {
    if (routingField in body) {
      delete body[routingField]
      cleaned = ''
    }
  }
  const streamOptions = body.stream_options as { include_usage?: unknown } | undefined
  return {
    endpoint,
    body,
    model,
    stream: body.stream === true && STREAMING_ENDPOINTS.has(endpoint),
    wantsUsageChunk: streamOptions?.include_usage === true,
    maxTokens: maxTokens ?? undefined,
    rawBody: cleaned,
  }
}

function parseGeminiRequest(
  body: Record<string, unknown>,
  rawBody: string,
  fromPath: { model: string; stream: boolean } | undefined
): RelayRequest {
  const model = fromPath?.model.trim() ?? ''
  if (!model || model.length > 255)
    throw localError(400, 'invalid_request', 'request.model_required', undefined, 'invalid_request_error')
  if (!Array.isArray(body.contents) || body.contents.length === 0)
    throw localError(400, 'invalid_request', 'request.messages_required', undefined, 'invalid_request_error')
  const config = body.generationConfig as { maxOutputTokens?: unknown } | undefined
  const maxTokens = readCount(config?.maxOutputTokens)
  if (maxTokens === null)
    throw localError(400, 'invalid_request', 'request.max_tokens_invalid', undefined, 'invalid_request_error')
  return {
    endpoint: 'gemini',
    body,
    model,
    stream: fromPath?.stream === true,
    wantsUsageChunk: false,
    maxTokens,
    rawBody,
  }
}

/** embedContent / batchEmbedContents: the model from the URL, content (or requests) required. */
function parseGeminiEmbedRequest(
  endpoint: Endpoint,
  body: Record<string, unknown>,
  rawBody: string,
  fromPath: { model: string; stream: boolean } | undefined
): RelayRequest {
  const model = fromPath?.model.trim() ?? ''
  if (!model || model.length > 255)
    throw localError(400, 'invalid_request', 'request.model_required', undefined, 'invalid_request_error')
  if (!geminiEmbedRequests(body, endpoint === 'gemini-batch-embed'))
    throw localError(400, 'invalid_request', 'request.input_required', undefined, 'invalid_request_error')
  return { endpoint, body, model, stream: false, wantsUsageChunk: false, maxTokens: undefined, rawBody }
}

/** undefined when absent, null when present but not a sane integer. */
function readCount(value: unknown): number | undefined | null {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_TOKENS_LIMIT) return null
  return value
}
