import { Role, USER_ID_HEADER, UserStatus } from '@gateway/shared'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getSignedCookie } from 'hono/cookie'
import type { AuthUser, HonoEnv } from '../context.ts'
import { AppError } from '../errors/app-error.ts'
import { resolveSession, SESSION_COOKIE } from '../services/sessions/sessions.ts'
import { isTwoFactorRequired } from '../services/two-factor/manage-two-factor.ts'
import { findUserByAccessToken } from '../services/users/access-token.ts'
import { toSessionUser } from '../services/users/session-user.ts'

/** The role levels requireRole checks. */
type RoleAccess = 'public' | 'user' | 'admin' | 'root'

/**
 * Who may call a route. Every /api route carries exactly one of these (see access-matrix.test.ts).
 * 'channel-write' is the root's, or also an admin's while AdminChannelWriteEnabled is on.
 */
export type Access = RoleAccess | 'channel-write'

export type TaggedMiddleware = MiddlewareHandler<HonoEnv> & { access: Access }

const minimumRole = { user: Role.user, admin: Role.admin, root: Role.root } as const

/**
 * Marks a route as open to anyone, for the access matrix to see, and caps its body small: an
 * anonymous caller must not make the server hold the megabyte the signed-in console may send.
 */
export const publicRoute: TaggedMiddleware = Object.assign<MiddlewareHandler<HonoEnv>, { access: Access }>(
  async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const limit = bodyLimit({
      maxSize: c.get('services').env.ANONYMOUS_REQUEST_BODY_LIMIT_KB * 1024,
      onError: tooLarge,
    })
    return limit(c, next)
  },
  { access: 'public' }
)

function tooLarge(): never {
  throw new AppError('PAYLOAD_TOO_LARGE', 'common.payload_too_large')
}

/**
 * Authenticates a console call by session cookie or access token, requires the New-Api-User
 * header to name the same user (a custom header, so cross-site forms cannot make the call), and
 * checks status and role as stored now, so a ban or demotion takes effect on the next request.
 */
function requireRole(access: Exclude<RoleAccess, 'public'>): TaggedMiddleware {
  const handler: MiddlewareHandler<HonoEnv> = async (c, next) => {
    const user = await authenticate(c)
    if (!user) throw new AppError('UNAUTHORIZED', 'auth.not_logged_in')
    const header = c.req.header(USER_ID_HEADER)
    if (header === undefined || header === '') throw new AppError('UNAUTHORIZED', 'auth.user_header_missing')
    if (!/^\d+$/.test(header)) throw new AppError('UNAUTHORIZED', 'auth.user_header_invalid')
    if (Number(header) !== user.id) throw new AppError('UNAUTHORIZED', 'auth.user_header_mismatch')
    if (user.status !== UserStatus.enabled) throw new AppError('FORBIDDEN', 'auth.user_banned')
    if (user.role < minimumRole[access]) throw new AppError('FORBIDDEN', 'auth.forbidden')
    // The personal pages and the 2FA routes are 'user' routes, so an admin can still turn it on.
    if (access !== 'user' && !user.twoFactorEnabled && isTwoFactorRequired(c.get('services'), user.role)) {
      throw new AppError('FORBIDDEN', 'two_factor.required_for_admins')
    }
    c.set('user', user)
    await next()
  }
  return Object.assign(handler, { access })
}

export const userAuth = requireRole('user')
export const adminAuth = requireRole('admin')
export const rootAuth = requireRole('root')

/**
 * Changing channels (create, edit, delete, tags, abilities): a channel holds an upstream key and
 * decides where the server sends requests, so by default only the root may; the root can hand it
 * to admins with AdminChannelWriteEnabled. Reading and testing channels stay with adminAuth.
 */
export const channelWriteAuth: TaggedMiddleware = Object.assign<MiddlewareHandler<HonoEnv>, { access: Access }>(
  (c, next) =>
    adminAuth(c, async () => {
      if (c.get('user').role < Role.root && !c.get('services').options.bool('AdminChannelWriteEnabled'))
        throw new AppError('FORBIDDEN', 'auth.forbidden')
      await next()
    }),
  { access: 'channel-write' }
)

/**
 * The signed-in user of a public route, when there is one (the reference's TryUserAuth): a valid
 * session cookie or access token of an enabled user, otherwise undefined. It never fails the
 * request and does not ask for New-Api-User, so it must only personalise read-only answers.
 */
export async function tryAuthenticate(c: Context<HonoEnv>): Promise<AuthUser | undefined> {
  let user: AuthUser | undefined
  try {
    user = await authenticate(c)
  } catch (error) {
    if (error instanceof AppError) return undefined
    throw error
  }
  return user && user.status === UserStatus.enabled ? user : undefined
}

async function authenticate(c: Context<HonoEnv>): Promise<AuthUser | undefined> {
  const services = c.get('services')
  const authorization = c.req.header('authorization')
  if (authorization) {
    const token = authorization.replace(/^Bearer\s+/i, '').trim()
    const user = token ? await findUserByAccessToken(services, token) : undefined
    if (!user) throw new AppError('UNAUTHORIZED', 'auth.access_token_invalid')
    return { ...toSessionUser(user), twoFactorEnabled: user.two_fa_id !== null }
  }
  const secret = await getSignedCookie(c, services.sessionSecret, SESSION_COOKIE)
  if (!secret) return undefined
  const user = await resolveSession(services.db, services.options, secret)
  if (!user || user.deleted_at !== null) return undefined
  return { ...toSessionUser(user), sessionId: user.sessionId, twoFactorEnabled: user.two_fa_id !== null }
}
