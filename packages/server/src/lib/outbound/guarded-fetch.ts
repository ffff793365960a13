import { TransformStream, type ReadableStream } from 'node:stream/web'
import { fetch, Headers, Response, type BodyInit, type Dispatcher, type RequestInit } from 'undici'
import type { OutboundPolicy } from './address-policy.ts'
import { getGuardedDispatcher } from './guarded-dispatcher.ts'
import { findOutboundBlockedError, OutboundBlockedError, OutboundResponseTooLargeError } from './outbound-errors.ts'
import { checkOutboundUrl } from './url-check.ts'

/** Request bodies that can be sent again after a 307/308; a one-shot stream could not be. */
export type GuardedRequestBody = Exclude<BodyInit, AsyncIterable<Uint8Array> | Iterable<Uint8Array>>

export type GuardedRequestInit = Omit<RequestInit, 'body' | 'redirect' | 'dispatcher'> & { body?: GuardedRequestBody }

export interface GuardedFetchOptions {
  policy: OutboundPolicy
  /** Defaults to the shared guarded dispatcher for `policy`; tests pass one with a fake resolver. */
  dispatcher?: Dispatcher
  /** Redirect hops followed, each re-checked; 0 refuses any redirect. */
  maxRedirects?: number
  /** One deadline for the whole exchange, redirects and body included. */
  timeoutMs?: number
  /** Largest body read (after decompression, so a gzip bomb stops here too). */
  maxBytes?: number
}

const redirectStatuses = new Set([301, 302, 303, 307, 308])
const nullBodyStatuses = new Set([101, 103, 204, 205, 304])
/** Headers that carry the caller's identity; like browsers, never forwarded to another origin. */
const credentialHeaders = ['authorization', 'cookie', 'proxy-authorization']
const bodyHeaders = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']

/**
 * `fetch` for server-side calls to URLs the gateway does not fully trust: webhooks, OAuth, image
 * downloads. Every hop is checked by `checkOutboundUrl` and dialled through the guarded dispatcher
 * (pinned, policy-checked DNS), redirects are followed by hand (never by undici) up to
 * `maxRedirects`, and the body is cut at `maxBytes` with `OutboundResponseTooLargeError`.
 * Refusals throw `OutboundBlockedError`, never undici's `fetch failed` wrapper.
 * @example
 * const response = await guardedFetch(url, { method: 'POST', body: JSON.stringify(event) },
 *   { policy: policyFor(services.options, 'user'), maxBytes: 64 * 1024 })
 */
export async function guardedFetch(
  url: string | URL,
  init: GuardedRequestInit = {},
  options: GuardedFetchOptions
): Promise<Response> {
  const { policy, maxRedirects = 3, timeoutMs = 10_000, maxBytes = 20 * 1024 * 1024 } = options
  const dispatcher = options.dispatcher ?? getGuardedDispatcher(policy)
  const signal = init.signal
    ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)])
    : AbortSignal.timeout(timeoutMs)
  const headers = new Headers(init.headers)
  let method = (init.method ?? 'GET').toUpperCase()
  let body = init.body ?? null
  let current = checkOutboundUrl(url, policy)
  for (let hop = 0; ; hop++) {
    const response = await send(current, { ...init, method, headers, body, signal, redirect: 'manual', dispatcher })
    const location = response.headers.get('location')
    if (!redirectStatuses.has(response.status) || location === null) return limitBody(response, maxBytes, current)
    await response.body?.cancel()
    if (hop >= maxRedirects) throw new OutboundBlockedError('TOO_MANY_REDIRECTS')
    const next = checkOutboundUrl(resolveLocation(location, current), policy)
    // RFC 9110 15.4: 303 always becomes GET; 301/302 turn POST into GET as every client does.
    if (
      (response.status === 303 && method !== 'HEAD') ||
      ((response.status === 301 || response.status === 302) && method === 'POST')
    ) {
      method = 'GET'
      body = null
      for (const name of bodyHeaders) headers.delete(name)
    }
    if (next.origin !== current.origin) for (const name of credentialHeaders) headers.delete(name)
    current = next
  }
}

async function send(url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init)
  } catch (error) {
    throw findOutboundBlockedError(error) ?? error
  }
}

function resolveLocation(location: string, base: URL): URL {
  try {
    return new URL(location, base)
  } catch {
    throw new OutboundBlockedError('INVALID_URL')
  }
}

/** Re-wraps the body in a counting stream; `Content-Length` over the limit fails without reading. */
async function limitBody(response: Response, maxBytes: number, url: URL): Promise<Response> {
  if (response.body === null || nullBodyStatuses.has(response.status)) return response
  const declared = Number(response.headers.get('content-length') ?? NaN)
  if (declared > maxBytes) {
    await response.body.cancel()
    throw new OutboundResponseTooLargeError(maxBytes)
  }
  let seen = 0
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength
      if (seen > maxBytes) controller.error(new OutboundResponseTooLargeError(maxBytes))
      else controller.enqueue(chunk)
    },
  })
  const limited = new Response((response.body as ReadableStream<Uint8Array>).pipeThrough(counter), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
  // A constructed Response has an empty url; callers resolving relative links need the final hop.
  Object.defineProperty(limited, 'url', { value: url.href })
  return limited
}
