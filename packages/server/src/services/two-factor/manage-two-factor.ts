import { Role, type TwoFactorSetup, type TwoFactorStats, type TwoFactorStatus } from '@gateway/shared'
import { isUniqueViolation } from '../../db/errors.ts'
import { deleteUserSessions } from '../../db/queries/sessions.ts'
import {
  countTwoFactorUsers,
  countUnusedBackupCodes,
  deletePendingTwoFactor,
  deleteTwoFactor,
  enableTwoFactor,
  findTwoFactor,
  insertTwoFactor,
  replaceBackupCodes,
  type TwoFactorRow,
} from '../../db/queries/two-factor.ts'
import { findUserByIdAnyState } from '../../db/queries/users.ts'
import { AppError } from '../../errors/app-error.ts'
import { nowSeconds } from '../../lib/time.ts'
import type { Services } from '../container.ts'
import type { Actor } from '../users/user-guards.ts'
import { hashBackupCode, newBackupCodes } from './backup-codes.ts'
import { checkSecondFactor, isCodeLocked, underCodeLimit } from './check-code.ts'
import { matchTotpStep, newTotpSecret, totpUri } from './totp.ts'

/** The signed-in user making the change, and the session to keep when the others are ended. */
export interface Caller {
  id: number
  role: number
  username: string
  sessionId?: string
}

/** Whether the root's TwoFactorRequiredForAdmins applies to this role. */
export const isTwoFactorRequired = (services: Services, role: number): boolean =>
  role >= Role.admin && services.options.bool('TwoFactorRequiredForAdmins')

async function requireEnabled(services: Services, userId: number): Promise<TwoFactorRow> {
  const factor = await findTwoFactor(services.db, userId)
  if (!factor || !factor.is_enabled) throw new AppError('CONFLICT', 'two_factor.not_enabled')
  return factor
}

const storeBackupCodes = (services: Services, userId: number, codes: string[]) =>
  replaceBackupCodes(
    services.db,
    userId,
    codes.map((code) => hashBackupCode(services.secrets, code)),
    nowSeconds()
  )

export async function getTwoFactorStatus(services: Services, caller: Caller): Promise<TwoFactorStatus> {
  const factor = await findTwoFactor(services.db, caller.id)
  const enabled = Boolean(factor?.is_enabled)
  return {
    enabled,
    locked: await isCodeLocked(services, caller.id),
    ...(enabled ? { backup_codes_remaining: await countUnusedBackupCodes(services.db, caller.id) } : {}),
    required: isTwoFactorRequired(services, caller.role),
  }
}

/**
 * Starts (or restarts) an enrolment: a new secret and new backup codes, shown this once. The factor
 * stays off until a code from the authenticator confirms it, so a setup abandoned half-way changes nothing.
 */
export async function setupTwoFactor(services: Services, caller: Caller): Promise<TwoFactorSetup> {
  const secret = newTotpSecret()
  const backupCodes = newBackupCodes()
  try {
    await services.db.transaction().execute(async (trx) => {
      const existing = await findTwoFactor(trx, caller.id)
      if (existing?.is_enabled) throw new AppError('CONFLICT', 'two_factor.already_enabled')
      await deletePendingTwoFactor(trx, caller.id)
      await insertTwoFactor(trx, { user_id: caller.id, secret: services.secrets.encrypt(secret), now: nowSeconds() })
    })
  } catch (error) {
    // Two setups at once: the unique user_id lets one through.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'two_factor.already_enabled')
    throw error
  }
  await storeBackupCodes(services, caller.id, backupCodes)
  const issuer = services.options.get('SystemName') || 'New API'
  return { secret, qr_code_data: totpUri(secret, issuer, caller.username), backup_codes: backupCodes }
}

/** Confirms the enrolment with a code from the authenticator; other sessions of the account end. */
export async function enableTwoFactorWithCode(services: Services, caller: Caller, code: string): Promise<void> {
  const factor = await findTwoFactor(services.db, caller.id)
  if (!factor) throw new AppError('CONFLICT', 'two_factor.setup_first')
  if (factor.is_enabled) throw new AppError('CONFLICT', 'two_factor.already_enabled')
  const step = await underCodeLimit(services, caller.id, () =>
    matchTotpStep(services.secrets.decrypt(factor.secret), code.replace(/\s/g, ''), 0)
  )
  // The confirming code's step is recorded as used, so the same code cannot also sign in.
  if (!(await enableTwoFactor(services.db, caller.id, step, nowSeconds())))
    throw new AppError('CONFLICT', 'two_factor.already_enabled')
  await deleteUserSessions(services.db, caller.id, caller.sessionId)
}

/** Turns the factor off with a TOTP or a backup code. */
export async function disableTwoFactorWithCode(services: Services, caller: Caller, code: string): Promise<void> {
  const factor = await requireEnabled(services, caller.id)
  await checkSecondFactor(services, factor, code, true)
  await deleteTwoFactor(services.db, caller.id)
  await deleteUserSessions(services.db, caller.id, caller.sessionId)
}

/** New backup codes for a TOTP code (as the reference asks); the old ones stop working. */
export async function regenerateBackupCodes(services: Services, caller: Caller, code: string): Promise<string[]> {
  const factor = await requireEnabled(services, caller.id)
  await checkSecondFactor(services, factor, code, false)
  const codes = newBackupCodes()
  await storeBackupCodes(services, caller.id, codes)
  return codes
}

export async function getTwoFactorStats(services: Services): Promise<TwoFactorStats> {
  const { total, enabled } = await countTwoFactorUsers(services.db)
  return {
    total_users: total,
    enabled_users: enabled,
    enabled_rate: `${(total > 0 ? (enabled / total) * 100 : 0).toFixed(1)}%`,
  }
}

/**
 * An admin turns off another user's factor (a lost phone). Only users of a lower role: an admin
 * cannot do it to another admin or the root, and nobody to themselves this way. The user's
 * sessions end, since whoever held them may be the reason.
 */
export async function disableTwoFactorAsAdmin(services: Services, actor: Actor, userId: number): Promise<void> {
  const target = await findUserByIdAnyState(services.db, userId)
  if (!target) throw new AppError('NOT_FOUND', 'user.not_found')
  if (actor.role <= target.role) throw new AppError('DENIED', 'two_factor.cannot_manage')
  const factor = await findTwoFactor(services.db, userId)
  if (!factor?.is_enabled) throw new AppError('CONFLICT', 'two_factor.not_enabled')
  await deleteTwoFactor(services.db, userId)
  await deleteUserSessions(services.db, userId)
}
