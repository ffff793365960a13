import type { Context } from 'hono'
import type { HonoEnv } from '../context.ts'
import { safeEqual, sha256Hex } from '../lib/crypto.ts'
import { EXPOSITION_CONTENT_TYPE, renderMetrics } from '../metrics/exposition.ts'

/**
 * GET /metrics for Prometheus. The root decides who may read it (option MetricsAccess): `off`
 * answers 404 as if there were no such path, `token` wants `Authorization: Bearer <MetricsToken>`,
 * `public` serves anyone (for a scraper on a private network). Mounted before the request log and
 * outside /api, so scrapes are neither logged nor rate limited.
 */
export async function metricsHandler(c: Context<HonoEnv>): Promise<Response> {
  const services = c.get('services')
  const access = services.options.get('MetricsAccess')
  if (access === 'token') {
    const secret = services.options.get('MetricsToken')
    const given = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim() ?? ''
    // Digests of equal length, compared in constant time: neither the secret nor its length leaks. An unset secret admits no one.
    if (secret === '' || !safeEqual(sha256Hex(given), sha256Hex(secret))) {
      return c.text('Unauthorized', 401, { 'www-authenticate': 'Bearer realm="metrics"' })
    }
  } else if (access !== 'public') {
    return c.text('Not Found', 404)
  }
  // One of several workers: the scrape counts them all, not whichever the connection reached.
  const text = services.cluster ? await services.cluster.clusterMetrics() : await renderMetrics(services)
  return c.body(text, 200, {
    'content-type': EXPOSITION_CONTENT_TYPE,
    'cache-control': 'no-store',
  })
}
