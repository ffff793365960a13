import { unknownPath } from '@gateway/shared'
import { Hono, type Context } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import type { HonoEnv } from './context.ts'
import { toEnvelope } from './errors/to-envelope.ts'
import { translate } from './i18n/messages.ts'
import { serverAddressImageSource } from './lib/server-address.ts'
import { closeUnreadBody } from './middleware/close-unread-body.ts'
import { requestContext } from './middleware/request-context.ts'
import { apiRoutes } from './routes/api/index.ts'
import { healthRoutes } from './routes/health-routes.ts'
import { metricsHandler } from './routes/metrics-route.ts'
import { billingRoutes } from './routes/relay/billing-routes.ts'
import { geminiRoutes } from './routes/relay/gemini-routes.ts'
import { midjourneyRoutes, MJ_MODES } from './routes/relay/midjourney-routes.ts'
import { openAIRoutes } from './routes/relay/openai-routes.ts'
import { playgroundRoutes } from './routes/relay/playground-routes.ts'
import { sunoRoutes } from './routes/relay/suno-routes.ts'
import { defaultStaticDir, mountConsole } from './routes/static-console.ts'
import type { Services } from './services/container.ts'
import { paymentFormOrigin } from './services/payments/payment-form-origin.ts'

/**
 * Builds the whole HTTP surface from its parts. Tests call `app.request()` on it with no port.
 */
export function createApp(services: Services): Hono<HonoEnv> {
  // strict: false so that /api/option/ and /api/option are one route, as clients of the reference expect.
  const app = new Hono<HonoEnv>({ strict: false })
  app.use('*', requestContext(services))
  app.use('*', closeUnreadBody)
  // Probes first: asked every second by load balancers, they stay out of the request log and the rate limits.
  app.route('/', healthRoutes)
  // The relay comes before the console's logging and security headers: its path is the hot one,
  // and its answers are API payloads (each request gets a usage log row instead).
  // The key-authenticated balance calls, before /v1 (whose unknown paths answer 404) and the console's fallback.
  const billing = billingRoutes()
  app.route('/dashboard/billing', billing)
  app.route('/v1/dashboard/billing', billing)
  app.route('/v1', openAIRoutes(services.env.RELAY_MAX_BODY_MB * 1024 * 1024))
  app.route('/pg', playgroundRoutes)
  app.route('/v1beta', geminiRoutes(services.env.RELAY_MAX_BODY_MB * 1024 * 1024))
  // Midjourney-proxy clients: /mj/* and the same under a speed prefix (/mj-fast/mj/*...), before the console's fallback.
  const mj = midjourneyRoutes(services.env.RELAY_MAX_BODY_MB * 1024 * 1024)
  app.route('/mj', mj)
  for (const mode of MJ_MODES) app.route(`/${mode}/mj`, mj)
  app.route('/suno', sunoRoutes())
  // Prometheus scrapes: before the request log (not logged) and outside /api (not rate limited).
  app.get('/metrics', metricsHandler)
  app.use('*', async (c, next) => {
    const started = performance.now()
    await next()
    // The path only: query strings may carry keys (?key=, ?turnstile=).
    services.logger.info(
      {
        id: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
        ip: c.get('clientIp'),
      },
      'request'
    )
  })
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // Turnstile and the Telegram login widget are the only third-party scripts, and only when enabled.
        scriptSrc: ["'self'", 'https://challenges.cloudflare.com', 'https://telegram.org'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Drawing previews come from the gateway itself ('self'), or from the effective server address
        // when the root set one other than this origin, which may be plain http.
        imgSrc: ["'self'", 'data:', 'https:', (c) => serverAddressImageSource(c as Context<HonoEnv>)],
        connectSrc: ["'self'"],
        frameSrc: ['https:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'self'"],
        // The wallet posts the signed EPay form to the payment gateway (PayAddress), read per response.
        formAction: ["'self'", () => paymentFormOrigin(services.options)],
      },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: 'SAMEORIGIN',
    })
  )

  app.route('/api', apiRoutes())
  app.all('/api/*', (c) =>
    c.json(unknownPath(c.req.method, c.req.path, translate('common.not_found', c.get('language'))), 404)
  )
  mountConsole(app, services.env.STATIC_DIR ?? defaultStaticDir)

  app.onError((error, c) => {
    const answer = toEnvelope(error, c.get('language') ?? services.env.DEFAULT_LANGUAGE)
    if (answer.unexpected)
      services.logger.error(
        { id: c.get('requestId'), err: error instanceof Error ? error.stack : String(error) },
        'unhandled error'
      )
    return c.json(answer.body, answer.status)
  })
  return app
}
