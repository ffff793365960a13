import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import type { HonoEnv } from '../../context.ts'
import { localError } from '../../relay/relay-error.ts'
import { countTokensRoute } from './count-tokens-route.ts'
import { listModelsRoute, retrieveModelRoute } from './model-list-routes.ts'
import { anthropicRelayErrorResponse, relayErrorResponse } from './relay-errors.ts'
import { relayHandler } from './relay-handler.ts'
import { deleteStoredResponse, getStoredResponse } from './stored-response-routes.ts'

const notImplemented = (c: Context<HonoEnv>) =>
  relayErrorResponse(c, localError(501, 'api_not_implemented', 'request.not_implemented'))

/**
 * The OpenAI-compatible surface under /v1. CORS is open (keys travel in headers, never cookies).
 * Routes another issue implements answer 501; unknown paths 404, both in OpenAI's error shape.
 */
export function openAIRoutes(maxBodyBytes: number): Hono<HonoEnv> {
  return new Hono<HonoEnv>({ strict: false })
    .use(
      '*',
      cors({
        origin: '*',
        allowHeaders: ['*'],
        allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
        maxAge: 86400,
      })
    )
    .use(
      '*',
      bodyLimit({
        maxSize: maxBodyBytes,
        onError: (c) =>
          relayErrorResponse(
            c as Context<HonoEnv>,
            localError(413, 'request_too_large', 'request.too_large', undefined, 'invalid_request_error')
          ),
      })
    )
    .post('/chat/completions', relayHandler('chat', relayErrorResponse))
    .post('/completions', relayHandler('completions', relayErrorResponse))
    .post('/embeddings', relayHandler('embeddings', relayErrorResponse))
    .post('/messages', relayHandler('messages', anthropicRelayErrorResponse))
    .post('/messages/count_tokens', countTokensRoute)
    .post('/images/generations', relayHandler('images', relayErrorResponse))
    .post('/moderations', relayHandler('moderations', relayErrorResponse))
    .post('/rerank', relayHandler('rerank', relayErrorResponse))
    .post('/audio/speech', relayHandler('speech', relayErrorResponse))
    .post('/responses', relayHandler('responses', relayErrorResponse))
    .get('/responses/:id', getStoredResponse)
    .delete('/responses/:id', deleteStoredResponse)
    .post('/audio/transcriptions', relayHandler('transcriptions', relayErrorResponse, undefined, true))
    .post('/audio/translations', relayHandler('translations', relayErrorResponse, undefined, true))
    .post('/images/edits', relayHandler('image-edits', relayErrorResponse, undefined, true))
    .get('/models', listModelsRoute)
    .get('/models/:model{.+}', retrieveModelRoute)
    .all('/images/*', notImplemented)
    .all('/audio/*', notImplemented)
    .all('/edits', notImplemented)
    .all('/files/*', notImplemented)
    .all('/files', notImplemented)
    .all('/fine-tunes/*', notImplemented)
    .all('/fine_tuning/*', notImplemented)
    .all('*', (c) =>
      relayErrorResponse(
        c,
        localError(
          404,
          'invalid_url',
          'request.unknown_route',
          { method: c.req.method, path: c.req.path },
          'invalid_request_error'
        )
      )
    )
}
