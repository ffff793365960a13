import type { MiddlewareHandler } from 'hono'
import type { HonoEnv } from '../context.ts'

/**
 * A refusal sent before the body was read (a bad key, a body over the limit) also closes the
 * connection. Otherwise the connection would be kept for reuse, and reusing it means reading the
 * rest of the upload first: up to 32 MiB per caller taken in just to be thrown away, which a few
 * dozen callers without a valid key could turn into memory pressure.
 */
export const closeUnreadBody: MiddlewareHandler<HonoEnv> = async (c, next) => {
  await next()
  // c.error: a console refusal answers 200 (the reference's convention) but is a refusal all the same.
  if ((c.res.status < 400 && c.error === undefined) || c.req.raw.bodyUsed) return
  const headers = c.req.raw.headers
  const length = headers.get('content-length')
  if ((length === null || length === '0') && !headers.has('transfer-encoding')) return
  try {
    c.res.headers.set('connection', 'close')
  } catch {
    // An immutable response (one passed through from elsewhere) keeps its connection; rare and harmless.
  }
}
