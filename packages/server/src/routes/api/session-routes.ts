import { ok, type RevokeOtherSessionsResult } from '@gateway/shared'
import { Hono } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { userAuth } from '../../middleware/auth.ts'
import { endOtherSignIns, listOwnSessions, revokeOwnSession } from '../../services/sessions/manage-sessions.ts'

/**
 * /api/user/sessions: the caller's own sign-ins (the reference's login sessions). Mounted before
 * the admin /api/user/:id routes so these static paths win.
 */
export const sessionRoutes = new Hono<HonoEnv>()
  .get('/sessions', userAuth, async (c) => {
    const user = c.get('user')
    return c.json(ok(await listOwnSessions(c.get('services'), user.id, user.sessionId)))
  })
  .delete('/sessions/:sid', userAuth, async (c) => {
    const user = c.get('user')
    return c.json(ok(await revokeOwnSession(c.get('services'), user.id, c.req.param('sid'), user.sessionId)))
  })
  // "Sign out everywhere": every other session and the console access token; this session stays.
  .post('/sessions/revoke-others', userAuth, async (c) => {
    const user = c.get('user')
    const revoked = await endOtherSignIns(c.get('services').db, user.id, user.sessionId)
    const result: RevokeOtherSessionsResult = { revoked, revoked_count: revoked }
    return c.json(ok(result))
  })
