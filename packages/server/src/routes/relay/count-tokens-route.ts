import type { Context } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { countTokens } from '../../relay/count-tokens.ts'
import { anthropicRelayErrorResponse } from './relay-errors.ts'
import { clientHeadersOf, tokenCaller } from './relay-handler.ts'

/** POST /v1/messages/count_tokens, with the same key handling as /v1/messages and Anthropic's error shape. */
export async function countTokensRoute(c: Context<HonoEnv>): Promise<Response> {
  try {
    const caller = await tokenCaller(c)
    const counted = await countTokens(c.get('services'), {
      rawBody: await c.req.text(),
      caller,
      clientHeaders: clientHeadersOf(c),
      clientSignal: c.req.raw.signal,
    })
    return c.json(counted)
  } catch (error) {
    return anthropicRelayErrorResponse(c, error)
  }
}
