/** Every failed console call rejects with this; `message` is ready to show to the user. */
export class ApiError extends Error {
  /** The server's stable error code, or a client-side one (NETWORK_ERROR, HTTP_ERROR, ...). */
  readonly code: string
  /** HTTP status; 0 when the request never reached the server. */
  readonly status: number

  constructor(code: string, message: string, status: number) {
    super(message)
    this.name = 'ApiError'
    this.code = code
    this.status = status
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}
