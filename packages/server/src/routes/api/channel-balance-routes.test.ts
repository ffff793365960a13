import { Role } from '@gateway/shared'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { expectRefused, harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import { startJsonUpstream, type JsonUpstream } from '../../../test/json-upstream.ts'
import { addChannel } from '../../../test/relay-fixtures.ts'

const KEY = 'sk-balance-canary-key-5d1e'

let upstream: JsonUpstream
let h: Harness
let admin: TestUser
beforeAll(async () => {
  upstream = await startJsonUpstream()
})
afterAll(async () => {
  await upstream.stop()
})
beforeEach(() => {
  upstream.routes.clear()
  upstream.seen.length = 0
})
harnessPerTest(async (made) => {
  h = made
  await h.setupRoot()
  admin = await h.createUser(Role.admin)
})

const api = (path: string, as: TestUser = admin) => h.request('GET', path, { as })
const channelRow = (id: number) =>
  h.services.db
    .selectFrom('channels')
    .select(['balance', 'balance_updated_time', 'status', 'other_info'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
const add = (type: number, baseUrl = upstream.url, autoBan = true) =>
  addChannel(h, { type, baseUrl, key: `${KEY}\nsecond-key`, autoBan })

async function waitForRun(path: string) {
  for (let i = 0; i < 200; i++) {
    const progress = (await api(path)).json?.data
    if (!progress.running) return progress
    await new Promise((done) => setTimeout(done, 20))
  }
  throw new Error('run did not finish')
}

describe('GET /api/channel/update_balance/:id', () => {
  it('reads an OpenAI-style balance (hard limit minus usage in cents) with the first key line', async () => {
    upstream.routes.set('/v1/dashboard/billing/subscription', [
      200,
      { object: 'billing_subscription', hard_limit_usd: 100 },
    ])
    upstream.routes.set('/v1/dashboard/billing/usage', [200, { object: 'list', total_usage: 2550 }])
    const id = await add(1)
    const response = await api(`/api/channel/update_balance/${id}/`)
    expect(response.json).toMatchObject({ success: true, data: 74.5, balance: 74.5 })
    expect(await channelRow(id)).toMatchObject({ balance: 74.5, status: 1 })
    expect((await channelRow(id)).balance_updated_time).toBeGreaterThan(0)
    expect(upstream.seen.map((s) => s.headers.authorization)).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`])
    expect(upstream.seen[1]?.path).toMatch(
      /^\/v1\/dashboard\/billing\/usage\?start_date=\d{4}-\d\d-\d\d&end_date=\d{4}-\d\d-\d\d$/
    )
  })

  it('reads SiliconFlow, DeepSeek (the CNY entry), OpenRouter, API2GPT, AIGC2D and AIProxy shapes', async () => {
    upstream.routes.set('/v1/user/info', [
      200,
      { code: 20000, status: true, data: { totalBalance: '12.34', balance: '1' } },
    ])
    upstream.routes.set('/user/balance', [
      200,
      {
        is_available: true,
        balance_infos: [
          { currency: 'USD', total_balance: '3.00' },
          { currency: 'CNY', total_balance: '110.50' },
        ],
      },
    ])
    upstream.routes.set('/api/v1/credits', [200, { data: { total_credits: 20, total_usage: 4.25 } }])
    upstream.routes.set('/dashboard/billing/credit_grants', [200, { total_remaining: 8, total_available: 9 }])
    upstream.routes.set('/api/report/getUserOverview', [200, { success: true, data: { totalPoints: 77 } }])
    const cases: [number, string, number][] = [
      [40, upstream.url, 12.34],
      [43, upstream.url, 110.5],
      [20, `${upstream.url}/api`, 15.75],
      [12, upstream.url, 8],
      [13, upstream.url, 9],
      [10, upstream.url, 77],
    ]
    for (const [type, baseUrl, expected] of cases) {
      const id = await add(type, baseUrl)
      expect((await api(`/api/channel/update_balance/${id}`)).json?.data, `type ${type}`).toBe(expected)
    }
    expect(upstream.seen.find((s) => s.path === '/api/report/getUserOverview')?.headers['api-key']).toBe(KEY)
  })

  it('auto-disables an auto-ban channel with nothing left, only when the setting is on', async () => {
    upstream.routes.set('/user/balance', [200, { balance_infos: [{ currency: 'CNY', total_balance: '0.00' }] }])
    const off = await add(43)
    expect((await api(`/api/channel/update_balance/${off}`)).json?.data).toBe(0)
    expect((await channelRow(off)).status).toBe(1)
    await h.services.options.set('AutomaticDisableChannelEnabled', 'true')
    const manual = await add(43, upstream.url, false)
    await api(`/api/channel/update_balance/${manual}`)
    expect((await channelRow(manual)).status).toBe(1)
    await api(`/api/channel/update_balance/${off}`)
    const row = await channelRow(off)
    expect(row.status).toBe(3)
    expect(JSON.parse(row.other_info).status_reason).toBe('余额不足')
    const abilities = await h.services.db
      .selectFrom('abilities')
      .select('enabled')
      .where('channel_id', '=', off)
      .execute()
    expect(abilities.every((a) => !a.enabled)).toBe(true)
  })

  it('answers clear messages for unsupported types, upstream errors and refused addresses, never with the key', async () => {
    const anthropic = await add(14)
    const unsupported = await api(`/api/channel/update_balance/${anthropic}`)
    expectRefused(unsupported, 'BAD_REQUEST')
    expect(unsupported.json?.message).toBe('该渠道类型不支持查询余额')
    const english = await h.request('GET', `/api/channel/update_balance/${anthropic}`, {
      as: admin,
      headers: { 'accept-language': 'en' },
    })
    expect(english.json?.message).toBe('Balance is not supported for this channel type')

    upstream.routes.set('/v1/user/info', [
      401,
      { error: { message: `Invalid key ${KEY} for ${upstream.url}/v1/user/info` } },
    ])
    const failing = await add(40)
    const failed = await api(`/api/channel/update_balance/${failing}`)
    // The mock is on loopback: what a private address answers is told by its status alone.
    expect(failed.json?.message).toBe('查询余额失败：401: upstream answered 401')
    expect(failed.text).not.toContain(KEY)
    expect((await channelRow(failing)).balance_updated_time).toBe(0)

    upstream.routes.set('/v1/user/info', [200, { code: 40001, message: 'bad account' }])
    expect((await api(`/api/channel/update_balance/${failing}`)).json?.message).toBe('查询余额失败：bad account')
    upstream.routes.set('/v1/user/info', [200, { code: 20000, data: {} }])
    expect((await api(`/api/channel/update_balance/${failing}`)).json?.message).toBe(
      '查询余额失败：the answer carries no balance'
    )

    // Without the root's allowance for this channel, its loopback address is never called.
    await h.services.db.updateTable('channels').set({ private_network: 0 }).where('id', '=', failing).execute()
    await h.services.changes.publish({ kind: 'channels' })
    const blocked = await api(`/api/channel/update_balance/${failing}`)
    expect(blocked.json?.message).toBe('查询余额失败：the address is refused by the outbound policy')
    expectRefused(await api('/api/channel/update_balance/99999'), 'NOT_FOUND')
  })
})

describe('GET /api/channel/update_balance (all)', () => {
  it('refreshes every enabled channel of a supported type in the background and reports progress', async () => {
    upstream.routes.set('/v1/user/info', [200, { code: 20000, data: { totalBalance: '5' } }])
    upstream.routes.set('/user/balance', [500, { error: { message: 'down' } }])
    const ok = await add(40)
    const down = await add(43)
    const unsupported = await add(14)
    const disabled = await add(40)
    await h.services.db.updateTable('channels').set({ status: 2 }).where('id', '=', disabled).execute()
    await h.services.changes.publish({ kind: 'channels' })
    const started = await api('/api/channel/update_balance')
    expect(started.json?.success).toBe(true)
    expect(started.json?.message).toBe('已开始更新所有渠道余额，请稍后刷新查看结果')
    expect(started.json?.data).toMatchObject({ total: 2 })
    expect(await waitForRun('/api/channel/update_balance/progress')).toMatchObject({
      running: false,
      done: 2,
      total: 2,
      failed: 1,
    })
    expect((await channelRow(ok)).balance).toBe(5)
    expect((await channelRow(down)).balance_updated_time).toBe(0)
    expect((await channelRow(unsupported)).balance_updated_time).toBe(0)
    expect((await channelRow(disabled)).balance_updated_time).toBe(0)
  })
})
