import type { Bool, Id, SoftDelete, UnixSeconds, WithDefault } from './common.ts'

/** tokens: users' API keys for the relay. */
export interface TokensTable {
  id: Id
  user_id: number
  /** keyed hash of the key (the lookup); the key itself is kept encrypted in key_ciphertext */
  key: string
  key_ciphertext: WithDefault<string>
  /** 1 enabled, 2 disabled, 3 expired, 4 exhausted */
  status: WithDefault<number>
  name: WithDefault<string>
  created_time: WithDefault<UnixSeconds>
  accessed_time: WithDefault<UnixSeconds>
  /** -1 never expires */
  expired_time: WithDefault<UnixSeconds>
  remain_quota: WithDefault<number>
  unlimited_quota: Bool
  model_limits_enabled: Bool
  /** comma-separated model names */
  model_limits: WithDefault<string>
  /** newline-separated IPs or CIDRs */
  allow_ips: WithDefault<string>
  used_quota: WithDefault<number>
  group: WithDefault<string>
  /** group `auto` only: when every channel of one auto group failed, go on to the next one */
  cross_group_retry: WithDefault<boolean | number | null>
  deleted_at: SoftDelete
}
