import {
  claimTotpStep,
  listUnusedBackupCodes,
  spendBackupCode,
  type TwoFactorRow,
} from '../../db/queries/two-factor.ts'
import { AppError } from '../../errors/app-error.ts'
import { nowSeconds } from '../../lib/time.ts'
import type { Services } from '../container.ts'
import { hashBackupCode, isLegacyHash, matchesLegacyHash, normaliseBackupCode } from './backup-codes.ts'
import { matchTotpStep } from './totp.ts'

/**
 * The account's code allowance in the login-failure limiter: apart from its password allowance
 * (`user:<id>`, `name:<name>`), so that a right password, which clears that one, never clears this.
 */
export const codeFailureKey = (userId: number): string => `2FA:${userId}`

export const isCodeLocked = (services: Services, userId: number): Promise<boolean> =>
  services.limiters.loginFailures.isBlocked(codeFailureKey(userId))

/**
 * Runs one code check under the account's failure limit: the attempt is counted before the check,
 * so parallel guesses cannot all be checked before the count catches up; too many in the window
 * lock the account's codes as failed passwords lock its password. A success clears the count.
 */
export async function underCodeLimit<T>(
  services: Services,
  userId: number,
  check: () => Promise<T | undefined>
): Promise<T> {
  const failures = services.limiters.loginFailures
  const key = codeFailureKey(userId)
  if (!(await failures.hit(key))) throw new AppError('RATE_LIMITED', 'two_factor.locked')
  const result = await check()
  if (result === undefined) throw new AppError('DENIED', 'two_factor.code_invalid')
  await failures.reset(key)
  return result
}

/** A TOTP code of an enabled factor, accepted once: its time step is claimed atomically. */
export async function useTotpCode(services: Services, factor: TwoFactorRow, code: string): Promise<boolean> {
  const step = await matchTotpStep(services.secrets.decrypt(factor.secret), code, Number(factor.last_totp_step))
  return step !== undefined && claimTotpStep(services.db, factor.id, step, nowSeconds())
}

/** A backup code, spent once: only the request whose update flips it to used succeeds. */
export async function useBackupCode(services: Services, userId: number, code: string): Promise<boolean> {
  const normalised = normaliseBackupCode(code)
  if (!normalised) return false
  const hash = hashBackupCode(services.secrets, normalised)
  for (const row of await listUnusedBackupCodes(services.db, userId)) {
    const matches = isLegacyHash(row.code_hash)
      ? await matchesLegacyHash(normalised, row.code_hash)
      : row.code_hash === hash
    if (matches) return spendBackupCode(services.db, row.id, nowSeconds())
  }
  return false
}

/** A TOTP code, or (where the action allows it) a backup code; throws unless one is accepted. */
export function checkSecondFactor(
  services: Services,
  factor: TwoFactorRow,
  rawCode: string,
  allowBackup: boolean
): Promise<'totp' | 'backup'> {
  const code = rawCode.replace(/\s/g, '')
  return underCodeLimit(services, factor.user_id, async () => {
    if (await useTotpCode(services, factor, code)) return 'totp' as const
    if (allowBackup && (await useBackupCode(services, factor.user_id, code))) return 'backup' as const
    return undefined
  })
}
