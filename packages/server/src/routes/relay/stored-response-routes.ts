import type { Context } from 'hono'
import type { HonoEnv } from '../../context.ts'
import type { OpenAIChatResponse } from '../../providers/openai-chat-api.ts'
import { convertToResponsesResponse } from '../../providers/openai-responses/convert-to-responses-response.ts'
import { RelayError } from '../../relay/relay-error.ts'
import {
  forgetStoredConversation,
  loadStoredConversation,
  type StoredConversation,
} from '../../services/responses/response-store.ts'
import { relayErrorResponse } from './relay-errors.ts'
import { tokenCaller } from './relay-handler.ts'

/**
 * GET and DELETE /v1/responses/{id} for the responses the gateway keeps itself: those it served
 * over a chat-only channel (OpenAI keeps its own, and the gateway cannot tell which channel to ask
 * about an id it never stored). Only the token that made a response sees or deletes it; to any
 * other it does not exist, as an unknown id.
 */
const notFound = (id: string) =>
  new RelayError({
    status: 404,
    type: 'invalid_request_error',
    code: 'response_not_found',
    param: 'response_id',
    messageKey: 'responses.not_found',
    params: { id },
  })

/** A stored conversation read back as the Responses object its last answer was. */
function responseObject(stored: StoredConversation) {
  const answer = stored.messages.at(-1)
  const chat: OpenAIChatResponse = {
    id: stored.id,
    object: 'chat.completion',
    created: stored.createdAt,
    model: stored.model,
    choices: [{ index: 0, message: { role: 'assistant', ...answer }, finish_reason: 'stop' }],
  } as OpenAIChatResponse
  return convertToResponsesResponse(
    chat,
    { model: stored.model, input: [], ...(stored.instructions ? { instructions: stored.instructions } : {}) },
    stored.model,
    stored.id,
    stored.createdAt,
    undefined
  )
}

export async function getStoredResponse(c: Context<HonoEnv>): Promise<Response> {
  try {
    const caller = await tokenCaller(c)
    const id = c.req.param('id') ?? ''
    const stored = await loadStoredConversation(c.get('services'), id, {
      userId: caller.user.id,
      tokenId: caller.token.id,
    })
    if (!stored) throw notFound(id)
    return c.json(responseObject(stored))
  } catch (error) {
    return relayErrorResponse(c, error)
  }
}

export async function deleteStoredResponse(c: Context<HonoEnv>): Promise<Response> {
  try {
    const caller = await tokenCaller(c)
    const id = c.req.param('id') ?? ''
    if (!(await forgetStoredConversation(c.get('services'), id, { userId: caller.user.id, tokenId: caller.token.id })))
      throw notFound(id)
    return c.json({ id, object: 'response', deleted: true })
  } catch (error) {
    return relayErrorResponse(c, error)
  }
}
