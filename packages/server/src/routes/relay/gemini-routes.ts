import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import type { HonoEnv } from '../../context.ts'
import { listModelsForToken } from '../../relay/list-models.ts'
import { localError } from '../../relay/relay-error.ts'
import { geminiRelayErrorResponse } from './relay-errors.ts'
import { relayHandler, tokenCaller } from './relay-handler.ts'

/** `gemini-2.0-flash:streamGenerateContent` → the model and whether it streams. */
function modelAction(c: Context<HonoEnv>): { model: string; stream: boolean } {
  const target = c.req.param('target') ?? ''
  const colon = target.lastIndexOf(':')
  const action = colon >= 0 ? target.slice(colon + 1) : ''
  if (action !== 'generateContent' && action !== 'streamGenerateContent') {
    throw localError(404, 'invalid_url', 'request.unknown_route', { method: c.req.method, path: c.req.path }, 'invalid_request_error')
  }
  return { model: target.slice(0, colon).replace(/^models\//, ''), stream: action === 'streamGenerateContent' }
}

/**
 * Gemini's native API under /v1beta (and /v1), for the google-genai SDKs and Gemini CLI: the key
 * in ?key= or x-goog-api-key, errors in Google's shape. Gemini channels get the bytes as they
 * are; OpenAI-compatible channels get the request converted.
 */
export function geminiRoutes(maxBodyBytes: number): Hono<HonoEnv> {
  const generate = relayHandler('gemini', geminiRelayErrorResponse, modelAction)
  return new Hono<HonoEnv>({ strict: false })
    .use('*', cors({ origin: '*', allowHeaders: ['*'], allowMethods: ['GET', 'POST', 'OPTIONS'], maxAge: 86400 }))
    .use(
      '*',
      bodyLimit({
        maxSize: maxBodyBytes,
        onError: (c) => geminiRelayErrorResponse(c as Context<HonoEnv>, localError(413, 'request_too_large', 'request.too_large', undefined, 'invalid_request_error')),
      }),
    )
    .post('/models/:target{.+}', async (c) => {
      try {
        modelAction(c)
      } catch (error) {
        return geminiRelayErrorResponse(c, error)
      }
      return generate(c)
    })
    .get('/models', async (c) => {
      try {
        const caller = await tokenCaller(c)
        const models = await listModelsForToken(c.get('services'), caller.token, caller.user)
        return c.json({ models: models.map((name) => ({ name: `models/${name}`, displayName: name, supportedGenerationMethods: ['generateContent', 'streamGenerateContent'] })) })
      } catch (error) {
        return geminiRelayErrorResponse(c, error)
      }
    })
    .all('*', (c) => geminiRelayErrorResponse(c, localError(404, 'invalid_url', 'request.unknown_route', { method: c.req.method, path: c.req.path }, 'invalid_request_error')))
}
