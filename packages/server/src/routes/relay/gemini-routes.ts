import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import type { HonoEnv } from '../../context.ts'
import type { Endpoint } from '../../providers/types.ts'
import { countGeminiTokens } from '../../relay/gemini-count-tokens.ts'
import { localError } from '../../relay/relay-error.ts'
import { getGeminiModel, listGeminiModels } from './gemini-model-routes.ts'
import { geminiRelayErrorResponse } from './relay-errors.ts'
import { relayHandler, tokenCaller } from './relay-handler.ts'

type Action = 'generateContent' | 'streamGenerateContent' | 'embedContent' | 'batchEmbedContents' | 'countTokens'
const ACTIONS = new Set<string>([
  'generateContent',
  'streamGenerateContent',
  'embedContent',
  'batchEmbedContents',
  'countTokens',
])

/** `gemini-2.0-flash:streamGenerateContent` → the model, the method, and whether it streams. */
function modelAction(c: Context<HonoEnv>): { model: string; stream: boolean; action: Action } {
  const target = c.req.param('target') ?? ''
  const colon = target.lastIndexOf(':')
  const action = colon >= 0 ? target.slice(colon + 1) : ''
  if (!ACTIONS.has(action)) {
    throw localError(
      404,
      'invalid_url',
      'request.unknown_route',
      { method: c.req.method, path: c.req.path },
      'invalid_request_error'
    )
  }
  return {
    model: target.slice(0, colon).replace(/^models\//, ''),
    stream: action === 'streamGenerateContent',
    action: action as Action,
  }
}

const RELAYED: Partial<Record<Action, Endpoint>> = {
  generateContent: 'gemini',
  streamGenerateContent: 'gemini',
  embedContent: 'gemini-embed',
  batchEmbedContents: 'gemini-batch-embed',
}

/**
 * Gemini's native API under /v1beta, for the google-genai SDKs, the Vercel AI SDK's Google
 * provider and Gemini CLI: the key in ?key= or x-goog-api-key, errors in Google's shape. Gemini
 * channels get the bytes for their own method; OpenAI-compatible channels get the request
 * converted (chat completions, embeddings). countTokens is answered without billing.
 */
export function geminiRoutes(maxBodyBytes: number): Hono<HonoEnv> {
  const handlers = new Map(
    Object.entries(RELAYED).map(([action, endpoint]) => [
      action,
      relayHandler(endpoint, geminiRelayErrorResponse, modelAction),
    ])
  )
  return new Hono<HonoEnv>({ strict: false })
    .use('*', cors({ origin: '*', allowHeaders: ['*'], allowMethods: ['GET', 'POST', 'OPTIONS'], maxAge: 86400 }))
    .use(
      '*',
      bodyLimit({
        maxSize: maxBodyBytes,
        onError: (c) =>
          geminiRelayErrorResponse(
            c as Context<HonoEnv>,
            localError(413, 'request_too_large', 'request.too_large', undefined, 'invalid_request_error')
          ),
      })
    )
    .post('/models/:target{.+}', async (c) => {
      try {
        const { model, action } = modelAction(c)
        const relay = handlers.get(action)
        if (relay) return relay(c)
        const caller = await tokenCaller(c)
        const body = await countGeminiTokens(c.get('services'), {
          model,
          rawBody: await c.req.text(),
          caller,
          clientSignal: c.req.raw.signal,
        })
        return c.body(body, 200, { 'content-type': 'application/json' })
      } catch (error) {
        return geminiRelayErrorResponse(c, error)
      }
    })
    .get('/models', listGeminiModels)
    .get('/models/:target{.+}', getGeminiModel)
    .all('*', (c) =>
      geminiRelayErrorResponse(
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
