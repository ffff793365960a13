import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startBudgetUpstream, type BudgetUpstream } from '../../test/budget-upstream.ts'
import { createHarness, type Harness, type TestUser } from '../../test/harness.ts'
import {
  addChannel,
  addToken,
  concurrentChats,
  consumeLogs,
  quotaOf,
  settle,
  settlementOf,
  tokenRemainOf,
} from '../../test/relay-fixtures.ts'
import { openHolds } from '../db/queries/ledger.ts'
import { nowSeconds } from '../lib/time.ts'
import type { Hold } from './ledger/quota-ledger.ts'

let h: Harness
let root: TestUser
let upstream: BudgetUpstream | undefined

beforeEach(async () => {
  h = await createHarness()
  root = await h.setupRoot()
})
afterEach(async () => {
  await upstream?.stop()
  upstream = undefined
  await h.close()
})

// gpt-4o-mini: model ratio 0.075, completion ratio 4 -> (prompt + 4 x completion) x 0.075 quota.
const costOf = (prompt: number, completion: number) => Math.round((prompt + completion * 4) * 0.075)

const chat = (key: string, body: Record<string, unknown>) =>
  h.request('POST', '/v1/chat/completions', {
    body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Write a long story.' }], ...body },
    headers: { authorization: `Bearer ${key}` },
  })

describe('reservations cover the worst case', () => {
  it('1,000 concurrent requests with n up to 128 and no max_tokens never cost the operator more than the balance', async () => {
    upstream = await startBudgetUpstream(2_000)
    const start = 20_000
    const user = await h.createUser(1, { quota: start })
    const { key, id: tokenId } = await addToken(h, user.id, { unlimited: false, remainQuota: start })
    await addChannel(h, { baseUrl: upstream.url })
    const results = await Promise.all(Array.from({ length: 1000 }, (_, i) => chat(key, { n: 1 + ((i * 37) % 128) })))
    await settle(h)

    const served = results.filter((r) => r.status === 200).length
    expect(served).toBeGreaterThan(0)
    expect(results.every((r) => r.status === 200 || r.status === 403)).toBe(true)
    expect(upstream.answered).toHaveLength(served)
    const upstreamCost = upstream.answered.reduce((sum, a) => sum + costOf(a.promptTokens, a.completionTokens), 0)
    expect(upstreamCost).toBeLessThanOrEqual(start)
    // Everything the upstream billed was collected, and every answer has its row.
    const logs = await consumeLogs(h)
    expect(logs).toHaveLength(served)
    const collected = logs.reduce((sum, log) => sum + Number(log.quota), 0)
    expect(collected).toBe(upstreamCost)
    expect(await quotaOf(h, user.id)).toBe(start - collected)
    expect(await tokenRemainOf(h, tokenId)).toBe(start - collected)
    expect(await openHolds(h.services.db)).toEqual({ count: 0, amount: 0 })
    // Requests that got less than the default budget were told so upstream and in their rows.
    expect(upstream.answered.some((a) => a.maxTokens !== undefined)).toBe(true)
    expect(logs.some((log) => JSON.parse(String(log.other)).output_budget_lowered !== undefined)).toBe(true)
  }, 120_000)

  it('serves a small balance a request it can pay for, with the output lowered to what it affords', async () => {
    upstream = await startBudgetUpstream(400)
    const user = await h.createUser(1, { quota: 1_000_000 })
    const { key, id: tokenId } = await addToken(h, user.id, { unlimited: false, remainQuota: 1_300 })
    await addChannel(h, { baseUrl: upstream.url })
    const response = await chat(key, {})
    expect(response.status).toBe(200)
    await settle(h)
    const cost = costOf(10, 400)
    expect(cost).toBe(121)
    const [log] = await consumeLogs(h)
    expect(Number(log?.quota)).toBe(cost)
    expect(await tokenRemainOf(h, tokenId)).toBe(1_300 - cost)
    // The upstream was asked for no more than the token could pay for.
    const limit = upstream.answered[0]?.maxTokens ?? 0
    expect(limit).toBeGreaterThanOrEqual(256)
    expect(costOf(0, limit)).toBeLessThanOrEqual(1_300)
    expect(JSON.parse(String(log?.other)).output_budget_lowered).toEqual({ from: 16_384, to: limit })
  })

  it('refuses what cannot be afforded at all, naming the balance and the need, and changes nothing', async () => {
    upstream = await startBudgetUpstream(400)
    const user = await h.createUser(1, { quota: 1_000_000 })
    const { key, id: tokenId } = await addToken(h, user.id, { unlimited: false, remainQuota: 20 })
    await addChannel(h, { baseUrl: upstream.url })
    const response = await h.request('POST', '/v1/chat/completions', {
      body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
      headers: { authorization: `Bearer ${key}`, 'accept-language': 'en' },
    })
    expect(response.status).toBe(403)
    expect(response.json).toHaveProperty('error.code', 'pre_consume_token_quota_failed')
    expect(response.text).toContain('$0.00004 remains, the request needs at least $0.000156')
    expect(upstream.answered).toHaveLength(0)
    expect(await tokenRemainOf(h, tokenId)).toBe(20)
    expect(await quotaOf(h, user.id)).toBe(1_000_000)
    expect(await openHolds(h.services.db)).toEqual({ count: 0, amount: 0 })
  })
  it.each([
    ['priced by ratio', undefined],
    ['priced per call', 0.002],
  ])(
    'under racing requests %s, refuses only with a balance below the need, read after the race',
    async (_, perCall) => {
      if (perCall !== undefined) await h.services.options.set('ModelPrice', JSON.stringify({ 'gpt-4o-mini': perCall }))
      upstream = await startBudgetUpstream(2_000)
      const start = 30_000
      const user = await h.createUser(1, { quota: start })
      const { key, id: tokenId } = await addToken(h, user.id, { unlimited: false, remainQuota: start })
      await addChannel(h, { baseUrl: upstream.url })
      const results = await concurrentChats(
        h,
        key,
        300,
        { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Write a long story.' }] },
        { 'accept-language': 'en' }
      )
      await settle(h)
      const refusals = results.filter((r) => r.status === 403)
      expect(results.every((r) => r.status === 200 || r.status === 403)).toBe(true)
      expect(refusals.length).toBeGreaterThan(0)
      // Every refusal names the balance as read after the race, below what the request needed.
      for (const refusal of refusals) {
        const [balance, need] = [...refusal.text.matchAll(/\$([\d.]+)/g)].map((match) => Number(match[1]))
        expect({ text: refusal.text, belowNeed: (balance ?? Infinity) <= (need ?? 0) }).toMatchObject({
          belowNeed: true,
        })
      }
      // Retried holds took nothing twice: what was collected is what both balances lost.
      const logs = await consumeLogs(h)
      expect(logs).toHaveLength(results.length - refusals.length)
      const collected = logs.reduce((sum, log) => sum + Number(log.quota), 0)
      expect(await quotaOf(h, user.id)).toBe(start - collected)
      expect(await tokenRemainOf(h, tokenId)).toBe(start - collected)
      expect(await openHolds(h.services.db)).toEqual({ count: 0, amount: 0 })
    },
    120_000
  )
})

describe('holds', () => {
  const label = { username: 'u', tokenName: 't', model: 'gpt-4o-mini', group: 'default' }

  it('records each reservation durably and settles it exactly once', async () => {
    const user = await h.createUser(1, { quota: 1_000 })
    const { ledger } = h.services.relay
    const { hold } = await ledger.reserve({ userId: user.id, tokenUnlimited: true }, 300, label)
    if (!hold) throw new Error('expected a hold')
    expect(await openHolds(h.services.db)).toEqual({ count: 1, amount: 300 })
    expect(await quotaOf(h, user.id)).toBe(700)
    const settlement = settlementOf(user.id, 120)
    // Two settlements of one hold, at once and again later: one charge.
    expect(await Promise.all([ledger.settle(hold, settlement), ledger.settle(hold, settlement)])).toEqual([120, 0])
    expect(await ledger.settle(hold, settlement)).toBe(0)
    await ledger.release(hold)
    expect(await quotaOf(h, user.id)).toBe(880)
    expect(await openHolds(h.services.db)).toEqual({ count: 0, amount: 0 })
  })

  it('settles a batch for one payer as if one by one: a charge above its hold sees the give-backs before it', async () => {
    const user = await h.createUser(1, { quota: 1_000 })
    const other = await h.createUser(1, { quota: 1_000 })
    const { id: tokenId } = await addToken(h, user.id, { unlimited: false, remainQuota: 1_000 })
    const { ledger } = h.services.relay
    const payer = { userId: user.id, tokenId, tokenUnlimited: false }
    const holds = await Promise.all([
      ledger.reserve(payer, 500, label),
      ledger.reserve(payer, 500, label),
      ledger.reserve({ userId: user.id, tokenId: 9_999, tokenUnlimited: true }, 0, label),
      ledger.reserve({ userId: other.id, tokenUnlimited: true }, 300, label),
    ])
    const [a, b, free, elsewhere] = holds.map(({ hold }) => {
      if (!hold) throw new Error('expected a hold')
      return hold
    }) as [Hold, Hold, Hold, Hold]
    expect(await quotaOf(h, user.id)).toBe(0)
    const charge = (hold: Hold, amount: number, userId = user.id) => ledger.settle(hold, settlementOf(userId, amount))
    // Queued together, so they commit in one transaction: A gives 400 back, which B's charge of
    // 900 (400 above its hold) can then take.
    expect(
      await Promise.all([charge(a, 100), charge(b, 900), charge(free, 0), charge(elsewhere, 50, other.id)])
    ).toEqual([100, 900, 0, 50])
    const row = (id: number) =>
      h.services.db
        .selectFrom('users')
        .select(['quota', 'used_quota', 'request_count'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    expect(await row(user.id)).toEqual({ quota: 0, used_quota: 1_000, request_count: 3 })
    expect(await row(other.id)).toEqual({ quota: 950, used_quota: 50, request_count: 1 })
    expect(await tokenRemainOf(h, tokenId)).toBe(0)
    const token = await h.services.db
      .selectFrom('tokens')
      .select(['used_quota'])
      .where('id', '=', tokenId)
      .executeTakeFirstOrThrow()
    expect(Number(token.used_quota)).toBe(1_000)
    expect(await openHolds(h.services.db)).toEqual({ count: 0, amount: 0 })
  })

  it('returns the holds of a process that stopped beating, with a row that says the request was interrupted', async () => {
    const user = await h.createUser(1, { quota: 1_000 })
    const { key, id: tokenId } = await addToken(h, user.id, { unlimited: false, remainQuota: 500 })
    void key
    const db = h.services.db
    // What a killed process leaves: balances already taken, its hold rows, a heartbeat that went silent.
    await db
      .updateTable('users')
      .set({ quota: 1_000 - 250 })
      .where('id', '=', user.id)
      .execute()
    await db
      .updateTable('tokens')
      .set({ remain_quota: 500 - 250 })
      .where('id', '=', tokenId)
      .execute()
    const old = nowSeconds() - 3600
    await db.insertInto('ledger_instances').values({ id: 'dead', started_at: old, heartbeat_at: old }).execute()
    for (const [id, amount] of [
      ['dead-1', 100],
      ['dead-2', 150],
    ] as const) {
      await db
        .insertInto('quota_holds')
        .values({
          id,
          owner: 'dead',
          user_id: user.id,
          token_id: tokenId,
          token_limited: 1,
          amount,
          created_at: old,
          username: user.username,
          token_name: 'mine',
          model_name: 'gpt-4o',
          group: 'default',
        })
        .execute()
    }
    // A live process's hold is left alone.
    const { hold } = await h.services.relay.ledger.reserve({ userId: user.id, tokenUnlimited: true }, 10, label)
    await h.services.relay.sweeper.tick()
    expect(await quotaOf(h, user.id)).toBe(1_000 - 10)
    expect(await tokenRemainOf(h, tokenId)).toBe(500)
    expect(await openHolds(h.services.db)).toEqual({ count: 1, amount: 10 })
    const rows = await consumeLogs(h)
    expect(rows.map((r) => [r.model_name, r.token_name, Number(r.quota)])).toEqual([
      ['gpt-4o', 'mine', 0],
      ['gpt-4o', 'mine', 0],
    ])
    expect(rows[0]?.content).toContain('请求被中断')
    if (hold) await h.services.relay.ledger.release(hold)
    void root
  })
})

describe('logs in another database', () => {
  it('writes the usage row through the outbox in the settlement and forwards it', async () => {
    await h.close()
    h = await createHarness({ env: { LOG_SQL_DSN: 'local' } })
    root = await h.setupRoot()
    expect(h.services.logDb).not.toBe(h.services.db)
    const user = await h.createUser(1, { quota: 1_000 })
    const { hold } = await h.services.relay.ledger.reserve({ userId: user.id, tokenUnlimited: true }, 100, {
      username: user.username,
      tokenName: 't',
      model: 'm',
      group: 'default',
    })
    if (!hold) throw new Error('expected a hold')
    const now = nowSeconds()
    await h.services.relay.ledger.settle(hold, {
      charge: 42,
      now,
      channelId: 0,
      tokens: 1,
      userId: user.id,
      username: user.username,
      model: 'm',
      rollup: false,
      log: { user_id: user.id, created_at: now, type: 2, model_name: 'm', content: 'x' },
    })
    expect(await h.services.db.selectFrom('log_outbox').selectAll().execute()).toHaveLength(1)
    await h.services.relay.sweeper.tick()
    expect(await h.services.db.selectFrom('log_outbox').selectAll().execute()).toHaveLength(0)
    const rows = await h.services.logDb.selectFrom('logs').selectAll().where('type', '=', 2).execute()
    expect(rows.map((r) => Number(r.quota))).toEqual([42])
  })
})
