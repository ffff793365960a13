import { USER_ID_HEADER, type ApiEnvelope } from '@gateway/shared'
import { i18n } from '@/i18n'
import { ApiError } from './api-error'
import { expireStoredUser, getStoredUser } from './session'

export { ApiError, isApiError } from './api-error'

type QueryValue = string | number | boolean | null | undefined
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface RequestOptions {
  query?: Record<string, QueryValue>
  body?: unknown
  signal?: AbortSignal
  /**
   * Login, register and setup may answer 401 for bad credentials; that is not an expired
   * session, so those calls opt out of the redirect to /login.
   */
  skipSessionExpiry?: boolean
}

let onSessionExpired = (): void => {
  window.location.assign('/login?expired=true')
}

/** The router installs a client-side navigation here so a 401 does not reload the page. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler
}

/** The server said the session is gone: forget the local user and go to /login?expired=true. */
export function expireSession(): void {
  expireStoredUser()
  onSessionExpired()
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path
}

/** The console's request headers: language, JSON content type when there is a body, and New-Api-User. */
export function buildHeaders(hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' })
  // The server localises its messages by this header.
  headers.set('Accept-Language', i18n.language || 'zh')
  if (hasBody) headers.set('Content-Type', 'application/json')
  const user = getStoredUser()
  if (user) headers.set(USER_ID_HEADER, String(user.id))
  return headers
}

async function readEnvelope<T>(response: Response): Promise<ApiEnvelope<T> | null> {
  const text = await response.text()
  if (!text) return null
  try {
    const parsed: unknown = JSON.parse(text)
    return parsed && typeof parsed === 'object' && 'success' in parsed ? (parsed as ApiEnvelope<T>) : null
  } catch {
    return null
  }
}

function httpError(status: number, envelope: ApiEnvelope<unknown> | null, statusText: string): ApiError {
  const t = i18n.t.bind(i18n)
  switch (status) {
    case 429:
      return new ApiError(envelope?.code ?? 'RATE_LIMITED', t('errors:http.tooManyRequests'), status)
    case 500:
      return new ApiError(envelope?.code ?? 'INTERNAL_ERROR', t('errors:http.serverError'), status)
    case 405:
      return new ApiError('DEMO_ONLY', t('errors:http.demoOnly'), status)
  }
  // A proper envelope carries a localised, user-facing message; show it as the server meant it.
  if (envelope && !envelope.success && envelope.message) {
    return new ApiError(envelope.code ?? 'HTTP_ERROR', envelope.message, status)
  }
  return new ApiError('HTTP_ERROR', t('errors:http.other', { message: statusText || status }), status)
}

/**
 * Calls the console API and returns the whole envelope on success (for calls whose `message`
 * matters, like OAuth's 'bind'). Rejects with ApiError otherwise, never resolves on failure.
 */
export async function requestEnvelope<T>(
  method: Method,
  path: string,
  options: RequestOptions = {}
): Promise<ApiEnvelope<T>> {
  const hasBody = options.body !== undefined
  let response: Response
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers: buildHeaders(hasBody),
      body: hasBody ? JSON.stringify(options.body) : undefined,
      credentials: 'include',
      signal: options.signal,
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    // Non-HTTP failures show their own message.
    const message = error instanceof Error ? error.message : String(error)
    throw new ApiError('NETWORK_ERROR', message, 0)
  }

  const envelope = await readEnvelope<T>(response)
  if (response.status === 401) {
    if (!options.skipSessionExpiry) {
      expireSession()
      throw new ApiError(envelope?.code ?? 'UNAUTHORIZED', i18n.t('errors:http.unauthorized'), 401)
    }
    throw new ApiError(envelope?.code ?? 'UNAUTHORIZED', envelope?.message || i18n.t('errors:http.unauthorized'), 401)
  }
  if (!response.ok) throw httpError(response.status, envelope, response.statusText)
  if (!envelope) throw new ApiError('INVALID_RESPONSE', i18n.t('errors:invalidResponse'), response.status)
  if (!envelope.success) {
    throw new ApiError(
      envelope.code ?? 'REQUEST_FAILED',
      envelope.message || i18n.t('errors:requestFailed'),
      response.status
    )
  }
  return envelope
}

export async function request<T>(method: Method, path: string, options?: RequestOptions): Promise<T> {
  const envelope = await requestEnvelope<T>(method, path, options)
  return envelope.data as T
}

/** Typed shorthands; each returns the envelope's `data`. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
}
