import { Role, type PasskeyItem, type PasskeyStatus } from '@gateway/shared'
import {
  deleteAllUserPasskeys,
  deleteUserPasskey,
  listUserPasskeys,
  renameUserPasskey,
  toUnixSeconds,
} from '../../db/queries/passkeys.ts'
import { findUserByIdAnyState } from '../../db/queries/users.ts'
import { AppError } from '../../errors/app-error.ts'
import type { Services } from '../container.ts'
import { assertOutranks, type Actor } from '../users/user-guards.ts'

/** GET /api/user/passkey: the caller's passkeys, newest first, never with their keys. */
export async function listPasskeys(services: Services, userId: number): Promise<PasskeyStatus> {
  const rows = await listUserPasskeys(services.db, userId)
  const passkeys: PasskeyItem[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    created_at: toUnixSeconds(row.created_at) ?? 0,
    last_used_at: toUnixSeconds(row.last_used_at),
    backup_state: Boolean(row.backup_state),
  }))
  const used = passkeys.map((p) => p.last_used_at).filter((t): t is number => t !== null)
  return { enabled: passkeys.length > 0, last_used_at: used.length > 0 ? Math.max(...used) : null, passkeys }
}

/** Renames one of the caller's passkeys; another user's id is answered as not found. */
export async function renamePasskey(services: Services, userId: number, id: number, name: string): Promise<void> {
  if (!(await renameUserPasskey(services.db, userId, id, name, new Date())))
    throw new AppError('NOT_FOUND', 'passkey.not_found')
}

/** Deletes one of the caller's passkeys; another user's id is answered as not found. */
export async function deletePasskey(services: Services, userId: number, id: number): Promise<void> {
  if (!(await deleteUserPasskey(services.db, userId, id))) throw new AppError('NOT_FOUND', 'passkey.not_found')
}

/** DELETE /api/user/passkey: every passkey of the caller, as the reference's single unbind. */
export async function deleteAllPasskeys(services: Services, userId: number): Promise<number> {
  return deleteAllUserPasskeys(services.db, userId)
}

/**
 * DELETE /api/user/:id/reset_passkey: an admin removes a user's passkeys (a lost device). Only for
 * users below the admin's role; the root's only by the root itself.
 */
export async function resetUserPasskeys(services: Services, actor: Actor, userId: number): Promise<number> {
  const target = await findUserByIdAnyState(services.db, userId)
  if (!target) throw new AppError('NOT_FOUND', 'user.not_found')
  if (target.role >= Role.root && actor.id !== target.id) throw new AppError('DENIED', 'passkey.cannot_reset_root')
  assertOutranks(actor, target, 'users.cannot_update_higher')
  const removed = await deleteAllUserPasskeys(services.db, userId)
  if (removed === 0) throw new AppError('NOT_FOUND', 'passkey.none_to_reset')
  return removed
}
