import type { Token } from '@gateway/shared'
import type { TokenRow } from '../../db/queries/tokens.ts'
import type { SecretBox } from '../../lib/secrets.ts'
import { fullTokenKey, maskTokenKey, stripKeyPrefix } from './token-key.ts'

/**
 * A token as its owner sees it, with the key masked: a leaked list, log or cached page holds no
 * usable key. The full key is asked for on purpose (reveal-token-keys.ts); `fullKey` is for the
 * one answer that may carry it, the creation's.
 */
export function toToken(secrets: SecretBox, row: TokenRow, options: { fullKey?: boolean } = {}): Token {
  const key = fullTokenKey(secrets, row)
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    key: options.fullKey ? key : maskTokenKey(stripKeyPrefix(key)),
    status: row.status,
    created_time: row.created_time,
    accessed_time: row.accessed_time,
    expired_time: row.expired_time,
    remain_quota: row.remain_quota,
    used_quota: row.used_quota,
    unlimited_quota: Boolean(row.unlimited_quota),
    model_limits_enabled: Boolean(row.model_limits_enabled),
    model_limits: row.model_limits,
    allow_ips: row.allow_ips,
    group: row.group,
    cross_group_retry: Boolean(row.cross_group_retry),
    // The 'auto' group picks from the AutoGroups option for every token: no token has its own list.
    auto_groups: null,
  }
}
