import type { Kysely } from 'kysely'
import {
  deleteDeadSessions,
  deleteSession,
  findSessionUser,
  insertSession,
  touchSession,
} from '../../db/queries/sessions.ts'
import { recordSignIn } from '../../db/queries/users.ts'
import type { Database } from '../../db/schema/index.ts'
import { randomSecret, sha256Hex } from '../../lib/crypto.ts'
import { nowSeconds } from '../../lib/time.ts'
import type { OptionStore } from '../options/option-store.ts'

export const SESSION_COOKIE = 'session'
/** The absolute lifetime of a session, however active it is. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600
/** last_seen_at is written at most this often per session, so most requests write nothing. */
export const SESSION_TOUCH_SECONDS = 60

/**
 * The newest last_seen_at at which a session counts as idle (SessionIdleTimeoutMinutes, 0 for
 * none). last_seen_at may lag the latest request by up to a touch interval, so that interval is
 * allowed on top: an active session is never refused, an idle one goes at most a minute late.
 */
export function idleCutoff(options: OptionStore, now: number): number | undefined {
  const minutes = options.number('SessionIdleTimeoutMinutes')
  return minutes > 0 ? now - minutes * 60 - SESSION_TOUCH_SECONDS : undefined
}

/**
 * Starts a session: a fresh random secret goes into the (signed) cookie, and only its hash is
 * stored, so the sessions table alone cannot be replayed. A new one on every login prevents fixation.
 */
export async function startSession(
  db: Kysely<Database>,
  userId: number,
  ip: string,
  userAgent: string
): Promise<string> {
  const secret = randomSecret()
  const now = nowSeconds()
  await insertSession(db, {
    id: sha256Hex(secret),
    user_id: userId,
    created_at: now,
    expires_at: now + SESSION_MAX_AGE_SECONDS,
    last_seen_at: now,
    ip: ip.slice(0, 64),
    user_agent: userAgent.slice(0, 255),
  })
  // The reference's users.last_login_at, which its admin user list shows.
  await recordSignIn(db, userId, now)
  return secret
}

/**
 * The session's user as stored now (role and status are never taken from the cookie). A session
 * idle past the timeout is deleted and refused; a live one has its last_seen_at moved on when the
 * stored value is a minute old or more.
 */
export async function resolveSession(db: Kysely<Database>, options: OptionStore, secret: string) {
  const id = sha256Hex(secret)
  const now = nowSeconds()
  const row = await findSessionUser(db, id, now)
  if (!row) return undefined
  const { last_seen_at: lastSeenAt, ...user } = row
  const cutoff = idleCutoff(options, now)
  if (cutoff !== undefined && lastSeenAt <= cutoff) {
    await deleteSession(db, id)
    return undefined
  }
  if (now - lastSeenAt >= SESSION_TOUCH_SECONDS) await touchSession(db, id, now)
  return { ...user, sessionId: id }
}

export const endSession = (db: Kysely<Database>, secret: string): Promise<void> => deleteSession(db, sha256Hex(secret))

/** The hourly purge: sessions past their lifetime and, with an idle timeout, idle ones. */
export function purgeDeadSessions(db: Kysely<Database>, options: OptionStore): Promise<number> {
  const now = nowSeconds()
  return deleteDeadSessions(db, now, idleCutoff(options, now))
}
