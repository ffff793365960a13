import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import * as ref from '../../../test/contract/reference-shapes.ts'
import { seedConsoleData, type ConsoleData } from '../../../test/contract/seed-console-data.ts'
import { createHarness, type Harness, type TestUser } from '../../../test/harness.ts'
import { startJsonUpstream, type JsonUpstream } from '../../../test/json-upstream.ts'

/**
 * The console API answered as the reference answers it: for every route both sides have, the
 * call is made as the role that may make it, on a console with data on every page, and the answer
 * is checked against the reference's shape (reference-shapes.ts): every field it sends is there
 * with its JSON type (extra fields of ours are allowed), lists page as {items,total,page,page_size}
 * with 1-based `p`, and the HTTP status is 200.
 *
 * The cases run in order on one console: in each area the writes come after the reads and touch
 * rows kept for them. Not called here: the OAuth and passkey ceremonies (a provider or an
 * authenticator on the other side), the mail routes (verification, password reset) and the EPay
 * notification, which answer with the envelope of an empty success as the reference does and have
 * their own tests.
 */

type Role = 'anonymous' | 'user' | 'admin' | 'root'

interface ContractCase {
  /** method and path as the reference's router names them */
  route: string
  as: Role
  /** calls as this account instead of the role's usual one */
  asUser?: (d: ConsoleData) => TestUser
  /** the path to call (with ids and query); the route's own path when absent */
  path?: (d: ConsoleData) => string
  body?: (d: ConsoleData) => unknown
  headers?: (d: ConsoleData) => Record<string, string>
  shape: z.ZodType
  /** a paged list: also asks for page 2 of size 2 and checks the page it gets */
  paged?: boolean
  /** what else the answer must hold beyond its shape */
  check?: (json: any, d: ConsoleData) => void
}

let upstream: JsonUpstream
let h: Harness
let data: ConsoleData

const HOOK_TIMEOUT_MS = 60_000

beforeAll(async () => {
  upstream = await startJsonUpstream()
  upstream.routes.set('/v1/chat/completions', [
    200,
    { id: 'c1', object: 'chat.completion', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } },
  ])
  upstream.routes.set('/v1/models', [200, { object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model' }] }])
  upstream.routes.set('/v1/dashboard/billing/subscription', [200, { object: 'billing_subscription', hard_limit_usd: 100 }])
  upstream.routes.set('/v1/dashboard/billing/usage', [200, { object: 'list', total_usage: 2550 }])
  h = await createHarness()
  data = await seedConsoleData(h, upstream.url)
}, HOOK_TIMEOUT_MS)
afterAll(async () => {
  await h?.close()
  await upstream?.stop()
}, HOOK_TIMEOUT_MS)

const caller = (role: Role): TestUser | undefined =>
  role === 'anonymous' ? undefined : role === 'user' ? data.alice : role === 'admin' ? data.admin : data.root

const routePath = (route: string) => route.split(' ')[1] as string

/** The shape's complaints as `path: message` lines, so that a failure names every missing or mistyped field. */
function shapeIssues(shape: z.ZodType, json: unknown): string[] {
  const parsed = shape.safeParse(json)
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
}

async function call(c: ContractCase) {
  const [method] = c.route.split(' ') as [string]
  return h.request(method, c.path ? c.path(data) : routePath(c.route), { as: c.asUser?.(data) ?? caller(c.as), body: c.body?.(data), headers: c.headers?.(data) })
}

async function expectContract(c: ContractCase) {
  const response = await call(c)
  expect(response.status, response.text.slice(0, 300)).toBe(200)
  expect(shapeIssues(c.shape, response.json), response.text.slice(0, 600)).toEqual([])
  c.check?.(response.json, data)
  if (c.paged) await expectPaging(c)
}

/** Page 2 of size 2 answers page 2, size 2, at most 2 items and the whole count (1-based `p`). */
async function expectPaging(c: ContractCase) {
  const base = c.path ? c.path(data) : routePath(c.route)
  const first = await h.request('GET', `${base}${base.includes('?') ? '&' : '?'}p=1&page_size=2`, { as: caller(c.as) })
  const second = await h.request('GET', `${base}${base.includes('?') ? '&' : '?'}p=2&page_size=2`, { as: caller(c.as) })
  expect(first.json?.data, first.text.slice(0, 300)).toMatchObject({ page: 1, page_size: 2 })
  expect(second.json?.data, second.text.slice(0, 300)).toMatchObject({ page: 2, page_size: 2 })
  const total = first.json?.data.total as number
  expect(total, 'the seeded console has more than two rows on this list').toBeGreaterThan(2)
  expect(first.json?.data.items).toHaveLength(2)
  expect(second.json?.data.items.length).toBe(Math.min(2, total - 2))
  const ids = (page: any) => page.json.data.items.map((item: { id: number }) => item.id)
  expect(ids(second).some((id: number) => ids(first).includes(id)), 'page 2 repeats page 1').toBe(false)
}

const withNotice = ref.success(z.string())

/**
 * Fields the reference keeps in columns that the take-over migrations are adding right now (users
 * created_at and last_login_at, tokens cross_group_retry, channels channel_info and settings,
 * quota_data per group, token, channel and node). The cases below check everything else; the
 * whole shapes are in the block after them.
 */
const user = ref.userShape.omit({ created_at: true, last_login_at: true })
const token = ref.tokenShape.omit({ cross_group_retry: true })
const channel = ref.channelShape.omit({ channel_info: true, settings: true })
const quotaData = ref.quotaDataShape.omit({ use_group: true, token_id: true, channel_id: true, node_name: true })

/** Routes both sides have, with the reference's answer. */
const cases: ContractCase[] = [
  // system
  { route: 'GET /api/setup', as: 'anonymous', shape: ref.success(ref.setupShape) },
  { route: 'GET /api/status', as: 'anonymous', shape: ref.success(ref.statusBaseShape) },
  { route: 'GET /api/notice', as: 'anonymous', shape: withNotice, check: (json) => expect(json.data).toBe('Maintenance on Sunday') },
  { route: 'GET /api/about', as: 'anonymous', shape: withNotice },
  { route: 'GET /api/home_page_content', as: 'anonymous', shape: withNotice },
  { route: 'GET /api/status/test', as: 'admin', shape: ref.statusTestShape },
  { route: 'GET /api/pricing', as: 'anonymous', shape: ref.pricingShape },
  { route: 'GET /api/models', as: 'user', shape: ref.dashboardModelsShape },
  { route: 'GET /api/group/', as: 'admin', shape: ref.success(z.array(z.string())) },
  { route: 'GET /api/option/', as: 'root', shape: ref.success(ref.optionsShape) },
  { route: 'PUT /api/option/', as: 'root', body: () => ({ key: 'Notice', value: 'Maintenance on Sunday' }), shape: ref.successNoData },
  { route: 'POST /api/option/rest_model_ratio', as: 'root', shape: ref.successNoData },

  // the own account
  { route: 'GET /api/user/groups', as: 'anonymous', shape: ref.success(ref.userGroupsShape) },
  { route: 'GET /api/user/self/groups', as: 'user', shape: ref.success(ref.userGroupsShape) },
  { route: 'GET /api/user/self', as: 'user', shape: ref.success(ref.selfUserShape) },
  { route: 'PUT /api/user/self', as: 'user', body: () => ({ display_name: 'Alice' }), shape: ref.successNoData },
  { route: 'GET /api/user/models', as: 'user', shape: ref.success(z.array(z.string())) },
  { route: 'GET /api/user/aff', as: 'user', shape: ref.success(z.string()) },
  { route: 'POST /api/user/aff_transfer', as: 'user', body: () => ({ quota: 500_000 }), shape: ref.successNoData },
  { route: 'PUT /api/user/setting', as: 'user', body: () => ({ notify_type: 'email', quota_warning_threshold: 100_000 }), shape: ref.successNoData },
  { route: 'POST /api/user/topup', as: 'user', body: () => ({ key: `contractcode0${'x'.repeat(20)}` }), shape: ref.success(z.number().int()) },
  { route: 'GET /api/user/2fa/status', as: 'user', shape: ref.success(ref.twoFactorStatusShape) },
  { route: 'POST /api/user/2fa/setup', as: 'user', shape: ref.success(ref.twoFactorSetupShape) },
  { route: 'GET /api/user/2fa/stats', as: 'admin', shape: ref.success(ref.twoFactorStatsShape) },
  { route: 'GET /api/user/passkey', as: 'user', shape: ref.success(ref.passkeyStatusShape) },
  { route: 'GET /api/user/sessions', as: 'user', shape: ref.success(z.array(ref.loginSessionShape)) },
  {
    route: 'DELETE /api/user/sessions/:sid',
    as: 'user',
    path: (d) => `/api/user/sessions/${d.aliceOtherSession}`,
    shape: ref.success(z.object({ revoked_sid: z.string(), current: z.boolean() })),
    check: (json, d) => expect(json.data).toEqual({ revoked_sid: d.aliceOtherSession, current: false }),
  },
  { route: 'POST /api/user/sessions/revoke-others', as: 'user', shape: ref.success(z.object({ revoked_count: z.number().int() })) },
  { route: 'GET /api/user/token', as: 'user', shape: ref.success(z.string()) },
  { route: 'POST /api/user/amount', as: 'user', body: () => ({ amount: 10 }), shape: ref.topUpAmountShape },
  { route: 'POST /api/user/pay', as: 'user', body: () => ({ amount: 10, payment_method: 'zfb' }), shape: ref.topUpPayShape },
  { route: 'POST /api/user/register', as: 'anonymous', body: () => ({ username: 'dave', password: 'password123' }), shape: ref.successNoData },
  { route: 'POST /api/user/login', as: 'anonymous', body: (d) => ({ username: d.bob.username, password: d.bob.password }), shape: ref.success(z.object({ user: ref.selfUserShape })) },
  { route: 'GET /api/channel/test', as: 'admin', shape: ref.channelTestAllShape },

  // users (admin)
  { route: 'GET /api/user/', as: 'admin', shape: ref.success(ref.pageOf(user)), paged: true },
  { route: 'GET /api/user/search', as: 'admin', path: () => '/api/user/search?keyword=u', shape: ref.success(ref.pageOf(user)), paged: true },
  { route: 'GET /api/user/:id', as: 'admin', path: (d) => `/api/user/${d.bob.id}`, shape: ref.success(user) },
  { route: 'POST /api/user/', as: 'admin', body: () => ({ username: 'carol', password: 'password123', display_name: 'Carol' }), shape: ref.successNoData },
  { route: 'PUT /api/user/', as: 'admin', body: (d) => ({ id: d.bob.id, username: d.bob.username, display_name: 'Bob', group: 'default', quota: 1_000_000 }), shape: ref.successNoData },
  { route: 'POST /api/user/manage', as: 'admin', body: (d) => ({ id: d.bob.id, action: 'disable' }), shape: ref.success(z.object({ role: z.number().int(), status: z.number().int() })) },

  // tokens
  { route: 'GET /api/token/', as: 'user', shape: ref.success(ref.pageOf(token)), paged: true },
  { route: 'GET /api/token/search', as: 'user', path: () => '/api/token/search?keyword=', shape: ref.success(ref.pageOf(token)), paged: true },
  { route: 'GET /api/token/:id', as: 'user', path: (d) => `/api/token/${d.tokenIds[0]}`, shape: ref.success(token) },
  { route: 'POST /api/token/:id/key', as: 'user', path: (d) => `/api/token/${d.tokenIds[0]}/key`, shape: ref.success(z.object({ key: z.string() })) },
  { route: 'POST /api/token/batch/keys', as: 'user', body: (d) => ({ ids: d.tokenIds }), shape: ref.success(z.object({ keys: z.record(z.string(), z.string()) })) },
  { route: 'POST /api/token/', as: 'user', body: () => ({ name: 'new', remain_quota: 1000, expired_time: -1, unlimited_quota: false }), shape: ref.successNoData },
  {
    route: 'PUT /api/token/',
    as: 'user',
    body: (d) => ({ id: d.tokenIds[1], name: 'backup-2', remain_quota: 1000, expired_time: -1, unlimited_quota: false, model_limits_enabled: false, model_limits: '', group: '' }),
    shape: ref.success(token),
  },
  { route: 'PUT /api/token/?status_only=true', as: 'user', path: () => '/api/token/?status_only=true', body: (d) => ({ id: d.tokenIds[1], status: 2 }), shape: ref.success(token) },
  { route: 'POST /api/token/batch', as: 'user', body: (d) => ({ ids: [d.tokenIds[2]] }), shape: ref.success(z.number().int()) },
  { route: 'DELETE /api/token/:id', as: 'user', path: (d) => `/api/token/${d.tokenIds[1]}`, shape: ref.successNoData },

  // channels
  { route: 'GET /api/channel/', as: 'admin', shape: ref.success(ref.pageOf(channel)), paged: true },
  { route: 'GET /api/channel/search', as: 'admin', path: () => '/api/channel/search?keyword=', shape: ref.success(z.object({ items: z.array(channel), total: z.number().int() })) },
  { route: 'GET /api/channel/models', as: 'admin', shape: ref.channelModelsShape },
  { route: 'GET /api/channel/models_enabled', as: 'admin', shape: ref.enabledModelsShape },
  { route: 'GET /api/channel/:id', as: 'admin', path: (d) => `/api/channel/${d.channelIds[0]}`, shape: ref.success(channel) },
  { route: 'GET /api/channel/test/:id', as: 'admin', path: (d) => `/api/channel/test/${d.channelIds[0]}`, shape: ref.channelTestShape },
  { route: 'GET /api/channel/update_balance/:id', as: 'admin', path: (d) => `/api/channel/update_balance/${d.channelIds[0]}`, shape: ref.channelBalanceShape },
  { route: 'GET /api/channel/fetch_models/:id', as: 'admin', path: (d) => `/api/channel/fetch_models/${d.channelIds[0]}`, shape: ref.success(z.array(z.string())) },
  { route: 'POST /api/channel/fetch_models', as: 'root', body: () => ({ base_url: upstream.url, type: 1, key: 'sk-x' }), shape: ref.success(z.array(z.string())) },
  {
    route: 'PUT /api/channel/',
    as: 'root',
    body: (d) => ({ id: d.channelIds[2], name: 'claude-2', type: 14, models: 'claude-3-5-haiku', group: 'default', base_url: upstream.url }),
    shape: ref.success(channel),
  },
  { route: 'POST /api/channel/batch/tag', as: 'root', body: (d) => ({ ids: [d.channelIds[2]], tag: 'team-b' }), shape: ref.success(z.number().int()) },
  { route: 'POST /api/channel/tag/disabled', as: 'root', body: () => ({ tag: 'team-b' }), shape: ref.successNoData },
  { route: 'POST /api/channel/tag/enabled', as: 'root', body: () => ({ tag: 'team-b' }), shape: ref.successNoData },
  { route: 'PUT /api/channel/tag', as: 'root', body: () => ({ tag: 'team-b', new_tag: 'team-c' }), shape: ref.successNoData },
  { route: 'POST /api/channel/fix', as: 'root', shape: ref.fixAbilitiesShape },
  { route: 'DELETE /api/channel/disabled', as: 'root', shape: ref.success(z.number().int()) },
  { route: 'DELETE /api/channel/:id', as: 'root', path: (d) => `/api/channel/${d.spareChannelId}`, shape: ref.successNoData },
  { route: 'POST /api/channel/batch', as: 'root', body: (d) => ({ ids: [d.channelIds[2]] }), shape: ref.success(z.number().int()) },
  { route: 'GET /api/channel/update_balance', as: 'admin', shape: ref.successNoData },

  // leaving
  { route: 'POST /api/user/auth/logout', as: 'anonymous', shape: ref.successNoData },
  { route: 'DELETE /api/user/self', as: 'user', asUser: (d) => d.leaving, shape: ref.successNoData },
  { route: 'DELETE /api/user/:id', as: 'admin', path: (d) => `/api/user/${d.removed.id}`, shape: ref.successNoData },

  // redemptions
  { route: 'GET /api/redemption/', as: 'admin', shape: ref.success(ref.pageOf(ref.redemptionShape)), paged: true },
  { route: 'GET /api/redemption/search', as: 'admin', path: () => '/api/redemption/search?keyword=', shape: ref.success(ref.pageOf(ref.redemptionShape)), paged: true },
  { route: 'GET /api/redemption/:id', as: 'admin', path: (d) => `/api/redemption/${d.redemptionIds[1]}`, shape: ref.success(ref.redemptionShape) },
  { route: 'POST /api/redemption/', as: 'admin', body: () => ({ name: 'batch', count: 2, quota: 1000 }), shape: ref.success(z.array(z.string())) },
  { route: 'PUT /api/redemption/', as: 'admin', body: (d) => ({ id: d.redemptionIds[1], name: 'promo-2', quota: 2000 }), shape: ref.success(ref.redemptionShape) },
  { route: 'DELETE /api/redemption/:id', as: 'admin', path: (d) => `/api/redemption/${d.redemptionIds[1]}`, shape: ref.successNoData },

  // logs and dashboards
  { route: 'GET /api/log/', as: 'admin', shape: ref.success(ref.pageOf(ref.logShape)), paged: true },
  { route: 'GET /api/log/self', as: 'user', shape: ref.success(ref.pageOf(ref.logShape)), paged: true },
  { route: 'GET /api/log/stat', as: 'admin', path: () => '/api/log/stat?type=2', shape: ref.success(ref.logStatShape) },
  { route: 'GET /api/log/self/stat', as: 'user', path: () => '/api/log/self/stat?type=2', shape: ref.success(ref.logStatShape) },
  { route: 'GET /api/data/', as: 'admin', shape: ref.success(z.array(quotaData)), check: (json) => expect(json.data.length).toBeGreaterThan(0) },
  { route: 'GET /api/data/self', as: 'user', shape: ref.success(z.array(quotaData)), check: (json) => expect(json.data.length).toBeGreaterThan(0) },
]

describe('console API contract: our answers in the reference shape', () => {
  for (const c of cases) it(`${c.route} as ${c.as}`, () => expectContract(c), 30_000)
})

/** Our stable error code next to the reference's success false and message. */
const failedWith = (code: string) => (json: any) => expect(json.code).toBe(code)

/** Routes, columns and error answers brought in line with the reference for operators moving over. */
const moveOverCases: ContractCase[] = [
  // the take-over migrations add the reference's columns
  { route: 'GET /api/user/', as: 'admin', shape: ref.success(ref.pageOf(ref.userShape)) },
  { route: 'GET /api/user/:id', as: 'admin', path: (d) => `/api/user/${d.bob.id}`, shape: ref.success(ref.userShape) },
  { route: 'GET /api/token/', as: 'user', shape: ref.success(ref.pageOf(ref.tokenShape)) },
  { route: 'GET /api/token/:id', as: 'user', path: (d) => `/api/token/${d.tokenIds[0]}`, shape: ref.success(ref.tokenShape) },
  { route: 'GET /api/channel/:id', as: 'admin', path: (d) => `/api/channel/${d.channelIds[0]}`, shape: ref.success(ref.channelShape) },
  { route: 'GET /api/data/', as: 'admin', shape: ref.success(z.array(ref.quotaDataShape)) },
  { route: 'GET /api/data/self', as: 'user', shape: ref.success(z.array(ref.quotaDataShape)) },
  // redemption expiry (h1)
  { route: 'GET /api/redemption/', as: 'admin', shape: ref.success(ref.pageOf(ref.redemptionExpiryShape)) },
  { route: 'GET /api/redemption/:id', as: 'admin', path: (d) => `/api/redemption/${d.redemptionIds[0]}`, shape: ref.success(ref.redemptionExpiryShape) },
  { route: 'DELETE /api/redemption/invalid', as: 'admin', shape: ref.success(z.number().int()) },
  // lists and status
  { route: 'GET /api/channel/', as: 'admin', shape: ref.channelListShape },
  { route: 'GET /api/channel/search', as: 'admin', path: () => '/api/channel/search?keyword=', shape: ref.channelSearchShape },
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
    body: () => ({ mode: 'single', channel: { name: 'added', type: 1, key: 'sk-added', base_url: upstream.url, private_network: 1, models: 'gpt-4o-mini', group: 'default' } }),
    shape: ref.successNoData,
  },
  // OpenAI-style balance calls, on both prefixes, with an API key
  {
    route: 'GET /dashboard/billing/subscription',
    as: 'anonymous',
    headers: (d) => ({ authorization: `Bearer ${d.aliceKey}` }),
    shape: ref.billingSubscriptionShape,
  },
  { route: 'GET /v1/dashboard/billing/usage', as: 'anonymous', headers: (d) => ({ authorization: `Bearer ${d.aliceKey}` }), shape: ref.billingUsageShape },
  // business errors answer HTTP 200 with success false (h2's status convention)
  { route: 'GET /api/token/:id', as: 'user', path: () => '/api/token/999999', shape: ref.failure, check: failedWith('NOT_FOUND') },
  { route: 'GET /api/channel/:id', as: 'admin', path: () => '/api/channel/999999', shape: ref.failure, check: failedWith('NOT_FOUND') },
  { route: 'DELETE /api/user/:id/2fa', as: 'admin', path: (d) => `/api/user/${d.bob.id}/2fa`, shape: ref.failure, check: failedWith('CONFLICT') },
  { route: 'DELETE /api/user/:id/reset_passkey', as: 'admin', path: (d) => `/api/user/${d.bob.id}/reset_passkey`, shape: ref.failure, check: failedWith('NOT_FOUND') },
  { route: 'POST /api/setup', as: 'anonymous', body: () => ({ username: 'again', password: 'password123', confirmPassword: 'password123' }), shape: ref.failure, check: failedWith('BAD_REQUEST') },
  { route: 'POST /api/user/topup', as: 'user', body: () => ({ key: 'no-such-code' }), shape: ref.failure, check: failedWith('BAD_REQUEST') },
]

describe('console API contract: what moving over from the reference needs', () => {
  for (const c of moveOverCases) it(`${c.route} as ${c.as}${c.shape === ref.failure ? ', refused' : ''}`, () => expectContract(c), 30_000)
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
    }),
  )
})
