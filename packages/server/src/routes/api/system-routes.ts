import type { IncomingMessage, Server } from 'node:http'
import { ok, setupInput, type SetupResult } from '@gateway/shared'
import { Hono, type Context } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { translate } from '../../i18n/messages.ts'
import { serverAddress } from '../../lib/server-address.ts'
import { adminAuth, publicRoute } from '../../middleware/auth.ts'
import { readJson } from '../../middleware/json-body.ts'
import { signIn } from '../../services/auth/session-cookie.ts'
import { runSetup } from '../../services/setup/run-setup.ts'
import { hasRootUser } from '../../services/setup/setup-state.ts'
import { buildStatus } from '../../services/status/build-status.ts'
import { checkDatabase } from '../../services/status/database-check.ts'
import { signedIn } from '../../services/two-factor/two-factor-login.ts'
import { requireUser } from '../../services/users/self-service.ts'
import { toSessionUser } from '../../services/users/session-user.ts'
import { gateOf } from '../../shutdown-gate.ts'

/**
 * Requests this server is answering right now (the reference's `active_connections`): read from
 * the shutdown gate of the server the request came in on; 0 when called without one (in tests).
 */
function activeConnections(c: Context<HonoEnv>): number {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  const server = (incoming?.socket as { server?: Server } | undefined)?.server
  return server ? (gateOf(server)?.inFlight ?? 0) : 0
}

/** /api/status, /api/setup and the public branding texts. */
export const systemRoutes = new Hono<HonoEnv>()
  .get('/status', publicRoute, (c) => c.json(ok(buildStatus(c.get('services'), serverAddress(c)))))
  .get('/status/test', adminAuth, async (c) => {
    try {
      await checkDatabase(c.get('services'))
    } catch (error) {
      throw new AppError('INTERNAL_ERROR', 'common.internal', {}, { cause: error })
    }
    // The reference's answer: the statistics next to success and message, no data.
    return c.json({ ...ok(null), http_stats: { active_connections: activeConnections(c) } })
  })
  .get('/notice', publicRoute, (c) => c.json(ok(c.get('services').options.get('Notice'))))
  .get('/about', publicRoute, (c) => c.json(ok(c.get('services').options.get('About'))))
  .get('/home_page_content', publicRoute, (c) => c.json(ok(c.get('services').options.get('HomePageContent'))))
  .get('/setup', publicRoute, async (c) => {
    const services = c.get('services')
    const done = services.setup.done
    return c.json(
      ok({
        status: done,
        // Only told before setup: afterwards it is nobody's business.
        root_init: done ? true : await hasRootUser(services),
        database_type: services.dialect,
      })
    )
  })
  .post('/setup', publicRoute, async (c) => {
    const services = c.get('services')
    if (services.setup.done) throw new AppError('BAD_REQUEST', 'setup.already_done')
    const input = await readJson(c, setupInput)
    const rootId = await runSetup(services, input)
    // The operator has just chosen the root's password: asking for it again on /login would only
    // be a detour. A root that existed before proved nothing here, so it signs in as usual.
    let result: SetupResult = null
    if (rootId !== undefined) {
      await signIn(c, rootId)
      result = await signedIn(services, toSessionUser(await requireUser(services, rootId)))
    }
    return c.json(ok(result, translate('setup.success', c.get('language'))))
  })
