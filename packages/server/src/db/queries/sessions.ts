import type { Kysely } from 'kysely'
import type { Database } from '../schema/index.ts'

export async function insertSession(
  db: Kysely<Database>,
  session: { id: string; user_id: number; created_at: number; expires_at: number; ip: string; user_agent: string },
): Promise<void> {
  await db.insertInto('sessions').values(session).execute()
}

/** One round trip: the live session and the current state of its user. */
export const findSessionUser = (db: Kysely<Database>, sessionId: string, now: number) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.username', 'users.display_name', 'users.role', 'users.status', 'users.group', 'users.deleted_at'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst()

export async function deleteSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute()
}

/** Ends every session of a user except, optionally, the one making the request. */
export async function deleteUserSessions(db: Kysely<Database>, userId: number, exceptId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId)
  if (exceptId) query = query.where('id', '!=', exceptId)
  await query.execute()
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}
