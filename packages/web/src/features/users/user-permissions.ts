import { Role, UserStatus, type AdminUser, type ManageAction } from '@gateway/shared'

export type RowAction = ManageAction | 'edit'

/**
 * Which actions the signed-in admin is offered on a row. The server enforces the same rules (and
 * answers with its own messages); this only keeps the menu from offering what would be refused.
 */
export function allowedActions(
  me: { role: number },
  user: Pick<AdminUser, 'role' | 'status' | 'DeletedAt'>
): Set<RowAction> {
  const actions = new Set<RowAction>()
  if (user.DeletedAt !== null) return actions
  const isRoot = user.role >= Role.root
  if (me.role < Role.root && me.role <= user.role) return actions
  actions.add('edit')
  if (me.role >= Role.root && user.role < Role.admin) actions.add('promote')
  if (user.role >= Role.admin && !isRoot) actions.add('demote')
  if (user.status === UserStatus.enabled && !isRoot) actions.add('disable')
  if (user.status !== UserStatus.enabled && user.status !== UserStatus.special) actions.add('enable')
  if (!isRoot) actions.add('delete')
  return actions
}
