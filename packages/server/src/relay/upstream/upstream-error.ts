import { errors } from 'undici'
import { findOutboundBlockedError } from '../../lib/outbound/outbound-errors.ts'
import { namesPrivateAddress } from '../../lib/outbound/url-check.ts'
import { RelayError } from '../relay-error.ts'

const MAX_ERROR_BODY = 64 * 1024

/**
 * How much of an upstream's error body is passed on. `all`: its message, or its text when it is
 * not JSON. An answer from a private address may come from an internal service rather than a
 * model API, so for those: `structured` (the relay) tells a model API's JSON error message but
 * never raw text such as an internal page, and `none` (the console's test, model list and balance,
 * where an admin would read it back) tells the status alone.
 */
export type ErrorBodyUse = 'all' | 'structured' | 'none'

/** The use for an answer from `baseUrl`, as the relay (`structured`) or the console (`none`) would tell it. */
export const errorBodyUse = (baseUrl: string, privateUse: 'structured' | 'none'): ErrorBodyUse =>
  namesPrivateAddress(baseUrl) ? privateUse : 'all'

/**
 * Reads an upstream error answer into a RelayError: the message from the usual places
 * (error.message, message, msg, error_msg, ...), the status after the channel's status-code
 * mapping, and whether another channel may be tried. Text that could reveal an upstream URL or key
 * is replaced. How much of the body may be told is `use`; see ErrorBodyUse.
 */
export function upstreamHttpError(
  status: number,
  bodyText: string,
  statusCodeMapping: Record<string, string>,
  channelKey: string,
  use: ErrorBodyUse = 'all'
): RelayError {
  let message = ''
  let code = 'bad_response_status_code'
  let type = ''
  // Parsing nothing leaves the bare "upstream answered <status>".
  if (use === 'none') bodyText = ''
  try {
    const body = JSON.parse(bodyText.slice(0, MAX_ERROR_BODY)) as Record<string, any>
    const error = typeof body.error === 'object' && body.error ? body.error : body
    message = String(
      error.message ??
        body.message ??
        body.msg ??
        body.error_msg ??
        (typeof body.error === 'string' ? body.error : '') ??
        ''
    )
    if (typeof error.code === 'string' && error.code) code = error.code
    if (typeof error.type === 'string') type = error.type
  } catch {
    if (use === 'all') message = bodyText.slice(0, 500)
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
    return new RelayError({
      status: 502,
      type: 'upstream_error',
      code: 'upstream_address_blocked',
      messageKey: 'upstream.failed',
      local: false,
      retryable: true,
    })
  }
  const connectPhase =
    error instanceof errors.ConnectTimeoutError ||
    (typeof error === 'object' &&
      error !== null &&
      ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'].includes(
        (error as { code?: string }).code ?? ''
      ))
  if (error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError) {
    return new RelayError({
      status: 504,
      type: 'upstream_error',
      code: 'upstream_timeout',
      messageKey: 'upstream.timeout',
      local: false,
      retryable: false,
    })
  }
  return new RelayError({
    status: 502,
    type: 'upstream_error',
    code: 'upstream_request_failed',
    messageKey: 'upstream.failed',
    local: false,
    retryable: connectPhase,
  })
}

/** An upstream 200 whose body is not the answer it should be (not JSON, or not its shape): refused, not billed. */
export function upstreamBadResponse(): RelayError {
  return new RelayError({
    status: 502,
    type: 'upstream_error',
    code: 'bad_response',
    messageKey: 'upstream.bad_response',
    local: false,
  })
}

/** Upstream text may echo the key or name internal hosts; neither reaches the client. */
export function sanitize(message: string, channelKey: string): string {
  let text = message
  if (channelKey) text = text.split(channelKey).join('[key]')
  text = text.replace(/sk-[A-Za-z0-9_-]{8,}/g, 'sk-***').replace(/https?:\/\/[^\s"']+/g, '[url]')
  return text.slice(0, 1000)
}
