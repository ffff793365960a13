/**
 * How the mock upstream answers. Defaults come from `startMockUpstream(options)` or `setBehavior`;
 * each request may override them with directives (`/_mock/k=v,k=v/` path prefix or `x-mock` header).
 */
export interface MockBehavior {
  /** Wait before sending the status line and headers, in milliseconds. */
  latencyMs: number
  /** Content pieces of an answer: SSE chunks of a stream, joined for a JSON answer. */
  chunks: number
  /** Pause between two SSE chunks, in milliseconds (0: the whole stream in one write). */
  chunkDelayMs: number
  /** Share of requests (0..1) answered with `failStatus` and an OpenAI error body. */
  failRate: number
  failStatus: number
  /** Force this status (400 or above) with an OpenAI error body (0: none), e.g. 401, 429, 500, 503. */
  status: number
  /** Message, type and code of the error body; defaults per status otherwise. */
  errorMessage: string | undefined
  errorType: string | undefined
  errorCode: string | undefined
  /** Retry-After header (seconds) sent with a forced or random 429. */
  retryAfterSeconds: number | undefined
  /** Destroy the socket after this many SSE chunks (a mid-stream cut); 0: never. */
  resetAfterChunks: number
  /** Send one `data: {not json` line after the first chunk. */
  malformedChunk: boolean
  /** No usage anywhere: neither in JSON answers nor as the last SSE chunk. */
  omitUsage: boolean
  /** Explicit usage numbers instead of the computed ones. */
  promptTokens: number | undefined
  completionTokens: number | undefined
  /** Send the headers of a successful answer, then wait this long before the body (0: no stall). */
  stallAfterHeadersMs: number
  /** Answer with a tool call whenever the request carries `tools`. */
  toolCall: boolean
  /** Length of each embedding vector unless the request asks for `dimensions`. */
  embeddingDimension: number
}

export const defaultMockBehavior: Readonly<MockBehavior> = {
  latencyMs: 0,
  chunks: 20,
  chunkDelayMs: 0,
  failRate: 0,
  failStatus: 500,
  status: 0,
  errorMessage: undefined,
  errorType: undefined,
  errorCode: undefined,
  retryAfterSeconds: undefined,
  resetAfterChunks: 0,
  malformedChunk: false,
  omitUsage: false,
  promptTokens: undefined,
  completionTokens: undefined,
  stallAfterHeadersMs: 0,
  toolCall: false,
  embeddingDimension: 8,
}

type Kind = 'number' | 'boolean' | 'string'

const directiveKinds: Record<keyof MockBehavior, Kind> = {
  latencyMs: 'number',
  chunks: 'number',
  chunkDelayMs: 'number',
  failRate: 'number',
  failStatus: 'number',
  status: 'number',
  errorMessage: 'string',
  errorType: 'string',
  errorCode: 'string',
  retryAfterSeconds: 'number',
  resetAfterChunks: 'number',
  malformedChunk: 'boolean',
  omitUsage: 'boolean',
  promptTokens: 'number',
  completionTokens: 'number',
  stallAfterHeadersMs: 'number',
  toolCall: 'boolean',
  embeddingDimension: 'number',
}

const isBehaviorKey = (key: string): key is keyof MockBehavior => Object.hasOwn(directiveKinds, key)

/**
 * Parses `k=v,k=v` directives into a partial behaviour. A bare key (`omitUsage`) means true;
 * values are URI-decoded, so an error message may carry `%2C` for a comma. Unknown keys and
 * unreadable numbers throw, so a typo in a test fails loudly instead of being ignored.
 *
 * @example parseMockDirectives('status=429,retryAfterSeconds=2,errorMessage=slow%20down')
 */
export function parseMockDirectives(text: string): Partial<MockBehavior> {
  const behavior: Record<string, unknown> = {}
  for (const part of text.split(',')) {
    if (part.trim() === '') continue
    const equals = part.indexOf('=')
    const key = (equals === -1 ? part : part.slice(0, equals)).trim()
    const raw = equals === -1 ? 'true' : decodeURIComponent(part.slice(equals + 1))
    if (!isBehaviorKey(key)) throw new Error(`unknown mock directive "${key}"`)
    const kind = directiveKinds[key]
    if (kind === 'string') behavior[key] = raw
    else if (kind === 'boolean') behavior[key] = raw === 'true' || raw === '1'
    else {
      const value = Number(raw)
      if (!Number.isFinite(value) || raw.trim() === '')
        throw new Error(`mock directive "${key}" needs a number, got "${raw}"`)
      behavior[key] = value
    }
  }
  return behavior as Partial<MockBehavior>
}

/** The directive text for a partial behaviour, the inverse of `parseMockDirectives`. */
export function formatMockDirectives(behavior: Partial<MockBehavior>): string {
  return Object.entries(behavior)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join(',')
}

const DIRECTIVE_PREFIX = '/_mock/'

/**
 * Splits a request path into its directives and the OpenAI path behind them, so that a gateway
 * channel's base URL (`http://127.0.0.1:PORT/_mock/status=500`) can carry a behaviour.
 */
export function splitDirectivePath(path: string): { directives: string; path: string } {
  if (!path.startsWith(DIRECTIVE_PREFIX)) return { directives: '', path }
  const end = path.indexOf('/', DIRECTIVE_PREFIX.length)
  if (end === -1) return { directives: path.slice(DIRECTIVE_PREFIX.length), path: '/' }
  return { directives: path.slice(DIRECTIVE_PREFIX.length, end), path: path.slice(end) }
}
