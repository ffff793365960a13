import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  expectContract,
  upstream,
  useContractConsole,
  type ContractCase,
} from '../../../test/contract/contract-console.ts'
import * as ref from '../../../test/contract/reference-shapes.ts'

/**
 * The console API contract, continued: the routes, columns and error answers brought in line with
 * the reference for operators moving over, on a console of its own seeded as in contract.test.ts,
 * and the differences we keep on purpose.
 */

useContractConsole()

/** Our stable error code next to the reference's success false and message. */
const failedWith = (code: string) => (json: any) => expect(json.code).toBe(code)

/** Routes, columns and error answers brought in line with the reference for operators moving over. */
const moveOverCases: ContractCase[] = [
  // the take-over migrations add the reference's columns
  { route: 'GET /api/user/', as: 'admin', shape: ref.success(ref.pageOf(ref.userShape)) },
  { route: 'GET /api/user/:id', as: 'admin', path: (d) => `/api/user/${d.bob.id}`, shape: ref.success(ref.userShape) },
  { route: 'GET /api/token/', as: 'user', shape: ref.success(ref.pageOf(ref.tokenShape)) },
  {
    route: 'GET /api/token/:id',
    as: 'user',
    path: (d) => `/api/token/${d.tokenIds[0]}`,
    shape: ref.success(ref.tokenShape),
  },
  {
    route: 'GET /api/channel/:id',
    as: 'admin',
    path: (d) => `/api/channel/${d.channelIds[0]}`,
    shape: ref.success(ref.channelShape),
  },
  { route: 'GET /api/data/', as: 'admin', shape: ref.success(z.array(ref.quotaDataShape)) },
  { route: 'GET /api/data/self', as: 'user', shape: ref.success(z.array(ref.quotaDataShape)) },
  // redemption expiry (h1)
  { route: 'GET /api/redemption/', as: 'admin', shape: ref.success(ref.pageOf(ref.redemptionExpiryShape)) },
  {
    route: 'GET /api/redemption/:id',
    as: 'admin',
    path: (d) => `/api/redemption/${d.redemptionIds[0]}`,
    shape: ref.success(ref.redemptionExpiryShape),
  },
  { route: 'DELETE /api/redemption/invalid', as: 'admin', shape: ref.success(z.number().int()) },
  // lists and status
  { route: 'GET /api/channel/', as: 'admin', shape: ref.channelListShape },
  {
    route: 'GET /api/channel/search',
    as: 'admin',
    path: () => '/api/channel/search?keyword=',
    shape: ref.channelSearchShape,
  },
  { route: 'GET /api/status', as: 'anonymous', shape: ref.success(ref.statusShape) },
  { route: 'GET /api/user/topup/info', as: 'user', shape: ref.topUpInfoShape },
  { route: 'GET /api/mj/', as: 'admin', shape: ref.success(ref.pageOf(ref.midjourneyShape)), paged: true },
  { route: 'GET /api/mj/self', as: 'user', shape: ref.success(ref.pageOf(ref.midjourneyShape)) },
  { route: 'GET /api/task/', as: 'admin', shape: ref.success(ref.pageOf(ref.taskShape)), paged: true },
  { route: 'GET /api/task/self', as: 'user', shape: ref.success(ref.pageOf(ref.taskShape)) },
  // the channel editor's create body (h5)
  {
    route: 'POST /api/channel/',
    as: 'root',
    body: () => ({
      mode: 'single',
      channel: {
        name: 'added',
        type: 1,
        key: 'sk-added',
        base_url: upstream.url,
        private_network: 1,
        models: 'gpt-4o-mini',
        group: 'default',
      },
    }),
    shape: ref.successNoData,
  },
  // OpenAI-style balance calls, on both prefixes, with an API key
  {
    route: 'GET /dashboard/billing/subscription',
    as: 'anonymous',
    headers: (d) => ({ authorization: `Bearer ${d.aliceKey}` }),
    shape: ref.billingSubscriptionShape,
  },
  {
    route: 'GET /v1/dashboard/billing/usage',
    as: 'anonymous',
    headers: (d) => ({ authorization: `Bearer ${d.aliceKey}` }),
    shape: ref.billingUsageShape,
  },
  // business errors answer HTTP 200 with success false (h2's status convention)
  {
    route: 'GET /api/token/:id',
    as: 'user',
    path: () => '/api/token/999999',
    shape: ref.failure,
    check: failedWith('NOT_FOUND'),
  },
  {
    route: 'GET /api/channel/:id',
    as: 'admin',
    path: () => '/api/channel/999999',
    shape: ref.failure,
    check: failedWith('NOT_FOUND'),
  },
  {
    route: 'DELETE /api/user/:id/2fa',
    as: 'admin',
    path: (d) => `/api/user/${d.bob.id}/2fa`,
    shape: ref.failure,
    check: failedWith('CONFLICT'),
  },
  {
    route: 'DELETE /api/user/:id/reset_passkey',
    as: 'admin',
    path: (d) => `/api/user/${d.bob.id}/reset_passkey`,
    shape: ref.failure,
    check: failedWith('NOT_FOUND'),
  },
  {
    route: 'POST /api/setup',
    as: 'anonymous',
    body: () => ({ username: 'again', password: 'password123', confirmPassword: 'password123' }),
    shape: ref.failure,
    check: failedWith('BAD_REQUEST'),
  },
  {
    route: 'POST /api/user/topup',
    as: 'user',
    body: () => ({ key: 'no-such-code' }),
    shape: ref.failure,
    check: failedWith('BAD_REQUEST'),
  },
]

describe('console API contract: what moving over from the reference needs', () => {
  for (const c of moveOverCases)
    it(`${c.route} as ${c.as}${c.shape === ref.failure ? ', refused' : ''}`, () => expectContract(c), 30_000)
})

/**
 * Where we answer differently on purpose. Sign-ins start a cookie session: there is no bearer access
 * token to hand out, so the reference's access_token, token_type, access_expires_at and session are
 * not in the answer (its user is, under `user`). Kept as a failing case so that the difference is
 * written down where the contract is.
 */
describe('console API contract: differences we keep', () => {
  it.fails('POST /api/user/login as anonymous: no bearer access token (cookie sessions)', () =>
    expectContract({
      route: 'POST /api/user/login',
      as: 'anonymous',
      body: (d) => ({ username: d.alice.username, password: d.alice.password }),
      shape: ref.success(ref.loginShape),
    })
  )
})
