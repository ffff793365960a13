import type { Id, SoftDelete, UnixSeconds, WithDefault } from './common.ts'

/** users: accounts. Quota columns are integer quota points (QuotaPerUnit points = $1). */
export interface UsersTable {
  id: Id
  username: string
  /** bcrypt hash; never sent to a client. */
  password: string
  display_name: WithDefault<string>
  /** 1 user, 10 admin, 100 root */
  role: WithDefault<number>
  /** 1 enabled, 2 disabled, 3 special (cannot be enabled) */
  status: WithDefault<number>
  email: WithDefault<string>
  github_id: WithDefault<string>
  oidc_id: WithDefault<string>
  wechat_id: WithDefault<string>
  telegram_id: WithDefault<string>
  linux_do_id: WithDefault<string>
  /** SHA-256 hex of the user's console access token; null when none was generated. */
  access_token: WithDefault<string | null>
  /** the same token encrypted (lib/secrets.ts), kept so a move back to the reference can restore it */
  access_token_ciphertext: WithDefault<string | null>
  quota: WithDefault<number>
  used_quota: WithDefault<number>
  request_count: WithDefault<number>
  group: WithDefault<string>
  aff_code: WithDefault<string | null>
  aff_count: WithDefault<number>
  /** invite reward that can still be transferred into quota */
  aff_quota: WithDefault<number>
  /** lifetime invite reward */
  aff_history: WithDefault<number>
  inviter_id: WithDefault<number>
  /** soft delete: non-null means the account was cancelled */
  deleted_at: SoftDelete
  /** JSON text of the user's notification settings */
  setting: WithDefault<string>
  /** the reference's admin note on the account */
  remark: WithDefault<string>
  /** when the account was made; 0 for accounts made before the column existed */
  created_at: WithDefault<UnixSeconds>
  /** the last sign-in; 0 before the first */
  last_login_at: WithDefault<UnixSeconds>
}

/** sessions: console sign-ins, so that logout and bans end them server-side. */
export interface SessionsTable {
  /** SHA-256 hex of the session secret carried in the signed cookie */
  id: string
  user_id: number
  created_at: UnixSeconds
  expires_at: UnixSeconds
  /** the last request, written at most once a minute (see services/sessions/sessions.ts) */
  last_seen_at: UnixSeconds
  ip: WithDefault<string>
  user_agent: WithDefault<string>
}
