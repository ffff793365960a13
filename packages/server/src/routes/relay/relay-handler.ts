import type { Context } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { nowSeconds } from '../../lib/time.ts'
import { metricsOf } from '../../metrics/gateway-metrics.ts'
import type { Endpoint } from '../../providers/types.ts'
import { readMultipart } from '../../relay/multipart-body.ts'
import type { ClientHeaders } from '../../relay/parse-request.ts'
import { localError } from '../../relay/relay-error.ts'
import { toWebResponse } from '../../relay/relay-result.ts'
import { runRelay } from '../../relay/run-relay.ts'
import { authenticateToken, readApiKey } from '../../relay/token-auth.ts'

/** Resolves the caller's token from the request (any of the places clients put keys). */
export async function tokenCaller(c: Context<HonoEnv>) {
  const services = c.get('services')
  return authenticateToken(
    services.relay.tokens,
    readApiKey(c.req.raw.headers, new URL(c.req.url)),
    c.get('clientIp'),
    (key) => services.secrets.lookupHash(key),
    nowSeconds()
  )
}

/** A Claude client's anthropic-beta flags and the SDK's ?beta=true; undefined when it sent neither. */
export function clientHeadersOf(c: Context<HonoEnv>): ClientHeaders | undefined {
  const anthropicBeta = c.req.header('anthropic-beta')
  const betaQuery = c.req.query('beta') === 'true'
  if (!anthropicBeta && !betaQuery) return undefined
  return { ...(anthropicBeta ? { anthropicBeta } : {}), ...(betaQuery ? { betaQuery } : {}) }
}

type ErrorRenderer = (c: Context<HonoEnv>, error: unknown) => Response

/**
 * One relay route: token auth, the relay, the answer; any failure rendered in the client's own
 * protocol. `fromPath` reads a model and streaming named by the URL (Gemini's native API).
 */
export function relayHandler(
  endpoint: Endpoint,
  renderError: ErrorRenderer,
  fromPath?: (c: Context<HonoEnv>) => { model: string; stream: boolean },
  upload = false
) {
  return async (c: Context<HonoEnv>) => {
    const startedMs = performance.now()
    try {
      const caller = await tokenCaller(c)
      const services = c.get('services')
      const multipart = upload
        ? await readMultipart(Buffer.from(await c.req.arrayBuffer()), c.req.header('content-type') ?? '')
        : undefined
      if (upload && !multipart)
        throw localError(400, 'invalid_request', 'request.multipart_required', undefined, 'invalid_request_error')
      const result = await runRelay(services, {
        endpoint,
        rawBody: upload ? '' : await c.req.text(),
        multipart,
        fromPath: fromPath?.(c),
        requestId: c.get('requestId'),
        clientIp: c.get('clientIp'),
        language: c.get('language'),
        startedMs,
        clientSignal: c.req.raw.signal,
        caller,
        // Claude clients only: chat is also served by the node fast path, which reads no such headers.
        clientHeaders: endpoint === 'messages' ? clientHeadersOf(c) : undefined,
        traceparent: c.req.header('traceparent'),
        tracestate: c.req.header('tracestate'),
      })
      return toWebResponse(result)
    } catch (error) {
      metricsOf(c.get('services')).errorAnswered(endpoint, error)
      return renderError(c, error)
    }
  }
}
