import { Hono } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { userAuth } from '../../middleware/auth.ts'
import { localError } from '../../relay/relay-error.ts'
import { toWebResponse } from '../../relay/relay-result.ts'
import { runRelay } from '../../relay/run-relay.ts'
import { usableGroups } from '../../services/users/usable-groups.ts'
import { relayErrorResponse } from './relay-errors.ts'

/**
 * POST /pg/chat/completions: the console's playground. A signed-in user (session cookie only, not
 * an access token) chats in one of their usable groups; the user's quota pays, no token is touched.
 */
export const playgroundRoutes = new Hono<HonoEnv>().post(
  '/chat/completions',
  async (c, next) => {
    try {
      await userAuth(c, next)
    } catch (error) {
      return relayErrorResponse(c, error)
    }
  },
  async (c) => {
    const startedMs = performance.now()
    const services = c.get('services')
    try {
      const sessionUser = c.get('user')
      if (!sessionUser.sessionId)
        throw localError(403, 'access_token_not_supported', 'playground.access_token', undefined, 'permission_error')
      const user = await services.relay.tokens.user(sessionUser.id)
      if (!user) throw localError(403, 'user_banned', 'user.banned', undefined, 'permission_error')
      const rawBody = await c.req.text()
      let group = user.group
      try {
        const requested = (JSON.parse(rawBody) as { group?: unknown }).group
        if (typeof requested === 'string' && requested !== '') group = requested
      } catch {
        // runRelay answers the invalid JSON
      }
      if (!Object.hasOwn(usableGroups(services.options, user.group, ''), group)) {
        throw localError(403, 'group_forbidden', 'playground.group_forbidden', undefined, 'permission_error')
      }
      const result = await runRelay(services, {
        endpoint: 'chat',
        rawBody,
        requestId: c.get('requestId'),
        clientIp: c.get('clientIp'),
        language: c.get('language'),
        startedMs,
        clientSignal: c.req.raw.signal,
        caller: { user, playgroundGroup: group },
      })
      return toWebResponse(result)
    } catch (error) {
      return relayErrorResponse(c, error)
    }
  }
)
