/** Why the guard refused a request; stable so callers can map it to their own error codes. */
export type OutboundBlockedReason =
  | 'INVALID_URL'
  | 'SCHEME_NOT_ALLOWED'
  | 'USERINFO_NOT_ALLOWED'
  | 'PORT_NOT_ALLOWED'
  | 'ADDRESS_NOT_ALLOWED'
  | 'TOO_MANY_REDIRECTS'

const messages: Record<OutboundBlockedReason, string> = {
  INVALID_URL: 'The URL is not valid',
  SCHEME_NOT_ALLOWED: 'Only http and https URLs are allowed',
  USERINFO_NOT_ALLOWED: 'URLs with a user name or password are not allowed',
  PORT_NOT_ALLOWED: 'The URL port is not allowed',
  ADDRESS_NOT_ALLOWED: 'The URL points to an address that is not allowed',
  TOO_MANY_REDIRECTS: 'Too many redirects',
}

/**
 * A request the outbound guard refused before sending it. The message is the same for every target
 * refused for the same reason and is decided before any connection is made, so it never tells a
 * caller whether an internal host exists or answers (the probing oracle of CVE-2025-59146).
 */
export class OutboundBlockedError extends Error {
  readonly reason: OutboundBlockedReason

  constructor(reason: OutboundBlockedReason) {
    super(messages[reason])
    this.name = 'OutboundBlockedError'
    this.reason = reason
  }
}

/** The response body went past the caller's byte limit; the rest was not read. */
export class OutboundResponseTooLargeError extends Error {
  readonly limit: number

  constructor(limit: number) {
    super(`The response is larger than ${limit} bytes`)
    this.name = 'OutboundResponseTooLargeError'
    this.limit = limit
  }
}

/** Finds a guard refusal inside the wrappers undici puts around connect errors (`fetch failed`). */
export function findOutboundBlockedError(error: unknown): OutboundBlockedError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof OutboundBlockedError) return current
  }
  return undefined
}
