import { formatQuota, LogType, MAX_QUOTA, type CreateUserInput, type UpdateUserInput } from '@gateway/shared'
import { isUniqueViolation } from '../../db/errors.ts'
import { insertLog } from '../../db/queries/logs.ts'
import {
  findUserByIdAnyState,
  hardDeleteUser,
  insertUser,
  isUsernameTaken,
  updateUserByAdmin,
  type UserRow,
} from '../../db/queries/users.ts'
import { AppError } from '../../errors/app-error.ts'
import { logTextColumns } from '../../i18n/log-text.ts'
import { nowSeconds } from '../../lib/time.ts'
import { balanceLimitError } from '../balance-limit.ts'
import type { Services } from '../container.ts'
import { endOtherSignIns } from '../sessions/manage-sessions.ts'
import { newAffCode } from './aff-code.ts'
import { hashPassword } from './password.ts'
import { assertLive, assertOutranks, type Actor } from './user-guards.ts'

const quotaDisplay = (services: Services) => ({
  quotaPerUnit: services.options.number('QuotaPerUnit'),
  displayInCurrency: services.options.bool('DisplayInCurrencyEnabled'),
})

const usernameTaken = (cause: unknown) => new AppError('CONFLICT', 'user.username_taken', {}, { cause })

/**
 * POST /api/user/: an account made by an admin. Like a registration it starts with QuotaForNewUser;
 * its role must stay below the caller's (so only the root can create an admin).
 */
export async function createUserByAdmin(services: Services, actor: Actor, input: CreateUserInput): Promise<number> {
  if (input.role >= actor.role) throw new AppError('DENIED', 'users.cannot_create_higher')
  if (await isUsernameTaken(services.db, input.username)) throw new AppError('CONFLICT', 'user.username_taken')
  const quota = services.options.number('QuotaForNewUser')
  if (quota > MAX_QUOTA) throw balanceLimitError(services.options)
  let id: number
  try {
    id = await insertUser(services.db, services.dialect, {
      username: input.username,
      password: await hashPassword(input.password),
      display_name: input.display_name || input.username,
      role: input.role,
      quota,
      aff_code: newAffCode(),
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken(error)
    throw error
  }
  if (quota > 0) {
    await insertLog(services.logDb, {
      user_id: id,
      username: input.username,
      created_at: nowSeconds(),
      type: LogType.system,
      ...logTextColumns(services.env.DEFAULT_LANGUAGE, 'log.register_gift', {
        quota: formatQuota(quota, quotaDisplay(services)),
      }),
    })
  }
  return id
}

async function requireTarget(services: Services, actor: Actor, id: number): Promise<UserRow> {
  const target = await findUserByIdAnyState(services.db, id)
  if (!target) throw new AppError('NOT_FOUND', 'user.not_found')
  assertOutranks(actor, target, 'users.cannot_update_higher')
  assertLive(target)
  return target
}

/**
 * PUT /api/user/: username, display name, group, quota and optionally the password of a user below
 * the caller. A quota change is written only if the stored quota is still the one the change was
 * computed from (else the admin hears that it moved), and it leaves a manage log in
 * DEFAULT_LANGUAGE. A new password ends the user's sessions and console access token; a group
 * change reaches the relay at once.
 */
export async function updateUserAsAdmin(services: Services, actor: Actor, input: UpdateUserInput): Promise<void> {
  const target = await requireTarget(services, actor, input.id)
  const fields: Parameters<typeof updateUserByAdmin>[3] = {}
  if (input.username !== target.username) {
    if (await isUsernameTaken(services.db, input.username)) throw new AppError('CONFLICT', 'user.username_taken')
    fields.username = input.username
  }
  if (input.display_name !== undefined) {
    const displayName = input.display_name || input.username
    // Only real changes: MySQL counts a row whose values stay the same as not updated.
    if (displayName !== target.display_name) fields.display_name = displayName
  }
  if (input.group !== undefined && input.group !== target.group) fields.group = input.group
  const changesPassword = input.password !== undefined && input.password !== ''
  if (changesPassword) fields.password = await hashPassword(input.password as string)
  const before = Number(target.quota)
  const quota = input.quota !== undefined && input.quota !== before ? { from: before, to: input.quota } : undefined
  if (Object.keys(fields).length === 0 && !quota) return

  let updated: boolean
  try {
    updated = await updateUserByAdmin(services.db, input.id, target.role, fields, quota)
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken(error)
    throw error
  }
  if (!updated) {
    const now = await requireTarget(services, actor, input.id)
    if (quota && Number(now.quota) !== quota.from) throw new AppError('CONFLICT', 'users.quota_changed')
    throw new AppError('CONFLICT', 'users.cannot_update_higher')
  }
  if (changesPassword) await endOtherSignIns(services.db, input.id)
  await services.changes.publish({ kind: 'user', id: input.id })
  if (quota) {
    const display = quotaDisplay(services)
    await insertLog(services.logDb, {
      user_id: input.id,
      username: fields.username ?? target.username,
      created_at: nowSeconds(),
      type: LogType.manage,
      ...logTextColumns(services.env.DEFAULT_LANGUAGE, 'users.log_quota_changed', {
        from: formatQuota(quota.from, display),
        to: formatQuota(quota.to, display),
      }),
    })
  }
}

/**
 * DELETE /api/user/:id: removes the row for good (the reference's hard delete), together with the
 * user's tokens and sessions. Only a user strictly below the caller; the root never.
 */
export async function hardDeleteUserAsAdmin(services: Services, actor: Actor, id: number): Promise<void> {
  const target = await findUserByIdAnyState(services.db, id)
  if (!target) throw new AppError('NOT_FOUND', 'user.not_found')
  if (actor.role <= target.role) throw new AppError('DENIED', 'users.cannot_delete_higher')
  const { deleted, tokenHashes } = await services.db
    .transaction()
    .execute((trx) => hardDeleteUser(trx, id, target.role))
  if (!deleted) throw new AppError('CONFLICT', 'users.cannot_delete_higher')
  for (const hash of tokenHashes) await services.changes.publish({ kind: 'token', hash })
  await services.changes.publish({ kind: 'user', id })
}
