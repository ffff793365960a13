import type { MiddlewareHandler } from 'hono'
import type { HonoEnv } from '../context.ts'
import { AppError } from '../errors/app-error.ts'
import { publicOrigin } from '../lib/public-origin.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses state-changing console calls that a browser sent from another site. Browsers always
 * send Origin on cross-site POST/PUT/DELETE (the string "null" from sandboxed frames); a missing
 * Origin is a non-browser client (curl, SDKs), which carries no ambient cookie. Works together with
 * the SameSite cookie and the New-Api-User header.
 */
export const sameOriginWrites: MiddlewareHandler<HonoEnv> = async (c, next) => {
  const origin = c.req.header('origin')
  if (!SAFE_METHODS.has(c.req.method) && origin !== undefined) {
    // Behind a trusted proxy the public host arrives in X-Forwarded-Host; from anyone else it is ignored.
    if (hostOf(origin) !== publicOrigin(c).host) throw new AppError('FORBIDDEN', 'auth.cross_site')
  }
  await next()
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host
  } catch {
    return undefined
  }
}
