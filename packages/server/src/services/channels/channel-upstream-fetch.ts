import { channelPolicy } from '../../lib/outbound/address-policy.ts'
import { guardedFetch } from '../../lib/outbound/guarded-fetch.ts'
import { findOutboundBlockedError, OutboundResponseTooLargeError } from '../../lib/outbound/outbound-errors.ts'
import { errorBodyUse, sanitize, upstreamHttpError } from '../../relay/upstream/upstream-error.ts'
import type { Services } from '../container.ts'

/** Console-side upstream calls (balances, model lists) wait at most this long, body included. */
export const CHANNEL_CALL_TIMEOUT_MS = 10_000
/** A model list of a large aggregator is a few hundred KiB; anything bigger is not what we asked for. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024

/** A failed console-side upstream call; `reason` is safe to show (no key, no URL). */
export class ChannelCallError extends Error {
  readonly reason: string
  constructor(reason: string) {
    super(reason)
    this.name = 'ChannelCallError'
    this.reason = reason
  }
}

/**
 * GETs a channel upstream's JSON through the outbound guard with the channel policy (so a base
 * URL the relay may not call cannot be probed from the console either). The key goes in the
 * headers only; every failure becomes a ChannelCallError whose text never carries key or URL, and
 * an error answer from a private address is reported by its status alone.
 */
export async function getChannelJson(
  services: Services,
  url: string,
  headers: Record<string, string>,
  key: string,
  privateNetwork: boolean
): Promise<unknown> {
  let status: number
  let text: string
  try {
    const response = await guardedFetch(
      url,
      { method: 'GET', headers: { accept: 'application/json', ...headers } },
      {
        policy: channelPolicy(services.options, privateNetwork),
        timeoutMs: CHANNEL_CALL_TIMEOUT_MS,
        maxBytes: MAX_ANSWER_BYTES,
      }
    )
    status = response.status
    text = await response.text()
  } catch (error) {
    throw new ChannelCallError(describeTransportError(error, key))
  }
  if (status < 200 || status > 299)
    throw new ChannelCallError(
      `${status}: ${upstreamHttpError(status, text, {}, key, errorBodyUse(url, 'none')).message}`
    )
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new ChannelCallError(`${status}: the answer is not JSON`)
  }
}

function describeTransportError(error: unknown, key: string): string {
  if (findOutboundBlockedError(error)) return 'the address is refused by the outbound policy'
  if (error instanceof OutboundResponseTooLargeError) return 'the answer is too large'
  const name = error instanceof Error ? error.name : ''
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${CHANNEL_CALL_TIMEOUT_MS / 1000} s`
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : ''
  return sanitize(cause || (error instanceof Error ? error.message : String(error)), key) || 'request failed'
}

/** The first non-empty key line: multi-key channels keep one key per line. */
export const firstKeyLine = (key: string): string =>
  key
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => line !== '') ?? ''

/** A JSON object's field, or undefined for anything that is not an object. */
export function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[name]
    : undefined
}

/** A number from a number or numeric string (upstreams send balances both ways); NaN otherwise. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value
  if (typeof value === 'string' && value.trim() !== '') return Number(value)
  return Number.NaN
}
