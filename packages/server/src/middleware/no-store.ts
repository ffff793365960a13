import type { MiddlewareHandler } from 'hono'
import type { HonoEnv } from '../context.ts'

/**
 * Answers that carry secrets (full token keys) must not stay in a browser or proxy cache. Set
 * after the handler so that error answers get it too.
 */
export const noStore: MiddlewareHandler<HonoEnv> = async (c, next) => {
  await next()
  c.header('Cache-Control', 'no-store')
}
