import { Role, UserStatus, type ManageAction, type ManageUserResult } from '@gateway/shared'
import { deleteUserSessions } from '../../db/queries/sessions.ts'
import { cancelUser, findUserByIdAnyState, setUserRoleStatus, type UserRow } from '../../db/queries/users.ts'
import { AppError } from '../../errors/app-error.ts'
import type { Services } from '../container.ts'
import { assertLive, assertOutranks, type Actor } from './user-guards.ts'

/** The role/status change an action asks for, after its own rules (the reference's ManageUser). */
function planChange(
  actor: Actor,
  target: UserRow,
  action: Exclude<ManageAction, 'delete'>
): { role?: number; status?: number } {
  const isRoot = target.role >= Role.root
  switch (action) {
    case 'disable':
      if (isRoot) throw new AppError('DENIED', 'users.cannot_disable_root')
      return { status: UserStatus.disabled }
    case 'enable':
      if (target.status === UserStatus.special) throw new AppError('CONFLICT', 'users.cannot_enable_special')
      return { status: UserStatus.enabled }
    case 'promote':
      if (actor.role < Role.root) throw new AppError('DENIED', 'users.admin_cannot_promote')
      if (target.role >= Role.admin) throw new AppError('CONFLICT', 'users.already_admin')
      return { role: Role.admin }
    case 'demote':
      if (isRoot) throw new AppError('DENIED', 'users.cannot_demote_root')
      if (target.role === Role.user) throw new AppError('CONFLICT', 'users.already_common')
      return { role: Role.user }
  }
}

/**
 * POST /api/user/manage. Every rule is checked against the row as stored, and the write repeats
 * the checked role and status as conditions, so two admins racing cannot slip past a rule. The
 * change reaches the account at once: sessions read role and status on every request, a disabled or
 * cancelled account's sessions are ended, and the relay's token cache drops the user's entries.
 */
export async function manageUser(
  services: Services,
  actor: Actor,
  id: number,
  action: ManageAction
): Promise<ManageUserResult> {
  const target = await findUserByIdAnyState(services.db, id)
  if (!target) throw new AppError('NOT_FOUND', 'user.not_found')
  assertOutranks(actor, target, 'users.cannot_update_higher')
  assertLive(target)
  if (action === 'delete') {
    if (target.role >= Role.root) throw new AppError('DENIED', 'users.cannot_delete_root')
    if (!(await cancelUser(services.db, id, target.role))) return manageUser(services, actor, id, action)
    await deleteUserSessions(services.db, id)
    await services.changes.publish({ kind: 'user', id })
    return { role: target.role, status: target.status }
  }
  const change = planChange(actor, target, action)
  const unchanged = (change.role ?? target.role) === target.role && (change.status ?? target.status) === target.status
  const applied =
    unchanged || (await setUserRoleStatus(services.db, id, { role: target.role, status: target.status }, change))
  // Someone changed the row between our read and our write: decide again on what is there now.
  if (!applied) return manageUser(services, actor, id, action)
  if (change.status === UserStatus.disabled) await deleteUserSessions(services.db, id)
  await services.changes.publish({ kind: 'user', id })
  return { role: change.role ?? target.role, status: change.status ?? target.status }
}
