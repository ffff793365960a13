import type { Kysely } from 'kysely'
import { deleteSession, findSessionUser, insertSession } from '../../db/queries/sessions.ts'
import type { Database } from '../../db/schema/index.ts'
import { randomSecret, sha256Hex } from '../../lib/crypto.ts'
import { nowSeconds } from '../../lib/time.ts'

export const SESSION_COOKIE = 'session'
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600

/**
 * Starts a session: a fresh random secret goes into the (signed) cookie, and only its hash is
 * stored, so the sessions table alone cannot be replayed. A new one on every login prevents fixation.
 */
export async function startSession(db: Kysely<Database>, userId: number, ip: string, userAgent: string): Promise<string> {
  const secret = randomSecret()
  const now = nowSeconds()
  await insertSession(db, {
    id: sha256Hex(secret),
    user_id: userId,
    created_at: now,
    expires_at: now + SESSION_MAX_AGE_SECONDS,
    ip: ip.slice(0, 64),
    user_agent: userAgent.slice(0, 255),
  })
  return secret
}

/** The session's user as stored now (role and status are never taken from the cookie). */
export async function resolveSession(db: Kysely<Database>, secret: string) {
  const id = sha256Hex(secret)
  const user = await findSessionUser(db, id, nowSeconds())
  return user ? { ...user, sessionId: id } : undefined
}

export const endSession = (db: Kysely<Database>, secret: string): Promise<void> => deleteSession(db, sha256Hex(secret))
