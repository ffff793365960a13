import { Role } from '@gateway/shared'
import { AppError } from '../../errors/app-error.ts'
import type { MessageKey } from '../../i18n/messages.ts'

/** The signed-in admin acting, with the role read from the store on this request. */
export interface Actor {
  id: number
  role: number
}

/**
 * Admins act only on users below their own role. The root is the exception, so that it can still
 * read and edit its own account (what it may do to a root is limited by each action's own rule).
 */
export function assertOutranks(actor: Actor, target: { role: number }, message: MessageKey): void {
  if (actor.role >= Role.root) return
  if (actor.role <= target.role) throw new AppError('DENIED', message)
}

export function assertLive(target: { deleted_at: unknown }): void {
  if (target.deleted_at !== null) throw new AppError('CONFLICT', 'users.cancelled')
}
