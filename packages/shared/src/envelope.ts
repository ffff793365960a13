/** Stable error codes carried next to `message` in every failed `/api` envelope. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  /** an access check before the handler refused the caller (role, ban, cross-site, OAuth state) */
  | 'FORBIDDEN'
  /** a handler's rule refuses this caller the action (managing a higher role, a wrong password, registration closed) */
  | 'DENIED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'PAYLOAD_TOO_LARGE'
  | 'NOT_IMPLEMENTED'
  | 'INTERNAL_ERROR'
  /** the database cannot be reached right now; retrying later helps */
  | 'SERVICE_UNAVAILABLE'

/**
 * The HTTP status that each error code is answered with on the console API.
 *
 * The reference system answers a business failure with HTTP 200 and `{success: false, message}`,
 * and the tools and consoles written against it read the message only from such an answer (a 4xx
 * shows them "Request failed with status code 400"). So the codes a request can fix or a rule
 * refuses (BAD_REQUEST, NOT_FOUND, CONFLICT, NOT_IMPLEMENTED, DENIED) answer 200 and carry their
 * meaning in `code`. What the reference answers with a real status keeps it: no or expired
 * session 401; a role check or other access check in front of the handler 403 (its auth
 * middleware answers 403 for too low a role, while a handler that refuses, e.g. an admin editing
 * another admin, answers 200, which is DENIED here); and 413, 429, 500, 503, which a proxy or a
 * retry loop must be able to see.
 */
export const errorCodeToStatus = {
  BAD_REQUEST: 200,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  DENIED: 200,
  NOT_FOUND: 200,
  CONFLICT: 200,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  NOT_IMPLEMENTED: 200,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<ErrorCode, number>

/** Every console API answer: `{success, message, data}`; failures add a `code`. */
export interface ApiEnvelope<T> {
  success: boolean
  message: string
  data?: T
  code?: ErrorCode
}

export function ok<T>(data: T, message = ''): ApiEnvelope<T> {
  return { success: true, message, data }
}

export function fail(code: ErrorCode, message: string): ApiEnvelope<never> {
  return { success: false, message, code }
}

/**
 * The answer to an `/api` path no route has: 404 as the reference answers it, whose body is an
 * OpenAI error (`Invalid URL (GET /api/x)`); ours carries that too, next to the envelope's fields.
 */
export interface UnknownPathAnswer extends ApiEnvelope<never> {
  error: { message: string; type: 'invalid_request_error'; param: string; code: string }
}

export function unknownPath(method: string, path: string, message: string): UnknownPathAnswer {
  return {
    ...fail('NOT_FOUND', message),
    error: { message: `Invalid URL (${method} ${path})`, type: 'invalid_request_error', param: '', code: '' },
  }
}
