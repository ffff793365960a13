import { TOKEN_KEY_PREFIX, type Token } from '@gateway/shared'
import type { TokenRow } from '../../db/queries/tokens.ts'
import type { SecretBox } from '../../lib/secrets.ts'

/**
 * A token as its owner sees it, with the full key decrypted so the console can copy it again.
 * Only ever built for the owner (every caller has checked tokens.user_id).
 */
export function toToken(secrets: SecretBox, row: TokenRow): Token {
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    key: row.key_ciphertext ? TOKEN_KEY_PREFIX + secrets.decrypt(row.key_ciphertext) : '',
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
  }
}
