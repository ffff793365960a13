import type { Bool, Id, UnixSeconds, WithDefault } from './common.ts'

/**
 * A point in time as the reference system stores it in passkey_credentials (its ORM's datetime
 * columns): a Date from PostgreSQL and MySQL, text on SQLite. Read it with `toUnixSeconds()` in
 * db/queries/passkeys.ts; write it with `timestampValue()` there.
 */
export type StoredTime = Date | string

/**
 * passkey_credentials: WebAuthn credentials, with the reference system's table and column names and
 * types, so a database taken over from it keeps its users' passkeys. Binary values are standard
 * base64 text, as the reference writes them. `name` is ours: an account may hold several passkeys.
 */
export interface PasskeyCredentialsTable {
  id: Id
  user_id: number
  /** standard base64 of the credential id; unique */
  credential_id: string
  /** standard base64 of the COSE public key */
  public_key: string
  attestation_type: WithDefault<string>
  /** standard base64 of the authenticator's 16-byte AAGUID */
  aaguid: WithDefault<string>
  /** the signature counter last seen; a response must raise it unless the authenticator keeps none (0) */
  sign_count: WithDefault<number>
  clone_warning: Bool
  user_present: Bool
  user_verified: Bool
  backup_eligible: Bool
  /** the credential is backed up (synced to other devices) */
  backup_state: Bool
  /** JSON array of transports ("internal", "hybrid", "usb", ...), '' when unknown */
  transports: WithDefault<string>
  attachment: WithDefault<string>
  name: WithDefault<string>
  last_used_at: WithDefault<StoredTime | null>
  created_at: StoredTime
  updated_at: StoredTime
  /** the reference's soft delete; it never sets it for passkeys, and rows carrying it are ignored */
  deleted_at: WithDefault<StoredTime | null>
}

/**
 * passkey_challenges: WebAuthn challenges handed out by a begin call and not yet used. Kept in the
 * database so that any instance can finish what another began; each is deleted when used.
 */
export interface PasskeyChallengesTable {
  /** the base64url challenge itself */
  challenge: string
  /** 'register' or 'login' */
  purpose: string
  /** the user a registration challenge was made for; 0 for sign-in */
  user_id: number
  expires_at: UnixSeconds
}
