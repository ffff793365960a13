import { ok } from '@gateway/shared'
import { Hono } from 'hono'
import { setSignedCookie } from 'hono/cookie'
import type { HonoEnv } from '../../context.ts'
import { randomAlphanumeric } from '../../lib/crypto.ts'
import { publicRoute } from '../../middleware/auth.ts'
import { criticalRateLimit } from '../../middleware/rate-limit.ts'

export const OAUTH_STATE_COOKIE = 'oauth_state'

/**
 * /api/oauth: the state that binds an OAuth round trip to this browser. It lives in a signed,
 * HttpOnly cookie (Lax, because the provider's redirect back is a cross-site navigation) for ten
 * minutes; the callbacks compare it with the state the provider echoes.
 */
export const oauthRoutes = new Hono<HonoEnv>().get('/state', publicRoute, criticalRateLimit, async (c) => {
  const state = randomAlphanumeric(12)
  const aff = (c.req.query('aff') ?? '').slice(0, 32)
  await setSignedCookie(c, OAUTH_STATE_COOKIE, JSON.stringify({ state, aff }), c.get('services').sessionSecret, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: 600,
    secure: c.get('services').env.SESSION_COOKIE_SECURE || new URL(c.req.url).protocol === 'https:',
  })
  return c.json(ok(state))
})
