import { Hono } from 'hono'
import type { HonoEnv } from '../context.ts'
import { publicRoute } from '../middleware/auth.ts'
import { readinessOf } from '../services/health/readiness.ts'

/**
 * For orchestrators and load balancers: /healthz says the process answers (restart it if not),
 * /readyz whether it should get traffic (503 while a dependency is down or during shutdown).
 * Mounted before the request log and outside /api, so neither a log line per call nor the API's
 * rate limit applies; no auth, and HEAD works as GET (Hono answers HEAD with the GET route, bodiless).
 */
export const healthRoutes = new Hono<HonoEnv>()
  .get('/healthz', publicRoute, (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ status: 'ok' })
  })
  .get('/readyz', publicRoute, async (c) => {
    const report = await readinessOf(c.get('services')).report()
    c.header('Cache-Control', 'no-store')
    return report.ready
      ? c.json({ status: 'ready', checks: report.checks })
      : c.json({ status: 'unready', checks: report.checks }, 503)
  })
