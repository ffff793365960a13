import type { SessionUser } from '@gateway/shared'

/** The identity fields every signed-in surface uses (login answer, request context, own account). */
export function toSessionUser(user: SessionUser): SessionUser {
  return {
    id: user.id,
    username: user.username,
    display_name: user.display_name,
    role: user.role,
    status: user.status,
    group: user.group,
  }
}
