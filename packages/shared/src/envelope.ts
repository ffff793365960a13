/** Stable error codes carried next to `message` in every failed `/api` envelope. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'PAYLOAD_TOO_LARGE'
  | 'NOT_IMPLEMENTED'
  | 'INTERNAL_ERROR'
  /** the database cannot be reached right now; retrying later helps */
  | 'SERVICE_UNAVAILABLE'

/** The HTTP status that each error code is answered with. */
export const errorCodeToStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  NOT_IMPLEMENTED: 501,
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
