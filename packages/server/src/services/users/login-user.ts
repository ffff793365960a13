import { UserStatus, type SessionUser } from '@gateway/shared'
import { findUserForLogin } from '../../db/queries/users.ts'
import { AppError } from '../../errors/app-error.ts'
import type { Services } from '../container.ts'
import { accountAttemptKey, checkPasswordAttempt, unknownNameAttemptKey } from './password-attempts.ts'
import { toSessionUser } from './session-user.ts'

/**
 * Checks a username-or-email and password. Unknown users, wrong passwords and banned users all
 * get the same answer after the same work. Attempts are counted per account as well as per IP,
 * so a guesser who rotates addresses is still stopped after ten tries in fifteen minutes.
 */
export async function authenticateUser(services: Services, name: string, password: string): Promise<SessionUser> {
  if (!services.options.bool('PasswordLoginEnabled')) throw new AppError('DENIED', 'auth.password_login_disabled')
  const user = await findUserForLogin(services.db, name.trim())
  const attemptKey = user ? accountAttemptKey(user.id) : unknownNameAttemptKey(name)
  const passwordOk = await checkPasswordAttempt(services, attemptKey, password, user?.password)
  if (!user || !passwordOk || user.status !== UserStatus.enabled) throw new AppError('DENIED', 'auth.login_failed')
  return toSessionUser(user)
}
