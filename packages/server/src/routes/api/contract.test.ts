import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  channel,
  expectContract,
  quotaData,
  token,
  upstream,
  useContractConsole,
  user,
  withNotice,
  type ContractCase,
} from '../../../test/contract/contract-console.ts'
import * as ref from '../../../test/contract/reference-shapes.ts'

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

useContractConsole()

/** Routes both sides have, with the reference's answer. */
const cases: ContractCase[] = [
  // system
  { route: 'GET /api/setup', as: 'anonymous', shape: ref.success(ref.setupShape) },
  { route: 'GET /api/status', as: 'anonymous', shape: ref.success(ref.statusBaseShape) },
  {
    route: 'GET /api/notice',
    as: 'anonymous',
    shape: withNotice,
    check: (json) => expect(json.data).toBe('Maintenance on Sunday'),
  },
  { route: 'GET /api/about', as: 'anonymous', shape: withNotice },
  { route: 'GET /api/home_page_content', as: 'anonymous', shape: withNotice },
  { route: 'GET /api/status/test', as: 'admin', shape: ref.statusTestShape },
  { route: 'GET /api/pricing', as: 'anonymous', shape: ref.pricingShape },
  { route: 'GET /api/models', as: 'user', shape: ref.dashboardModelsShape },
  { route: 'GET /api/group/', as: 'admin', shape: ref.success(z.array(z.string())) },
  { route: 'GET /api/option/', as: 'root', shape: ref.success(ref.optionsShape) },
  {
    route: 'PUT /api/option/',
    as: 'root',
    body: () => ({ key: 'Notice', value: 'Maintenance on Sunday' }),
    shape: ref.successNoData,
  },
  { route: 'POST /api/option/rest_model_ratio', as: 'root', shape: ref.successNoData },

  // the own account
  { route: 'GET /api/user/groups', as: 'anonymous', shape: ref.success(ref.userGroupsShape) },
  { route: 'GET /api/user/self/groups', as: 'user', shape: ref.success(ref.userGroupsShape) },
  { route: 'GET /api/user/self', as: 'user', shape: ref.success(ref.selfUserShape) },
  { route: 'PUT /api/user/self', as: 'user', body: () => ({ display_name: 'Alice' }), shape: ref.successNoData },
  { route: 'GET /api/user/models', as: 'user', shape: ref.success(z.array(z.string())) },
  { route: 'GET /api/user/aff', as: 'user', shape: ref.success(z.string()) },
  { route: 'POST /api/user/aff_transfer', as: 'user', body: () => ({ quota: 500_000 }), shape: ref.successNoData },
  {
    route: 'PUT /api/user/setting',
    as: 'user',
    body: () => ({ notify_type: 'email', quota_warning_threshold: 100_000 }),
    shape: ref.successNoData,
  },
  {
    route: 'POST /api/user/topup',
    as: 'user',
    body: () => ({ key: `contractcode0${'x'.repeat(20)}` }),
    shape: ref.success(z.number().int()),
  },
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
  {
    route: 'POST /api/user/sessions/revoke-others',
    as: 'user',
    shape: ref.success(z.object({ revoked_count: z.number().int() })),
  },
  { route: 'GET /api/user/token', as: 'user', shape: ref.success(z.string()) },
  { route: 'POST /api/user/amount', as: 'user', body: () => ({ amount: 10 }), shape: ref.topUpAmountShape },
  {
    route: 'POST /api/user/pay',
    as: 'user',
    body: () => ({ amount: 10, payment_method: 'zfb' }),
    shape: ref.topUpPayShape,
  },
  {
    route: 'POST /api/user/register',
    as: 'anonymous',
    body: () => ({ username: 'dave', password: 'password123' }),
    shape: ref.successNoData,
  },
  {
    route: 'POST /api/user/login',
    as: 'anonymous',
    body: (d) => ({ username: d.bob.username, password: d.bob.password }),
    shape: ref.success(z.object({ user: ref.selfUserShape })),
  },
  { route: 'GET /api/channel/test', as: 'admin', shape: ref.channelTestAllShape },

  // users (admin)
  { route: 'GET /api/user/', as: 'admin', shape: ref.success(ref.pageOf(user)), paged: true },
  {
    route: 'GET /api/user/search',
    as: 'admin',
    path: () => '/api/user/search?keyword=u',
    shape: ref.success(ref.pageOf(user)),
    paged: true,
  },
  { route: 'GET /api/user/:id', as: 'admin', path: (d) => `/api/user/${d.bob.id}`, shape: ref.success(user) },
  {
    route: 'POST /api/user/',
    as: 'admin',
    body: () => ({ username: 'carol', password: 'password123', display_name: 'Carol' }),
    shape: ref.successNoData,
  },
  {
    route: 'PUT /api/user/',
    as: 'admin',
    body: (d) => ({ id: d.bob.id, username: d.bob.username, display_name: 'Bob', group: 'default', quota: 1_000_000 }),
    shape: ref.successNoData,
  },
  {
    route: 'POST /api/user/manage',
    as: 'admin',
    body: (d) => ({ id: d.bob.id, action: 'disable' }),
    shape: ref.success(z.object({ role: z.number().int(), status: z.number().int() })),
  },

  // tokens
  { route: 'GET /api/token/', as: 'user', shape: ref.success(ref.pageOf(token)), paged: true },
  {
    route: 'GET /api/token/search',
    as: 'user',
    path: () => '/api/token/search?keyword=',
    shape: ref.success(ref.pageOf(token)),
    paged: true,
  },
  { route: 'GET /api/token/:id', as: 'user', path: (d) => `/api/token/${d.tokenIds[0]}`, shape: ref.success(token) },
  {
    route: 'POST /api/token/:id/key',
    as: 'user',
    path: (d) => `/api/token/${d.tokenIds[0]}/key`,
    shape: ref.success(z.object({ key: z.string() })),
  },
  {
    route: 'POST /api/token/batch/keys',
    as: 'user',
    body: (d) => ({ ids: d.tokenIds }),
    shape: ref.success(z.object({ keys: z.record(z.string(), z.string()) })),
  },
  {
    route: 'POST /api/token/',
    as: 'user',
    body: () => ({ name: 'new', remain_quota: 1000, expired_time: -1, unlimited_quota: false }),
    shape: ref.successNoData,
  },
  {
    route: 'PUT /api/token/',
    as: 'user',
    body: (d) => ({
      id: d.tokenIds[1],
      name: 'backup-2',
      remain_quota: 1000,
      expired_time: -1,
      unlimited_quota: false,
      model_limits_enabled: false,
      model_limits: '',
      group: '',
    }),
    shape: ref.success(token),
  },
  {
    route: 'PUT /api/token/?status_only=true',
    as: 'user',
    path: () => '/api/token/?status_only=true',
    body: (d) => ({ id: d.tokenIds[1], status: 2 }),
    shape: ref.success(token),
  },
  {
    route: 'POST /api/token/batch',
    as: 'user',
    body: (d) => ({ ids: [d.tokenIds[2]] }),
    shape: ref.success(z.number().int()),
  },
  { route: 'DELETE /api/token/:id', as: 'user', path: (d) => `/api/token/${d.tokenIds[1]}`, shape: ref.successNoData },

  // channels
  { route: 'GET /api/channel/', as: 'admin', shape: ref.success(ref.pageOf(channel)), paged: true },
  {
    route: 'GET /api/channel/search',
    as: 'admin',
    path: () => '/api/channel/search?keyword=',
    shape: ref.success(z.object({ items: z.array(channel), total: z.number().int() })),
  },
  { route: 'GET /api/channel/models', as: 'admin', shape: ref.channelModelsShape },
  { route: 'GET /api/channel/models_enabled', as: 'admin', shape: ref.enabledModelsShape },
  {
    route: 'GET /api/channel/:id',
    as: 'admin',
    path: (d) => `/api/channel/${d.channelIds[0]}`,
    shape: ref.success(channel),
  },
  {
    route: 'GET /api/channel/test/:id',
    as: 'admin',
    path: (d) => `/api/channel/test/${d.channelIds[0]}`,
    shape: ref.channelTestShape,
  },
  {
    route: 'GET /api/channel/update_balance/:id',
    as: 'admin',
    path: (d) => `/api/channel/update_balance/${d.channelIds[0]}`,
    shape: ref.channelBalanceShape,
  },
  {
    route: 'GET /api/channel/fetch_models/:id',
    as: 'admin',
    path: (d) => `/api/channel/fetch_models/${d.channelIds[0]}`,
    shape: ref.success(z.array(z.string())),
  },
  {
    route: 'POST /api/channel/fetch_models',
    as: 'root',
    body: () => ({ base_url: upstream.url, type: 1, key: 'sk-x' }),
    shape: ref.success(z.array(z.string())),
  },
  {
    route: 'PUT /api/channel/',
    as: 'root',
    body: (d) => ({
      id: d.channelIds[2],
      name: 'claude-2',
      type: 14,
      models: 'claude-3-5-haiku',
      group: 'default',
      base_url: upstream.url,
    }),
    shape: ref.success(channel),
  },
  {
    route: 'POST /api/channel/batch/tag',
    as: 'root',
    body: (d) => ({ ids: [d.channelIds[2]], tag: 'team-b' }),
    shape: ref.success(z.number().int()),
  },
  { route: 'POST /api/channel/tag/disabled', as: 'root', body: () => ({ tag: 'team-b' }), shape: ref.successNoData },
  { route: 'POST /api/channel/tag/enabled', as: 'root', body: () => ({ tag: 'team-b' }), shape: ref.successNoData },
  {
    route: 'PUT /api/channel/tag',
    as: 'root',
    body: () => ({ tag: 'team-b', new_tag: 'team-c' }),
    shape: ref.successNoData,
  },
  { route: 'POST /api/channel/fix', as: 'root', shape: ref.fixAbilitiesShape },
  { route: 'DELETE /api/channel/disabled', as: 'root', shape: ref.success(z.number().int()) },
  {
    route: 'DELETE /api/channel/:id',
    as: 'root',
    path: (d) => `/api/channel/${d.spareChannelId}`,
    shape: ref.successNoData,
  },
  {
    route: 'POST /api/channel/batch',
    as: 'root',
    body: (d) => ({ ids: [d.channelIds[2]] }),
    shape: ref.success(z.number().int()),
  },
  { route: 'GET /api/channel/update_balance', as: 'admin', shape: ref.successNoData },

  // leaving
  { route: 'POST /api/user/auth/logout', as: 'anonymous', shape: ref.successNoData },
  { route: 'DELETE /api/user/self', as: 'user', asUser: (d) => d.leaving, shape: ref.successNoData },
  { route: 'DELETE /api/user/:id', as: 'admin', path: (d) => `/api/user/${d.removed.id}`, shape: ref.successNoData },

  // redemptions
  { route: 'GET /api/redemption/', as: 'admin', shape: ref.success(ref.pageOf(ref.redemptionShape)), paged: true },
  {
    route: 'GET /api/redemption/search',
    as: 'admin',
    path: () => '/api/redemption/search?keyword=',
    shape: ref.success(ref.pageOf(ref.redemptionShape)),
    paged: true,
  },
  {
    route: 'GET /api/redemption/:id',
    as: 'admin',
    path: (d) => `/api/redemption/${d.redemptionIds[1]}`,
    shape: ref.success(ref.redemptionShape),
  },
  {
    route: 'POST /api/redemption/',
    as: 'admin',
    body: () => ({ name: 'batch', count: 2, quota: 1000 }),
    shape: ref.success(z.array(z.string())),
  },
  {
    route: 'PUT /api/redemption/',
    as: 'admin',
    body: (d) => ({ id: d.redemptionIds[1], name: 'promo-2', quota: 2000 }),
    shape: ref.success(ref.redemptionShape),
  },
  {
    route: 'DELETE /api/redemption/:id',
    as: 'admin',
    path: (d) => `/api/redemption/${d.redemptionIds[1]}`,
    shape: ref.successNoData,
  },

  // logs and dashboards
  { route: 'GET /api/log/', as: 'admin', shape: ref.success(ref.pageOf(ref.logShape)), paged: true },
  { route: 'GET /api/log/self', as: 'user', shape: ref.success(ref.pageOf(ref.logShape)), paged: true },
  { route: 'GET /api/log/stat', as: 'admin', path: () => '/api/log/stat?type=2', shape: ref.success(ref.logStatShape) },
  {
    route: 'GET /api/log/self/stat',
    as: 'user',
    path: () => '/api/log/self/stat?type=2',
    shape: ref.success(ref.logStatShape),
  },
  {
    route: 'GET /api/data/',
    as: 'admin',
    shape: ref.success(z.array(quotaData)),
    check: (json) => expect(json.data.length).toBeGreaterThan(0),
  },
  {
    route: 'GET /api/data/self',
    as: 'user',
    shape: ref.success(z.array(quotaData)),
    check: (json) => expect(json.data.length).toBeGreaterThan(0),
  },
]

describe('console API contract: our answers in the reference shape', () => {
  for (const c of cases) it(`${c.route} as ${c.as}`, () => expectContract(c), 30_000)
})
