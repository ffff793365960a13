import {
  AUTO_GROUP,
  TokenStatus,
  type Token,
  type UpdateTokenInput,
  type UpdateTokenStatusInput,
} from '@gateway/shared'
import type { AuthUser } from '../../context.ts'
import { updateUserToken, type TokenChanges, type TokenRow } from '../../db/queries/tokens.ts'
import { AppError } from '../../errors/app-error.ts'
import { nowSeconds } from '../../lib/time.ts'
import type { Services } from '../container.ts'
import { assertAllowIps } from './allow-ips.ts'
import { requireOwnToken } from './list-tokens.ts'
import { toToken } from './token-dto.ts'
import { assertTokenGroup } from './token-group.ts'

/**
 * PUT /api/token/: changes the fields given. Status, key, owner and used quota are not among them
 * whatever the body says (status changes go through updateTokenStatus).
 */
export async function updateToken(
  services: Services,
  user: Pick<AuthUser, 'id' | 'group'>,
  input: UpdateTokenInput
): Promise<Token> {
  const current = await requireOwnToken(services, user.id, input.id)
  const { id, ...fields } = input
  if (fields.allow_ips !== undefined) assertAllowIps(fields.allow_ips)
  // A group that the user can no longer pick may stay on a token; only a new one is checked.
  if (fields.group !== undefined && fields.group !== current.group)
    assertTokenGroup(services.options, user.group, fields.group)
  // The schema lets through only the editable fields; undefined ones are left alone.
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as TokenChanges
  // Only a token of the auto group has groups to cross: leaving it (or staying out of it) clears the switch.
  if (
    (fields.group ?? current.group) !== AUTO_GROUP &&
    (fields.group !== undefined || fields.cross_group_retry !== undefined)
  )
    changes.cross_group_retry = false
  await updateUserToken(services.db, user.id, id, changes)
  return reloadAndAnnounce(services, user.id, current)
}

/**
 * PUT /api/token/?status_only=true. A user may only switch between enabled and disabled, and
 * enabling needs a token that has not expired and still has quota (or is unlimited).
 */
export async function updateTokenStatus(
  services: Services,
  userId: number,
  input: UpdateTokenStatusInput
): Promise<Token> {
  const current = await requireOwnToken(services, userId, input.id)
  if (input.status === TokenStatus.enabled) assertCanEnable(current, nowSeconds())
  await updateUserToken(services.db, userId, input.id, { status: input.status })
  return reloadAndAnnounce(services, userId, current)
}

function assertCanEnable(token: TokenRow, now: number): void {
  if (token.expired_time !== -1 && token.expired_time <= now)
    throw new AppError('BAD_REQUEST', 'token.expired_cannot_enable')
  if (!token.unlimited_quota && token.remain_quota <= 0)
    throw new AppError('BAD_REQUEST', 'token.exhausted_cannot_enable')
}

async function reloadAndAnnounce(services: Services, userId: number, before: TokenRow): Promise<Token> {
  const row = await requireOwnToken(services, userId, before.id)
  await services.changes.publish({ kind: 'token', hash: before.key })
  return toToken(services.secrets, row)
}
