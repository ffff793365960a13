import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../schema/index.ts'

type Db = Kysely<Database> | Transaction<Database>

export async function insertSession(
  db: Db,
  session: {
    id: string
    user_id: number
    created_at: number
    expires_at: number
    last_seen_at: number
    ip: string
    user_agent: string
  }
): Promise<void> {
  await db.insertInto('sessions').values(session).execute()
}

/** One round trip: the unexpired session, when it was last seen, and the current state of its user. */
export const findSessionUser = (db: Db, sessionId: string, now: number) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    // Whether the user has 2FA on rides along, for TwoFactorRequiredForAdmins (middleware/auth.ts).
    .leftJoin('two_fas', (join) =>
      join
        .onRef('two_fas.user_id', '=', 'users.id')
        .on('two_fas.is_enabled', '=', true)
        .on('two_fas.deleted_at', 'is', null)
    )
    .select([
      'users.id',
      'users.username',
      'users.display_name',
      'users.role',
      'users.status',
      'users.group',
      'users.deleted_at',
      'sessions.last_seen_at',
    ])
    .select('two_fas.id as two_fa_id')
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst()

export async function touchSession(db: Db, sessionId: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute()
}

/**
 * A user's live sessions, most recently seen first: unexpired, and seen after `seenAfter` when
 * there is an idle timeout.
 */
export function listUserSessions(db: Db, userId: number, now: number, seenAfter: number | undefined) {
  let query = db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
  if (seenAfter !== undefined) query = query.where('last_seen_at', '>', seenAfter)
  return query.orderBy('last_seen_at', 'desc').orderBy('created_at', 'desc').execute()
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute()
}

/** Ends one session, only if it belongs to the user; true when there was one to end. */
export async function deleteUserSession(db: Db, userId: number, sessionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** Ends every session of a user except, optionally, the one making the request; answers how many ended. */
export async function deleteUserSessions(db: Db, userId: number, exceptId?: string): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId)
  if (exceptId) query = query.where('id', '!=', exceptId)
  const result = await query.executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Removes expired sessions and, with an idle timeout, those not seen after `seenAfter`. */
export async function deleteDeadSessions(db: Db, now: number, seenAfter: number | undefined): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      seenAfter === undefined
        ? eb('expires_at', '<=', now)
        : eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', seenAfter)])
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
