import { AppError } from '../../errors/app-error.ts'
import type { Services } from '../container.ts'
import { verifyPassword } from './password.ts'

/**
 * The lockout key of a known account: its id, so that signing in by username or by email (or in
 * another letter case) draws on one allowance. Unknown names count under the name typed.
 */
export const accountAttemptKey = (userId: number): string => `user:${userId}`
export const unknownNameAttemptKey = (name: string): string => `name:${name.trim().toLowerCase()}`

/**
 * One password check against an account's allowance (ten in fifteen minutes). The attempt is
 * counted before bcrypt runs, by an atomic increment that also says whether the allowance is
 * spent, so parallel guesses cannot slip in between a check and a count: at most ten verifications
 * per window, and once the allowance is spent even the right password is refused until it ends.
 * A right password clears the count.
 */
export async function checkPasswordAttempt(
  services: Services,
  key: string,
  password: string,
  hash: string | undefined
): Promise<boolean> {
  const attempts = services.limiters.loginFailures
  if (!(await attempts.hit(key))) throw new AppError('RATE_LIMITED', 'auth.too_many_attempts')
  const passwordOk = await verifyPassword(password, hash)
  if (passwordOk) await attempts.reset(key)
  return passwordOk
}
