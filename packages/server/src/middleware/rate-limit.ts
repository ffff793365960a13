import type { MiddlewareHandler } from 'hono'
import type { HonoEnv } from '../context.ts'
import { AppError } from '../errors/app-error.ts'
import type { RateCounter } from '../services/ratelimit/rate-limiters.ts'

/** Counts the request against a per-IP limiter and answers 429 once the window is used up. */
export function rateLimitByIp(
  pick: (limiters: HonoEnv['Variables']['services']['limiters']) => RateCounter | undefined
): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    const limiter = pick(c.get('services').limiters)
    if (limiter && !(await limiter.hit(c.get('clientIp')))) throw new AppError('RATE_LIMITED', 'common.rate_limited')
    await next()
  }
}

/** Login, register, verification, reset and OAuth: 20 per 20 minutes per IP by default. */
export const criticalRateLimit = rateLimitByIp((limiters) => limiters.critical)
export const globalApiRateLimit = rateLimitByIp((limiters) => limiters.globalApi)

/** Console page loads, per IP (the reference's GLOBAL_WEB_RATE_LIMIT). */
export const webRateLimit = rateLimitByIp((limiters) => limiters.web)

/**
 * Search routes, per signed-in user rather than per IP (the reference's SEARCH_RATE_LIMIT): a
 * search scans more rows than a page read, and rotating addresses must not buy more of them.
 * Runs after the auth middleware, which sets the user.
 */
export const searchRateLimit: MiddlewareHandler<HonoEnv> = async (c, next) => {
  const limiter = c.get('services').limiters.search
  if (limiter && !(await limiter.hit(`user:${c.get('user').id}`)))
    throw new AppError('RATE_LIMITED', 'common.rate_limited')
  await next()
}
