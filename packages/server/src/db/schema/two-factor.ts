import type { Bool, Id, SoftDelete, UnixSeconds, WithDefault } from './common.ts'
import type { StoredTime } from './passkeys.ts'

/** two_fas: one TOTP factor per user (the reference's table); a row with is_enabled false is an enrolment not yet confirmed. */
export interface TwoFasTable {
  id: Id
  user_id: number
  /** the base32 TOTP secret, encrypted with CRYPTO_SECRET (SecretBox); rows taken over from the reference hold it in the clear */
  secret: string
  is_enabled: Bool
  /** kept for the reference's schema; failed codes are counted by the login-failure limiter instead */
  failed_attempts: WithDefault<number>
  /** times are datetimes, as the reference keeps them (read with toUnixSeconds of db/queries/passkeys.ts) */
  locked_until: WithDefault<StoredTime | null>
  last_used_at: WithDefault<StoredTime | null>
  /** the RFC 6238 time step of the last accepted code, so the same code cannot be used twice */
  last_totp_step: WithDefault<number>
  created_at: StoredTime
  updated_at: StoredTime
  deleted_at: SoftDelete
}

/** two_fa_backup_codes: single-use recovery codes, one row each. */
export interface TwoFaBackupCodesTable {
  id: Id
  user_id: number
  /** HMAC-SHA256 of the normalised code (SecretBox.lookupHash); bcrypt in rows taken over from the reference */
  code_hash: string
  is_used: Bool
  used_at: WithDefault<StoredTime | null>
  created_at: StoredTime
  deleted_at: SoftDelete
}

/** two_fa_login_flows: password (or outside-account) sign-ins waiting for their second step. */
export interface TwoFaLoginFlowsTable {
  /** SHA-256 hex of the random id carried in the signed two-factor cookie */
  id: string
  user_id: number
  expires_at: UnixSeconds
}
