import { Hono, type Context } from 'hono'
import { cors } from 'hono/cors'
import type { HonoEnv } from '../../context.ts'
import { billingSubscription, billingUsage } from '../../services/billing/openai-billing.ts'
import { relayErrorResponse } from './relay-errors.ts'
import { tokenCaller } from './relay-handler.ts'

type Answer = typeof billingSubscription | typeof billingUsage

/** One balance call: the API key authenticates as on the relay, failures answer in OpenAI's shape. */
const balance = (answer: Answer) => async (c: Context<HonoEnv>) => {
  try {
    const { token } = await tokenCaller(c)
    return c.json(await answer(c.get('services'), { tokenId: token.id, userId: token.userId }))
  } catch (error) {
    return relayErrorResponse(c, error)
  }
}

/**
 * /dashboard/billing and /v1/dashboard/billing: the OpenAI-style balance calls chat clients make
 * with an API key to show what is left, as the reference answers them (controller/billing.go).
 */
export function billingRoutes(): Hono<HonoEnv> {
  return new Hono<HonoEnv>({ strict: false })
    .use('*', cors({ origin: '*', allowHeaders: ['*'], allowMethods: ['GET', 'OPTIONS'], maxAge: 86400 }))
    .get('/subscription', balance(billingSubscription))
    .get('/usage', balance(billingUsage))
}
