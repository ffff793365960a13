import { buildAnthropicEvents, buildAnthropicJson } from './mock-anthropic-bodies.ts'

/**
 * OpenAI response bodies and SSE events of the mock upstream, built from string templates (no
 * JSON.stringify of whole answers) and cached by shape, because the mock is the benchmark's baseline.
 * @see https://platform.openai.com/docs/api-reference/chat/object
 * @see https://platform.openai.com/docs/api-reference/chat/streaming
 */

export interface MockUsage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
}

/** A requested tool call: the function's name and its JSON arguments. */
export interface MockToolCall {
  name: string
  arguments: string
}

/** Everything an answer's bytes depend on; equal plans give equal bodies (hence the cache). */
export interface AnswerPlan {
  kind: 'chat' | 'completion'
  model: string
  pieces: number
  includeUsage: boolean
  usage: MockUsage | undefined
  toolCall: MockToolCall | undefined
}

/** Fixed so that equal plans give equal bytes; a mock needs no clock. */
export const MOCK_CREATED = 1_700_000_000
export const CHAT_ID = 'chatcmpl-mock'
export const COMPLETION_ID = 'cmpl-mock'
export const TOOL_CALL_ID = 'call_mock_1'
export const SSE_DONE = 'data: [DONE]\n\n'

const WORDS = ['The', 'quick', 'brown', 'fox', 'jumps', 'over', 'the', 'lazy', 'dog.']

/** The i-th content piece of every answer (a word and a space). */
export const contentPiece = (index: number): string => `${WORDS[index % WORDS.length]} `

export const answerText = (pieces: number): string => Array.from({ length: pieces }, (_, i) => contentPiece(i)).join('')

/** Token estimate the mock bills: characters / 4 rounded up, at least 1. */
export const estimateTokens = (characters: number): number => Math.max(1, Math.ceil(characters / 4))

const usageJson = (usage: MockUsage) =>
  `{"prompt_tokens":${usage.prompt_tokens},"completion_tokens":${usage.completion_tokens},"total_tokens":${usage.total_tokens}}`

/** Splits a tool call's arguments into at most `pieces` deltas (at least one). */
export function splitArguments(text: string, pieces: number): string[] {
  const count = Math.max(1, Math.min(pieces, text.length))
  const size = Math.ceil(text.length / count)
  const parts: string[] = []
  for (let start = 0; start < text.length; start += size) parts.push(text.slice(start, start + size))
  return parts.length === 0 ? [''] : parts
}

/** A non-stream answer body. */
export function buildJsonAnswer(plan: AnswerPlan): string {
  const model = JSON.stringify(plan.model)
  const usage = plan.usage ? `,"usage":${usageJson(plan.usage)}` : ''
  if (plan.kind === 'completion') {
    const choice = `{"text":${JSON.stringify(answerText(plan.pieces))},"index":0,"logprobs":null,"finish_reason":"stop"}`
    return `{"id":"${COMPLETION_ID}","object":"text_completion","created":${MOCK_CREATED},"model":${model},"choices":[${choice}]${usage}}`
  }
  const message = plan.toolCall
    ? `{"role":"assistant","content":null,"tool_calls":[{"id":"${TOOL_CALL_ID}","type":"function","function":{"name":${JSON.stringify(plan.toolCall.name)},"arguments":${JSON.stringify(plan.toolCall.arguments)}}}]}`
    : `{"role":"assistant","content":${JSON.stringify(answerText(plan.pieces))}}`
  const finish = plan.toolCall ? 'tool_calls' : 'stop'
  return `{"id":"${CHAT_ID}","object":"chat.completion","created":${MOCK_CREATED},"model":${model},"choices":[{"index":0,"message":${message},"logprobs":null,"finish_reason":"${finish}"}]${usage}}`
}

/**
 * The SSE events of a streamed answer, each a whole `data: …\n\n` event, ending with `[DONE]`:
 * content deltas (the first also carries the role), a last choice with `finish_reason`, then, when
 * `stream_options.include_usage` was asked, a chunk with `choices: []` and the usage. As OpenAI does,
 * every earlier chunk then carries `"usage":null`.
 */
export function buildStreamEvents(plan: AnswerPlan): string[] {
  const model = JSON.stringify(plan.model)
  const nullUsage = plan.includeUsage && plan.usage ? ',"usage":null' : ''
  const events: string[] = []
  if (plan.kind === 'completion') {
    const head = `data: {"id":"${COMPLETION_ID}","object":"text_completion","created":${MOCK_CREATED},"model":${model},"choices":[{"text":`
    for (let i = 0; i < plan.pieces; i++)
      events.push(
        `${head}${JSON.stringify(contentPiece(i))},"index":0,"logprobs":null,"finish_reason":null}]${nullUsage}}\n\n`
      )
    events.push(`${head}"","index":0,"logprobs":null,"finish_reason":"stop"}]${nullUsage}}\n\n`)
    if (plan.includeUsage && plan.usage) {
      events.push(
        `data: {"id":"${COMPLETION_ID}","object":"text_completion","created":${MOCK_CREATED},"model":${model},"choices":[],"usage":${usageJson(plan.usage)}}\n\n`
      )
    }
    events.push(SSE_DONE)
    return events
  }
  const head = `data: {"id":"${CHAT_ID}","object":"chat.completion.chunk","created":${MOCK_CREATED},"model":${model},"choices":[{"index":0,"delta":`
  const tail = `,"logprobs":null,"finish_reason":null}]${nullUsage}}\n\n`
  if (plan.toolCall) {
    const parts = splitArguments(plan.toolCall.arguments, plan.pieces)
    const name = JSON.stringify(plan.toolCall.name)
    events.push(
      `${head}{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"${TOOL_CALL_ID}","type":"function","function":{"name":${name},"arguments":""}}]}${tail}`
    )
    for (const part of parts)
      events.push(`${head}{"tool_calls":[{"index":0,"function":{"arguments":${JSON.stringify(part)}}}]}${tail}`)
  } else {
    for (let i = 0; i < plan.pieces; i++) {
      const role = i === 0 ? '"role":"assistant",' : ''
      events.push(`${head}{${role}"content":${JSON.stringify(contentPiece(i))}}${tail}`)
    }
  }
  events.push(`${head}{},"logprobs":null,"finish_reason":"${plan.toolCall ? 'tool_calls' : 'stop'}"}]${nullUsage}}\n\n`)
  if (plan.includeUsage && plan.usage) {
    events.push(
      `data: {"id":"${CHAT_ID}","object":"chat.completion.chunk","created":${MOCK_CREATED},"model":${model},"choices":[],"usage":${usageJson(plan.usage)}}\n\n`
    )
  }
  events.push(SSE_DONE)
  return events
}

/** Answers by plan, built once: the bench repeats the same few shapes thousands of times. */
export class AnswerCache {
  #json = new Map<string, string>()
  #stream = new Map<string, { events: string[]; joined: string }>()
  #anthropicJson = new Map<string, string>()
  #anthropicStream = new Map<string, { events: string[]; joined: string }>()

  anthropicJson(plan: AnswerPlan): string {
    const key = planKey(plan)
    let body = this.#anthropicJson.get(key)
    if (body === undefined) {
      body = buildAnthropicJson(plan)
      remember(this.#anthropicJson, key, body)
    }
    return body
  }

  anthropicStream(plan: AnswerPlan): { events: string[]; joined: string } {
    const key = planKey(plan)
    let entry = this.#anthropicStream.get(key)
    if (entry === undefined) {
      const events = buildAnthropicEvents(plan)
      entry = { events, joined: events.join('') }
      remember(this.#anthropicStream, key, entry)
    }
    return entry
  }

  json(plan: AnswerPlan): string {
    const key = planKey(plan)
    let body = this.#json.get(key)
    if (body === undefined) {
      body = buildJsonAnswer(plan)
      remember(this.#json, key, body)
    }
    return body
  }

  stream(plan: AnswerPlan): { events: string[]; joined: string } {
    const key = planKey(plan)
    let entry = this.#stream.get(key)
    if (entry === undefined) {
      const events = buildStreamEvents(plan)
      entry = { events, joined: events.join('') }
      remember(this.#stream, key, entry)
    }
    return entry
  }
}

const CACHE_LIMIT = 256

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  if (map.size >= CACHE_LIMIT) map.clear()
  map.set(key, value)
}

function planKey(plan: AnswerPlan): string {
  const usage = plan.usage ? `${plan.usage.prompt_tokens}/${plan.usage.completion_tokens}` : '-'
  const tool = plan.toolCall ? `${plan.toolCall.name}(${plan.toolCall.arguments})` : '-'
  return `${plan.kind}|${plan.model}|${plan.pieces}|${plan.includeUsage ? 1 : 0}|${usage}|${tool}`
}

/** An embeddings answer: one deterministic unit vector per input. */
export function buildEmbeddingsAnswer(
  model: string,
  inputs: number,
  dimension: number,
  base64: boolean,
  usage: MockUsage | undefined
): string {
  const data: string[] = []
  for (let index = 0; index < inputs; index++) {
    const vector = embeddingVector(index, dimension)
    const embedding = base64
      ? JSON.stringify(Buffer.from(new Float32Array(vector).buffer).toString('base64'))
      : `[${vector.join(',')}]`
    data.push(`{"object":"embedding","index":${index},"embedding":${embedding}}`)
  }
  const usageText = usage
    ? `,"usage":{"prompt_tokens":${usage.prompt_tokens},"total_tokens":${usage.total_tokens}}`
    : ''
  return `{"object":"list","data":[${data.join(',')}],"model":${JSON.stringify(model)}${usageText}}`
}

function embeddingVector(index: number, dimension: number): number[] {
  const raw = Array.from({ length: dimension }, (_, j) => Math.sin(index + j + 1))
  const norm = Math.hypot(...raw) || 1
  return raw.map((value) => Number((value / norm).toFixed(6)))
}

export function buildModelsAnswer(models: readonly string[]): string {
  const data = models.map(
    (id) => `{"id":${JSON.stringify(id)},"object":"model","created":${MOCK_CREATED},"owned_by":"mock"}`
  )
  return `{"object":"list","data":[${data.join(',')}]}`
}

const errorDefaults: Record<number, { message: string; type: string; code: string | null }> = {
  400: { message: 'Invalid request.', type: 'invalid_request_error', code: null },
  401: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
  403: { message: 'You are not allowed to use this model.', type: 'invalid_request_error', code: 'permission_denied' },
  404: {
    message: 'The model does not exist or you do not have access to it.',
    type: 'invalid_request_error',
    code: 'model_not_found',
  },
  429: { message: 'Rate limit reached for requests.', type: 'requests', code: 'rate_limit_exceeded' },
  500: {
    message: 'The server had an error while processing your request. Sorry about that!',
    type: 'server_error',
    code: null,
  },
  503: {
    message: 'The engine is currently overloaded, please try again later.',
    type: 'server_error',
    code: 'service_unavailable',
  },
}

/**
 * An OpenAI error body for a status, with the given parts replacing the defaults.
 * @see https://platform.openai.com/docs/guides/error-codes/api-errors
 */
export function buildErrorBody(
  status: number,
  parts: { message?: string | undefined; type?: string | undefined; code?: string | undefined } = {}
): string {
  const fallback = errorDefaults[status] ?? {
    message: `Mock error ${status}.`,
    type: status >= 500 ? 'server_error' : 'invalid_request_error',
    code: null,
  }
  return JSON.stringify({
    error: {
      message: parts.message ?? fallback.message,
      type: parts.type ?? fallback.type,
      param: null,
      code: parts.code ?? fallback.code,
    },
  })
}
