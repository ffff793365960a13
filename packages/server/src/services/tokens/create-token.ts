import { AUTO_GROUP, TokenStatus, type CreateTokenInput, type Token } from '@gateway/shared'
import type { AuthUser } from '../../context.ts'
import { findUserToken, insertToken } from '../../db/queries/tokens.ts'
import { nowSeconds } from '../../lib/time.ts'
import type { Services } from '../container.ts'
import { assertAllowIps } from './allow-ips.ts'
import { toToken } from './token-dto.ts'
import { assertTokenGroup } from './token-group.ts'
import { newTokenKey } from './token-key.ts'

/**
 * POST /api/token/. The key is generated here and stored twice: as the keyed lookup hash (how the
 * relay finds it) and encrypted (so the owner can reveal and copy it again). It is never logged.
 */
export async function createToken(
  services: Services,
  user: Pick<AuthUser, 'id' | 'group'>,
  input: CreateTokenInput
): Promise<Token> {
  assertAllowIps(input.allow_ips)
  assertTokenGroup(services.options, user.group, input.group)
  const key = newTokenKey()
  const now = nowSeconds()
  const id = await insertToken(services.db, services.dialect, {
    user_id: user.id,
    key: services.secrets.lookupHash(key),
    key_ciphertext: services.secrets.encrypt(key),
    status: TokenStatus.enabled,
    name: input.name,
    created_time: now,
    accessed_time: now,
    // Stored as given, as the reference does: a past time makes a token the relay treats as expired.
    expired_time: input.expired_time,
    remain_quota: input.remain_quota,
    unlimited_quota: input.unlimited_quota,
    model_limits_enabled: input.model_limits_enabled,
    model_limits: input.model_limits,
    allow_ips: input.allow_ips,
    group: input.group,
    // Only a token of the auto group has groups to cross.
    cross_group_retry: input.group === AUTO_GROUP && input.cross_group_retry,
  })
  const row = await findUserToken(services.db, user.id, id)
  if (!row) throw new Error(`token ${id} vanished after insert`)
  await services.changes.publish({ kind: 'token', hash: row.key })
  // The creator sees the new key once here; afterwards only the reveal routes give it out.
  return toToken(services.secrets, row, { fullKey: true })
}
