import { randomBytes } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import type { HonoEnv } from '../context.ts'
import { pickLanguage } from '../i18n/messages.ts'
import type { Services } from '../services/container.ts'

export const REQUEST_ID_HEADER = 'X-Oneapi-Request-Id'

/** Unique per process start; the counter makes ids unique within it without a random draw per request. */
const instancePrefix = randomBytes(3).toString('hex')
let counter = 0
let lastSecond = 0
let stamp = ''

/** yyyyMMddHHmmss + instance + counter, in the shape of the reference system's request ids. */
export function newRequestId(): string {
  const now = Date.now()
  const second = Math.floor(now / 1000)
  if (second !== lastSecond) {
    lastSecond = second
    stamp = new Date(now)
      .toISOString()
      .replace(/[-:TZ.]/g, '')
      .slice(0, 14)
  }
  counter = (counter + 1) % 1_000_000
  return `${stamp}${instancePrefix}${counter.toString(36).padStart(4, '0')}`
}

/** When newRequestId() made `id` (ms since the epoch, to the second); undefined for an id it did not make. */
export function requestIdMintedAt(id: string): number | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})[0-9a-f]{6}[0-9a-z]{4,}$/.exec(id)
  if (!match) return undefined
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  return Date.UTC(year, month - 1, day, hour, minute, second)
}

/** The address of the direct peer (a proxy, when there is one). */
export function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address
  } catch {
    // app.request() in tests has no socket
    return '127.0.0.1'
  }
}

/** Gives every request its services, id, language and client address. */
export function requestContext(services: Services): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    const requestId = newRequestId()
    c.set('services', services)
    c.set('requestId', requestId)
    c.set('language', pickLanguage(c.req.header('accept-language'), services.env.DEFAULT_LANGUAGE))
    c.set('clientIp', services.resolveClientIp(peerAddress(c), c.req.header('x-forwarded-for')))
    c.header(REQUEST_ID_HEADER, requestId)
    await next()
  }
}
