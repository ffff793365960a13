import { ok, UserStatus, type ApiEnvelope, type LoginAnswer, type SessionUser, type SignedIn } from '@gateway/shared'
import type { Context } from 'hono'
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie'
import type { HonoEnv } from '../../context.ts'
import {
  deleteLoginFlow,
  findLoginFlow,
  findTwoFactor,
  insertLoginFlow,
  isTwoFactorEnabled,
} from '../../db/queries/two-factor.ts'
import { findUserById } from '../../db/queries/users.ts'
import { AppError } from '../../errors/app-error.ts'
import { translate } from '../../i18n/messages.ts'
import { randomSecret, sha256Hex } from '../../lib/crypto.ts'
import { nowSeconds } from '../../lib/time.ts'
import { signIn } from '../auth/session-cookie.ts'
import type { Services } from '../container.ts'
import { consolePermissions } from '../users/console-permissions.ts'
import { requireUser, toSelfUser } from '../users/self-service.ts'
import { toSessionUser } from '../users/session-user.ts'
import { checkSecondFactor } from './check-code.ts'

/** The signed cookie of a sign-in waiting for its code: a random id, only its hash stored, never a user id. */
export const TWO_FACTOR_COOKIE = 'two_fa_login'
const COOKIE_PATH = '/api/user/login'
const FLOW_SECONDS = 5 * 60

/**
 * The last step of every sign-in (password, OAuth, WeChat, Telegram) once the account is known:
 * without 2FA a session starts; with it, no session, only a five-minute flow held server-side
 * (so any instance sharing the database can finish it) and the reference's `require_2fa` answer.
 */
export async function signInOrAskForCode(c: Context<HonoEnv>, user: SessionUser): Promise<ApiEnvelope<LoginAnswer>> {
  const services = c.get('services')
  if (!(await isTwoFactorEnabled(services.db, user.id))) {
    await signIn(c, user.id)
    return ok(await signedIn(services, user))
  }
  const secret = randomSecret()
  const now = nowSeconds()
  await insertLoginFlow(services.db, { id: sha256Hex(secret), user_id: user.id, expires_at: now + FLOW_SECONDS }, now)
  await setSignedCookie(c, TWO_FACTOR_COOKIE, secret, services.sessionSecret, {
    httpOnly: true,
    sameSite: 'Strict',
    path: COOKIE_PATH,
    maxAge: FLOW_SECONDS,
    secure: services.env.SESSION_COOKIE_SECURE || new URL(c.req.url).protocol === 'https:',
  })
  return ok({ require_2fa: true }, translate('two_factor.require', c.get('language')))
}

/** POST /api/user/login/2fa: checks the code of the waiting sign-in and starts its session. */
export async function finishTwoFactorLogin(c: Context<HonoEnv>, code: string): Promise<SignedIn> {
  const services = c.get('services')
  const secret = await getSignedCookie(c, services.sessionSecret, TWO_FACTOR_COOKIE)
  const flow = secret ? await findLoginFlow(services.db, sha256Hex(secret), nowSeconds()) : undefined
  if (!flow) throw new AppError('BAD_REQUEST', 'two_factor.login_expired')
  const user = await findUserById(services.db, flow.user_id)
  const factor = user ? await findTwoFactor(services.db, user.id) : undefined
  // Banned, cancelled, or 2FA turned off meanwhile: the flow is void, sign in again from the start.
  if (!user || user.status !== UserStatus.enabled || !factor?.is_enabled) {
    await deleteLoginFlow(services.db, flow.id)
    throw new AppError('BAD_REQUEST', 'two_factor.login_expired')
  }
  await checkSecondFactor(services, factor, code, true)
  // One session per flow, even when two right codes arrive together.
  if (!(await deleteLoginFlow(services.db, flow.id))) throw new AppError('BAD_REQUEST', 'two_factor.login_expired')
  deleteCookie(c, TWO_FACTOR_COOKIE, { path: COOKIE_PATH })
  await signIn(c, user.id)
  return signedIn(services, toSessionUser(user))
}

/** The answer of a finished sign-in: the session user, and the own account where the reference puts it. */
export async function signedIn(services: Services, user: SessionUser): Promise<SignedIn> {
  const row = await requireUser(services, user.id)
  return { ...user, user: toSelfUser(row, consolePermissions(row.role, services.options)) }
}
