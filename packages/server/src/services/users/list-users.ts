import type { ListUsersQuery, Page } from '@gateway/shared'
import { findUserByIdAnyState, listUserPage } from '../../db/queries/users.ts'
import { AppError } from '../../errors/app-error.ts'
import type { Services } from '../container.ts'
import { toAdminUser, type AdminUser } from './admin-user-dto.ts'
import { assertOutranks, type Actor } from './user-guards.ts'

/**
 * GET /api/user/ and /api/user/search: every account, cancelled ones included (the page shows
 * them as cancelled), newest first; a keyword is an exact id when numeric or part of the username,
 * display name or email, and a group is matched exactly.
 */
export async function listUsers(services: Services, query: ListUsersQuery): Promise<Page<AdminUser>> {
  const { rows, total } = await listUserPage(
    services.db,
    services.dialect,
    { keyword: query.keyword || undefined, group: query.group || undefined },
    { offset: (query.p - 1) * query.page_size, limit: query.page_size }
  )
  return { items: rows.map(toAdminUser), total, page: query.p, page_size: query.page_size }
}

/** GET /api/user/:id: an admin reads only users below them; the root reads anyone. */
export async function getUserForAdmin(services: Services, actor: Actor, id: number): Promise<AdminUser> {
  const row = await findUserByIdAnyState(services.db, id)
  if (!row) throw new AppError('NOT_FOUND', 'user.not_found')
  assertOutranks(actor, row, 'users.cannot_read_higher')
  return toAdminUser(row)
}
