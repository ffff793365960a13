import type { Context } from 'hono'
import type { HonoEnv } from '../context.ts'
import { peerAddress } from '../middleware/request-context.ts'

/**
 * The scheme and host the caller used to reach the console: the request's own (its Host header),
 * or, only when the direct peer is a trusted proxy, what that proxy says in X-Forwarded-Host and
 * X-Forwarded-Proto. Believing those headers from anyone would let a caller choose the origin the
 * same-origin check, callback addresses and passkeys are measured against.
 */
export function publicOrigin(c: Context<HonoEnv>): URL {
  const url = new URL(c.req.url)
  // The Host header is what the caller dialled (node builds the request URL from it too).
  const own = c.req.header('host') ?? url.host
  if (!c.get('services').isTrustedProxy(peerAddress(c))) return safeOrigin(url.protocol.slice(0, -1), own, url)
  const host = firstValue(c.req.header('x-forwarded-host')) ?? own
  const proto = firstValue(c.req.header('x-forwarded-proto'))
  const scheme = proto === 'https' || proto === 'http' ? proto : url.protocol.slice(0, -1)
  return safeOrigin(scheme, host, url)
}

function safeOrigin(scheme: string, host: string, fallback: URL): URL {
  try {
    return new URL(`${scheme}://${host}`)
  } catch {
    return new URL(fallback.origin)
  }
}

/** A proxy chain appends its values; the first one is what the outermost proxy was asked. */
function firstValue(header: string | undefined): string | undefined {
  const first = header?.split(',')[0]?.trim()
  return first ? first : undefined
}
