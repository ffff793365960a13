import type { LoginSession, RevokeSessionResult } from '@gateway/shared'
import type { Kysely } from 'kysely'
import { deleteUserSession, deleteUserSessions, listUserSessions } from '../../db/queries/sessions.ts'
import { updateUserFields } from '../../db/queries/users.ts'
import type { Database } from '../../db/schema/index.ts'
import { AppError } from '../../errors/app-error.ts'
import { sha256Hex } from '../../lib/crypto.ts'
import { nowSeconds } from '../../lib/time.ts'
import type { Services } from '../container.ts'
import { idleCutoff } from './sessions.ts'
import { describeUserAgent } from './user-agent.ts'

/**
 * The id the sessions list gives a stored session: a short hash of its key. The stored key (the
 * hash of the cookie's secret) never leaves the server, and the reference cannot be turned back into it.
 */
export const sessionRef = (sessionId: string): string => sha256Hex(`session-ref:${sessionId}`).slice(0, 16)

const liveSessions = (services: Services, userId: number) => {
  const now = nowSeconds()
  return listUserSessions(services.db, userId, now, idleCutoff(services.options, now))
}

/** GET /api/user/sessions: the caller's live sessions, most recently seen first, the caller's own marked. */
export async function listOwnSessions(
  services: Services,
  userId: number,
  currentSessionId: string | undefined
): Promise<LoginSession[]> {
  const rows = await liveSessions(services, userId)
  return rows.map((row) => ({
    id: sessionRef(row.id),
    ...describeUserAgent(row.user_agent),
    ip: row.ip,
    created_at: row.created_at,
    last_seen_at: row.last_seen_at,
    current: row.id === currentSessionId,
    sid: sessionRef(row.id),
    last_active_at: row.last_seen_at,
    login_method: '',
    user_agent: row.user_agent,
    expires_at: row.expires_at,
  }))
}

/**
 * DELETE /api/user/sessions/:sid: ends one of the caller's own live sessions. A reference that
 * names none of them (another user's, an ended one, a made-up one) is not found and changes nothing.
 */
export async function revokeOwnSession(
  services: Services,
  userId: number,
  ref: string,
  currentSessionId: string | undefined
): Promise<RevokeSessionResult> {
  const target = (await liveSessions(services, userId)).find((row) => sessionRef(row.id) === ref)
  if (!target || !(await deleteUserSession(services.db, userId, target.id)))
    throw new AppError('NOT_FOUND', 'session.not_found')
  return { revoked_sid: ref, current: target.id === currentSessionId }
}

/**
 * Ends every way into the console but the caller's own session: the user's other sessions and
 * the console access token. Used by "sign out everywhere", a password change, a password reset
 * and an admin setting the password. Answers how many sessions ended.
 */
export function endOtherSignIns(db: Kysely<Database>, userId: number, keepSessionId?: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await updateUserFields(trx, userId, { access_token: null, access_token_ciphertext: null })
    return deleteUserSessions(trx, userId, keepSessionId)
  })
}
