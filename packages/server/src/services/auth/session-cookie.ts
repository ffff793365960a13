import type { Context } from 'hono'
import { setSignedCookie } from 'hono/cookie'
import type { HonoEnv } from '../../context.ts'
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS, startSession } from '../sessions/sessions.ts'

/** Starts a session for the user and sets the cookie, exactly as the password login does. */
export async function signIn(c: Context<HonoEnv>, userId: number): Promise<void> {
  const services = c.get('services')
  const secret = await startSession(services.db, userId, c.get('clientIp'), c.req.header('user-agent') ?? '')
  await setSignedCookie(c, SESSION_COOKIE, secret, services.sessionSecret, {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
    maxAge: SESSION_MAX_AGE_SECONDS,
    secure: services.env.SESSION_COOKIE_SECURE || new URL(c.req.url).protocol === 'https:',
  })
}
