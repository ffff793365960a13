import { softDeleteUserTokens } from '../../db/queries/tokens.ts'
import { AppError } from '../../errors/app-error.ts'
import type { Services } from '../container.ts'

/** Soft-deletes those of `ids` the user owns (others are skipped silently) and returns how many. */
export async function deleteTokens(services: Services, userId: number, ids: number[]): Promise<number> {
  const hashes = await softDeleteUserTokens(services.db, userId, [...new Set(ids)])
  for (const hash of hashes) await services.changes.publish({ kind: 'token', hash })
  return hashes.length
}

/** DELETE /api/token/:id: someone else's token answers 404, like a missing one. */
export async function deleteToken(services: Services, userId: number, id: number): Promise<void> {
  if ((await deleteTokens(services, userId, [id])) === 0) throw new AppError('NOT_FOUND', 'token.not_found')
}
