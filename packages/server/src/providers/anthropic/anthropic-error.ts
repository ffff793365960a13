import type { AnthropicErrorBody } from './anthropic-api.ts'

/** Anthropic's error types by HTTP status (https://docs.anthropic.com/en/api/errors). */
export function anthropicErrorType(status: number): string {
  if (status === 400) return 'invalid_request_error'
  if (status === 401) return 'authentication_error'
  if (status === 403) return 'permission_error'
  if (status === 404) return 'not_found_error'
  if (status === 413) return 'request_too_large'
  if (status === 429) return 'rate_limit_error'
  if (status === 529) return 'overloaded_error'
  return 'api_error'
}

/** An error in Anthropic's shape, as Claude clients (Claude Code, the SDK) expect it. */
export function anthropicErrorBody(
  status: number,
  message: string,
  type = anthropicErrorType(status)
): AnthropicErrorBody {
  return { type: 'error', error: { type, message } }
}

/** The message and type of an Anthropic error body, or undefined when it is not one. */
export function readAnthropicError(body: unknown): { type: string; message: string } | undefined {
  const error = (body as { error?: { type?: unknown; message?: unknown } } | undefined)?.error
  if (!error || typeof error.message !== 'string') return undefined
  return { type: typeof error.type === 'string' ? error.type : 'api_error', message: error.message }
}
