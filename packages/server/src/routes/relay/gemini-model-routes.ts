import type { Context } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { geminiModelObject, geminiModelPage } from '../../providers/gemini/gemini-model.ts'
import { listModelsForToken } from '../../relay/list-models.ts'
import { localError } from '../../relay/relay-error.ts'
import { geminiRelayErrorResponse } from './relay-errors.ts'
import { tokenCaller } from './relay-handler.ts'

/** GET /v1beta/models: the models the token may use, a page at a time (pageSize, pageToken). */
export async function listGeminiModels(c: Context<HonoEnv>): Promise<Response> {
  try {
    const caller = await tokenCaller(c)
    const models = await listModelsForToken(c.get('services'), caller.token, caller.user)
    const page = geminiModelPage(models, c.req.query('pageSize'), c.req.query('pageToken'))
    if (!page)
      throw localError(400, 'invalid_request', 'request.page_token_invalid', undefined, 'invalid_request_error')
    return c.json(page)
  } catch (error) {
    return geminiRelayErrorResponse(c, error)
  }
}

/** GET /v1beta/models/{model}: one of them; a model the token cannot use is not found, as Google answers. */
export async function getGeminiModel(c: Context<HonoEnv>): Promise<Response> {
  try {
    const model = (c.req.param('target') ?? '').replace(/^models\//, '')
    const caller = await tokenCaller(c)
    const models = await listModelsForToken(c.get('services'), caller.token, caller.user)
    if (!models.includes(model))
      throw localError(404, 'model_not_found', 'model.not_found', { model }, 'invalid_request_error')
    return c.json(geminiModelObject(model))
  } catch (error) {
    return geminiRelayErrorResponse(c, error)
  }
}
