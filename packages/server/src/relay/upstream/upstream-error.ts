import { errors } from 'undici'
import { findOutboundBlockedError } from '../../lib/outbound/outbound-errors.ts'
import { RelayError } from '../relay-error.ts'

const MAX_ERROR_BODY = 64 * 1024

/**
 * Reads an upstream error answer into a RelayError: the message from the usual places
 * (error.message, message, msg, error_msg, ...), the status after the channel's status-code
 * mapping, and whether another channel may be tried. Text that could reveal an upstream URL or key
 * is replaced.
 */
export function upstreamHttpError(status: number, bodyText: string, statusCodeMapping: Record<string, string>, channelKey: string): RelayError {
  let message = ''
  let code = 'bad_response_status_code'
  let type = ''
  try {
    const body = JSON.parse(bodyText.slice(0, MAX_ERROR_BODY)) as Record<string, any>
    const error = typeof body.error === 'object' && body.error ? body.error : body
    message = String(error.message ?? body.message ?? body.msg ?? body.error_msg ?? (typeof body.error === 'string' ? body.error : '') ?? '')
    if (typeof error.code === 'string' && error.code) code = error.code
    if (typeof error.type === 'string') type = error.type
  } catch {
    message = bodyText.slice(0, 500)
  }
  const mapped = Number(statusCodeMapping[String(status)])
  const finalStatus = Number.isInteger(mapped) && mapped >= 400 && mapped <= 599 ? mapped : status
  return new RelayError({
    status: finalStatus,
    type: 'upstream_error',
    code,
    message: sanitize(message || `upstream answered ${status}`, channelKey),
    local: false,
    retryable: isRetryableStatus(status),
    params: { upstreamStatus: status, upstreamType: type },
  })
}

/**
 * Another channel may be tried after 429, 5xx (not 504/524: the upstream may have done, and
 * billed, the work) and after auth-like failures (401/403/404), but not after 400 or 408.
 */
export function isRetryableStatus(status: number): boolean {
  if (status < 400) return false
  if (status === 400 || status === 408 || status === 504 || status === 524) return false
  return true
}

/** A transport failure before any answer: connection errors may be retried, timeouts after sending may not. */
export function upstreamTransportError(error: unknown): RelayError {
  // The channel's address is refused by the outbound policy: nothing was sent; another channel may work.
  if (findOutboundBlockedError(error)) {
    return new RelayError({ status: 502, type: 'upstream_error', code: 'upstream_address_blocked', messageKey: 'upstream.failed', local: false, retryable: true })
  }
  const connectPhase =
    error instanceof errors.ConnectTimeoutError ||
    (typeof error === 'object' && error !== null && ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'].includes((error as { code?: string }).code ?? ''))
  if (error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError) {
    return new RelayError({ status: 504, type: 'upstream_error', code: 'upstream_timeout', messageKey: 'upstream.timeout', local: false, retryable: false })
  }
  return new RelayError({ status: 502, type: 'upstream_error', code: 'upstream_request_failed', messageKey: 'upstream.failed', local: false, retryable: connectPhase })
}

/** Upstream text may echo the key or name internal hosts; neither reaches the client. */
export function sanitize(message: string, channelKey: string): string {
  let text = message
  if (channelKey) text = text.split(channelKey).join('[key]')
  text = text.replace(/sk-[A-Za-z0-9_-]{8,}/g, 'sk-***').replace(/https?:\/\/[^\s"']+/g, '[url]')
  return text.slice(0, 1000)
}
