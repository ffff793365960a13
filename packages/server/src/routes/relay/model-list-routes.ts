import type { Context } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { anthropicModelObject, anthropicModelPage } from '../../providers/anthropic/anthropic-models.ts'
import { listModelsForToken, modelObject } from '../../relay/list-models.ts'
import { localError } from '../../relay/relay-error.ts'
import { anthropicRelayErrorResponse, relayErrorResponse } from './relay-errors.ts'
import { tokenCaller } from './relay-handler.ts'

/**
 * A Claude client asks: the Anthropic SDK and Claude Code always send anthropic-version, and put
 * the key in x-api-key where OpenAI clients use Authorization. /v1/models is shared by both, so
 * the shape of the answer follows the client.
 */
export function isAnthropicClient(c: Context<HonoEnv>): boolean {
  return (
    c.req.header('anthropic-version') !== undefined ||
    (c.req.header('x-api-key') !== undefined && c.req.header('authorization') === undefined)
  )
}

function pageQuery(c: Context<HonoEnv>) {
  const text = c.req.query('limit')
  const limit = text === undefined || text === '' ? 20 : Number(text)
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw localError(400, 'invalid_request', 'request.limit_invalid', undefined, 'invalid_request_error')
  const afterId = c.req.query('after_id') || undefined
  const beforeId = c.req.query('before_id') || undefined
  return { limit, ...(afterId ? { afterId } : {}), ...(beforeId ? { beforeId } : {}) }
}

/** GET /v1/models: the models the key may use, in OpenAI's list or, for Claude clients, Anthropic's paged list. */
export async function listModelsRoute(c: Context<HonoEnv>): Promise<Response> {
  const anthropic = isAnthropicClient(c)
  try {
    const caller = await tokenCaller(c)
    const models = await listModelsForToken(c.get('services'), caller.token, caller.user)
    if (anthropic) return c.json(anthropicModelPage(models, pageQuery(c)))
    return c.json({ object: 'list', success: true, data: models.map(modelObject) })
  } catch (error) {
    return anthropic ? anthropicRelayErrorResponse(c, error) : relayErrorResponse(c, error)
  }
}

/** GET /v1/models/{id}: one model the key may use, in the client's shape; 404 otherwise. */
export async function retrieveModelRoute(c: Context<HonoEnv>): Promise<Response> {
  const anthropic = isAnthropicClient(c)
  try {
    const caller = await tokenCaller(c)
    const model = c.req.param('model') ?? ''
    const models = await listModelsForToken(c.get('services'), caller.token, caller.user)
    if (!models.includes(model))
      throw localError(404, 'model_not_found', 'model.not_found', { model }, 'invalid_request_error')
    return c.json(anthropic ? anthropicModelObject(model) : modelObject(model))
  } catch (error) {
    return anthropic ? anthropicRelayErrorResponse(c, error) : relayErrorResponse(c, error)
  }
}
