import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startBudgetUpstream, type BudgetUpstream } from '../../../test/budget-upstream.ts'
import { createHarness, type Harness } from '../../../test/harness.ts'
import {
  addChannel,
  addToken,
  concurrentChats,
  consumeLogs,
  quotaOf,
  settle,
  settlementOf,
  tokenRemainOf,
} from '../../../test/relay-fixtures.ts'
import { ledgerStatements, openHolds } from '../../db/queries/ledger.ts'
import { inTransaction } from '../../db/sqlite-direct.ts'
import { nowSeconds } from '../../lib/time.ts'
import { LEASE_IDLE_MS } from './lease-budget.ts'
import { applyOps, HoldKind, type Hold, type Payer } from './ledger-ops.ts'

/**
 * Leases: a relayed request of a payer with an ample balance is reserved in memory from a slice
 * of that balance its process took once. The books must stay exact whatever happens to it.
 */
let h: Harness
let upstream: BudgetUpstream | undefined

beforeEach(async () => {
  h = await createHarness()
  await h.setupRoot()
})
afterEach(async () => {
  await upstream?.stop()
  upstream = undefined
  await h.close()
})

const label = { username: 'u', tokenName: 't', model: 'gpt-4o-mini', group: 'default' }
const leased = { leased: true }
// gpt-4o-mini: model ratio 0.075, completion ratio 4.
const costOf = (prompt: number, completion: number) => Math.round((prompt + completion * 4) * 0.075)

const settlement = (userId: number, charge: number) => settlementOf(userId, charge, true)

const rowsOfKind = async (kind: number) =>
  (await h.services.db.selectFrom('quota_holds').selectAll().where('kind', '=', kind).execute()).map((row) => ({
    ...row,
    amount: Number(row.amount),
  }))

async function coveredHold(payer: Payer, amount: number): Promise<Hold> {
  const { hold } = await h.services.relay.ledger.reserve(payer, amount, label, leased)
  if (!hold?.lease) throw new Error('expected a hold covered by a lease')
  return hold
}

describe('leases', () => {
  it('serve a burst of concurrent requests from one lease, and the books are exact afterwards', async () => {
    upstream = await startBudgetUpstream(50)
    const start = 50_000_000
    const user = await h.createUser(1, { quota: start })
    const { key, id: tokenId } = await addToken(h, user.id, { unlimited: false, remainQuota: 20_000_000 })
    await addChannel(h, { baseUrl: upstream.url })
    const results = await concurrentChats(h, key, 200)
    expect(results.every((r) => r.status === 200)).toBe(true)
    // One lease for the payer (grown as the burst needed), no hold of a request's own.
    expect((await rowsOfKind(HoldKind.lease)).map((row) => row.token_id)).toEqual([tokenId])
    expect(await rowsOfKind(HoldKind.request)).toEqual([])
    await settle(h)
    const logs = await consumeLogs(h)
    expect(logs).toHaveLength(200)
    const charged = logs.reduce((sum, log) => sum + Number(log.quota), 0)
    expect(charged).toBe(200 * costOf(10, 50))
    expect(await quotaOf(h, user.id)).toBe(start - charged)
    expect(await tokenRemainOf(h, tokenId)).toBe(20_000_000 - charged)
    const used = await h.services.db
      .selectFrom('users')
      .select(['used_quota', 'request_count'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(used).toEqual({ used_quota: charged, request_count: 200 })
    expect(await openHolds(h.services.db)).toEqual({ count: 0, amount: 0 })
  })

  it('are not taken from a balance that is not many times their size: the request holds its own', async () => {
    const user = await h.createUser(1, { quota: 10_000 })
    const { hold } = await h.services.relay.ledger.reserve(
      { userId: user.id, tokenUnlimited: true },
      1_000,
      label,
      leased
    )
    expect(hold?.lease).toBeUndefined()
    expect((await rowsOfKind(HoldKind.request)).map((row) => row.amount)).toEqual([1_000])
    expect(await rowsOfKind(HoldKind.lease)).toEqual([])
    expect(await quotaOf(h, user.id)).toBe(9_000)
    if (hold) await h.services.relay.ledger.release(hold)
    expect(await quotaOf(h, user.id)).toBe(10_000)
  })

  it('charge a covered request once, however often it is settled, and give the rest back to the lease', async () => {
    const user = await h.createUser(1, { quota: 1_000_000 })
    const payer = { userId: user.id, tokenUnlimited: true }
    const hold = await coveredHold(payer, 1_000)
    const { ledger } = h.services.relay
    expect(
      await Promise.all([ledger.settle(hold, settlement(user.id, 120)), ledger.settle(hold, settlement(user.id, 120))])
    ).toEqual([120, 0])
    expect(await ledger.settle(hold, settlement(user.id, 120))).toBe(0)
    await ledger.release(hold)
    // The lease still holds the payer's money until it goes back; then only the charge is gone.
    expect(await quotaOf(h, user.id)).toBeLessThan(1_000_000 - 1_000)
    await ledger.idle()
    expect(await quotaOf(h, user.id)).toBe(1_000_000 - 120)
    expect((await consumeLogs(h)).map((log) => Number(log.quota))).toEqual([120])
    expect(await openHolds(h.services.db)).toEqual({ count: 0, amount: 0 })
  })

  it('write the row of a covered request that is still running, and delete it with its settlement', async () => {
    const user = await h.createUser(1, { quota: 1_000_000 })
    const hold = await coveredHold({ userId: user.id, tokenUnlimited: true }, 700)
    // The next group commit writes it (within the settlement window).
    await sleep(100)
    expect((await rowsOfKind(HoldKind.covered)).map((row) => [row.id, row.amount, row.lease_id])).toEqual([
      [hold.id, 700, hold.lease],
    ])
    expect(hold.journaled).toBe(true)
    await h.services.relay.ledger.settle(hold, settlement(user.id, 70))
    expect(await rowsOfKind(HoldKind.covered)).toEqual([])
  })

  it('go back once nobody has used them for a while', async () => {
    const user = await h.createUser(1, { quota: 1_000_000 })
    const hold = await coveredHold({ userId: user.id, tokenUnlimited: true }, 500)
    await h.services.relay.ledger.settle(hold, settlement(user.id, 50))
    expect(await rowsOfKind(HoldKind.lease)).toHaveLength(1)
    await sleep(2 * LEASE_IDLE_MS + 200)
    expect(await rowsOfKind(HoldKind.lease)).toEqual([])
    expect(await quotaOf(h, user.id)).toBe(1_000_000 - 50)
  })

  it('close when their token changes: a limit its owner lowers holds at once, and what the lease held does not come back to it', async () => {
    upstream = await startBudgetUpstream(50)
    const user = await h.createUser(1, { quota: 50_000_000 })
    const { key, id: tokenId } = await addToken(h, user.id, { unlimited: false, remainQuota: 20_000_000 })
    await addChannel(h, { baseUrl: upstream.url })
    const chat = () =>
      h.request('POST', '/v1/chat/completions', {
        body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
        headers: { authorization: `Bearer ${key}` },
      })
    expect((await chat()).status).toBe(200)
    await settle(h)
    expect((await chat()).status).toBe(200)
    expect(await rowsOfKind(HoldKind.lease)).toHaveLength(1)
    // The owner's edit through the console's call: nothing left on the token.
    const edited = await h.request('PUT', '/api/token/', { as: user, body: { id: tokenId, remain_quota: 0 } })
    expect(edited.json?.success).toBe(true)
    const refused = await chat()
    expect(refused.status).toBe(403)
    expect(refused.json).toHaveProperty('error.code', 'pre_consume_token_quota_failed')
    await settle(h)
    await h.services.relay.ledger.idle()
    expect(await openHolds(h.services.db)).toEqual({ count: 0, amount: 0 })
    // The token keeps the limit it was given; the lease went back to the balance, less the two answers.
    expect(await tokenRemainOf(h, tokenId)).toBe(0)
    const charged = (await consumeLogs(h)).reduce((sum, log) => sum + Number(log.quota), 0)
    expect(charged).toBe(2 * costOf(10, 50))
    expect(await quotaOf(h, user.id)).toBe(50_000_000 - charged)
  })

  it('bound to a token whose limit was set anew: growing it takes nothing from the new limit, returning it gives nothing to it', async () => {
    const user = await h.createUser(1, { quota: 10_000_000 })
    const { id: tokenId } = await addToken(h, user.id, { unlimited: false, remainQuota: 5_000_000 })
    const payer: Payer = { userId: user.id, tokenId, tokenUnlimited: false }
    const s = ledgerStatements(h.services.dialect)
    const now = nowSeconds()
    const take = (create: boolean) => ({
      id: 'lease-x',
      payer,
      size: 10_000,
      create,
      owner: 'me',
      now,
      label,
      giveBack: 0,
    })
    const run = (op: Parameters<typeof applyOps>[3][number]) =>
      inTransaction(h.services.db, undefined, (trx) => applyOps(trx, s, true, [op]))
    await run({ kind: 'lease', lease: take(true) })
    expect(await tokenRemainOf(h, tokenId)).toBe(4_990_000)
    const edited = await h.request('PUT', '/api/token/', { as: user, body: { id: tokenId, remain_quota: 1_000_000 } })
    expect(edited.json?.success).toBe(true)
    await run({ kind: 'lease', lease: take(false) })
    expect(await tokenRemainOf(h, tokenId)).toBe(1_000_000)
    expect((await rowsOfKind(HoldKind.lease)).map((row) => row.amount)).toEqual([20_000])
    await run({ kind: 'unlease', id: 'lease-x', payer, amount: 5_000, close: true })
    expect(await tokenRemainOf(h, tokenId)).toBe(1_000_000)
    expect(await quotaOf(h, user.id)).toBe(10_000_000)
    expect(await rowsOfKind(HoldKind.lease)).toEqual([])
  })

  it('are returned by the sweeper when their process died, without a row; covered requests get their interrupted row and move no money', async () => {
    const user = await h.createUser(1, { quota: 1_000_000 })
    const db = h.services.db
    // What a killed process leaves: a lease of 10,000 taken from the balance, one covered request in flight.
    await db
      .updateTable('users')
      .set({ quota: 1_000_000 - 10_000 })
      .where('id', '=', user.id)
      .execute()
    const old = nowSeconds() - 3600
    await db.insertInto('ledger_instances').values({ id: 'dead', started_at: old, heartbeat_at: old }).execute()
    const row = {
      owner: 'dead',
      user_id: user.id,
      created_at: old,
      username: user.username,
      group: 'default',
      model_name: '',
      request_id: '',
      lease_id: '',
    }
    await db
      .insertInto('quota_holds')
      .values([
        { ...row, id: 'dead-L1', amount: 10_000, kind: HoldKind.lease },
        {
          ...row,
          id: 'dead-7',
          amount: 600,
          kind: HoldKind.covered,
          lease_id: 'dead-L1',
          model_name: 'gpt-4o-mini',
          request_id: 'r-7',
        },
      ])
      .execute()
    await h.services.relay.sweeper.tick()
    expect(await quotaOf(h, user.id)).toBe(1_000_000)
    expect(await openHolds(h.services.db)).toEqual({ count: 0, amount: 0 })
    const rows = await consumeLogs(h)
    expect(rows.map((r) => [r.request_id, Number(r.quota)])).toEqual([['r-7', 0]])
    expect(rows[0]?.content).toContain('请求被中断')
  })

  it('charge a settlement replayed twice (a crash between the replay and the spool file) once', async () => {
    const user = await h.createUser(1, { quota: 1_000_000 })
    const hold = await coveredHold({ userId: user.id, tokenUnlimited: true }, 1_000)
    const statements = ledgerStatements(h.services.dialect)
    const replay = () =>
      inTransaction(h.services.db, undefined, (trx) =>
        applyOps(trx, statements, true, [{ kind: 'settle', hold, settlement: settlement(user.id, 300), seq: 1 }])
      )
    expect((await replay())[0]).toEqual({ collected: 300 })
    expect((await replay())[0]).toEqual({ leaseGone: true })
    expect((await consumeLogs(h)).map((log) => Number(log.quota))).toEqual([300])
    const [lease] = await rowsOfKind(HoldKind.lease)
    expect(lease && [lease.amount, Number(lease.seq)]).toEqual([1_000 * 8 - 300, 1])
  })

  it('swept while their process still lives charge nothing more, and the next request takes a new one', async () => {
    const user = await h.createUser(1, { quota: 1_000_000 })
    const payer = { userId: user.id, tokenUnlimited: true }
    const hold = await coveredHold(payer, 1_000)
    const first = hold.lease
    // Another instance took this one for dead and gave its lease back.
    const [lease] = await rowsOfKind(HoldKind.lease)
    await h.services.db
      .deleteFrom('quota_holds')
      .where('id', '=', first ?? '')
      .execute()
    await h.services.db.updateTable('users').set({ quota: 1_000_000 }).where('id', '=', user.id).execute()
    expect(lease?.amount).toBe(8_000)
    expect(await h.services.relay.ledger.settle(hold, settlement(user.id, 100))).toBe(0)
    const next = await coveredHold(payer, 1_000)
    expect(next.lease).not.toBe(first)
    await h.services.relay.ledger.settle(next, settlement(user.id, 100))
    await h.services.relay.ledger.idle()
    expect(await quotaOf(h, user.id)).toBe(1_000_000 - 100)
    expect((await consumeLogs(h)).map((log) => Number(log.quota))).toEqual([100])
  })
})
