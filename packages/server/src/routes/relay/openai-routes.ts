import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import type { HonoEnv } from '../../context.ts'
import type { Endpoint } from '../../providers/types.ts'
import { localError } from '../../relay/relay-error.ts'
import { runRelay } from '../../relay/run-relay.ts'
import { toWebResponse } from '../../relay/relay-result.ts'
import { authenticateToken, readApiKey } from '../../relay/token-auth.ts'
import { nowSeconds } from '../../lib/time.ts'
import { listModelsForToken, modelObject } from '../../relay/list-models.ts'
import { anthropicRelayErrorResponse, relayErrorResponse } from './relay-errors.ts'

/** Resolves the caller's token from the request (any of the places clients put keys). */
async function tokenCaller(c: Context<HonoEnv>) {
  const services = c.get('services')
  return authenticateToken(services.relay.tokens, readApiKey(c.req.raw.headers, new URL(c.req.url)), c.get('clientIp'), (key) => services.secrets.lookupHash(key), nowSeconds())
}

function relayEndpoint(endpoint: Endpoint) {
  const renderError = endpoint === 'messages' ? anthropicRelayErrorResponse : relayErrorResponse
  return async (c: Context<HonoEnv>) => {
    const startedMs = performance.now()
    try {
      const caller = await tokenCaller(c)
      const services = c.get('services')
      const result = await runRelay(services, {
        endpoint,
        rawBody: await c.req.text(),
        requestId: c.get('requestId'),
        clientIp: c.get('clientIp'),
        language: c.get('language'),
        startedMs,
        clientSignal: c.req.raw.signal,
        caller,
      })
      return toWebResponse(result)
    } catch (error) {
      return renderError(c, error)
    }
  }
}

const notImplemented = (c: Context<HonoEnv>) => relayErrorResponse(c, localError(501, 'api_not_implemented', 'request.not_implemented'))

/**
 * The OpenAI-compatible surface under /v1. CORS is open (keys travel in headers, never cookies).
 * Routes another issue implements answer 501; unknown paths 404, both in OpenAI's error shape.
 */
export function openAIRoutes(maxBodyBytes: number): Hono<HonoEnv> {
  return new Hono<HonoEnv>({ strict: false })
    .use('*', cors({ origin: '*', allowHeaders: ['*'], allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'], maxAge: 86400 }))
    .use(
      '*',
      bodyLimit({
        maxSize: maxBodyBytes,
        onError: (c) => relayErrorResponse(c as Context<HonoEnv>, localError(413, 'request_too_large', 'request.too_large', undefined, 'invalid_request_error')),
      }),
    )
    .post('/chat/completions', relayEndpoint('chat'))
    .post('/completions', relayEndpoint('completions'))
    .post('/embeddings', relayEndpoint('embeddings'))
    .post('/messages', relayEndpoint('messages'))
    .get('/models', async (c) => {
      try {
        const caller = await tokenCaller(c)
        const models = await listModelsForToken(c.get('services'), caller.token, caller.user)
        return c.json({ object: 'list', success: true, data: models.map(modelObject) })
      } catch (error) {
        return relayErrorResponse(c, error)
      }
    })
    .get('/models/:model{.+}', async (c) => {
      try {
        const caller = await tokenCaller(c)
        const model = c.req.param('model')
        const models = await listModelsForToken(c.get('services'), caller.token, caller.user)
        if (!models.includes(model)) throw localError(404, 'model_not_found', 'model.not_found', { model }, 'invalid_request_error')
        return c.json(modelObject(model))
      } catch (error) {
        return relayErrorResponse(c, error)
      }
    })
    .all('/images/*', notImplemented)
    .all('/audio/*', notImplemented)
    .all('/moderations', notImplemented)
    .all('/rerank', notImplemented)
    .all('/responses', notImplemented)
    .all('/edits', notImplemented)
    .all('/files/*', notImplemented)
    .all('/files', notImplemented)
    .all('/fine-tunes/*', notImplemented)
    .all('/fine_tuning/*', notImplemented)
    .all('*', (c) => relayErrorResponse(c, localError(404, 'invalid_url', 'request.unknown_route', { method: c.req.method, path: c.req.path }, 'invalid_request_error')))
}
