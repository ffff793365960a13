import { randomBytes } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { HonoEnv } from '../context.ts'
import { pickLanguage } from '../i18n/messages.ts'
import type { Services } from '../services/container.ts'

export const REQUEST_ID_HEADER = 'X-Oneapi-Request-Id'

/** yyyyMMddHHmmss + 8 random characters, like the reference system's request ids. */
function newRequestId(): string {
  const stamp = new Date().toISOString().replace(/[-:TZ.]/g, '').slice(0, 14)
  return `${stamp}${randomBytes(6).toString('base64url').slice(0, 8)}`
}

/** Gives every request its services, id, language and client address. */
export function requestContext(services: Services): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    const requestId = newRequestId()
    c.set('services', services)
    c.set('requestId', requestId)
    c.set('language', pickLanguage(c.req.header('accept-language'), services.env.DEFAULT_LANGUAGE))
    let peer: string | undefined
    try {
      peer = getConnInfo(c).remote.address
    } catch {
      // app.request() in tests has no socket
      peer = '127.0.0.1'
    }
    c.set('clientIp', services.resolveClientIp(peer, c.req.header('x-forwarded-for')))
    c.header(REQUEST_ID_HEADER, requestId)
    await next()
  }
}
