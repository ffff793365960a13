import { z } from 'zod'
import type { SelfUser, SessionUser } from './user.ts'

/** How many backup codes an enrolment or a regeneration hands out. */
export const TWO_FACTOR_BACKUP_CODE_COUNT = 10

/** Body of /api/user/2fa/{enable,disable,backup_codes} and /api/user/login/2fa: a TOTP code or (where allowed) a backup code. */
export const twoFactorCodeInput = z.object({
  code: z.string().trim().min(1, 'two_factor.code_required').max(32, 'two_factor.code_invalid'),
})
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeInput>

/** GET /api/user/2fa/status */
export interface TwoFactorStatus {
  enabled: boolean
  /** too many wrong codes: codes are refused until the window passes */
  locked: boolean
  /** present when enabled */
  backup_codes_remaining?: number
  /** the root requires 2FA of admins (TwoFactorRequiredForAdmins) and this account is one */
  required: boolean
}

/** POST /api/user/2fa/setup: the new secret, not enabled until confirmed with a code. */
export interface TwoFactorSetup {
  /** base32 secret, for typing into an authenticator by hand */
  secret: string
  /** otpauth:// URI with the system name as issuer, for the QR code */
  qr_code_data: string
  backup_codes: string[]
}

/** POST /api/user/2fa/backup_codes */
export interface TwoFactorBackupCodes {
  backup_codes: string[]
}

/** POST /api/user/login (and outside-account sign-ins) of an account with 2FA on: no session yet, the code comes next. */
export interface TwoFactorChallenge {
  require_2fa: true
}

/**
 * A finished sign-in: the user, and the full own account under `user`, where the reference's
 * console reads it after signing in.
 */
export interface SignedIn extends SessionUser {
  user: SelfUser
}

/**
 * POST /api/setup: the root it created, already signed in (the session cookie is set); null when a
 * root existed before (migrated data), who signs in with their own password.
 */
export type SetupResult = SignedIn | null

/** What a sign-in answers: the user, or the demand for the second step. */
export type LoginAnswer = SessionUser | SignedIn | TwoFactorChallenge

export const isTwoFactorChallenge = (answer: unknown): answer is TwoFactorChallenge =>
  typeof answer === 'object' && answer !== null && (answer as { require_2fa?: unknown }).require_2fa === true

/** GET /api/user/2fa/stats (admin) */
export interface TwoFactorStats {
  total_users: number
  enabled_users: number
  /** the share enabled, as the reference formats it: "12.5%" */
  enabled_rate: string
}
