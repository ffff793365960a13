import { QUOTA_DATA_SELF_MAX_SPAN_SECONDS, Role } from '@gateway/shared'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, expectRefused, type Harness, type TestUser } from '../../../test/harness.ts'
import { translate } from '../../i18n/messages.ts'

let h: Harness
let admin: TestUser
let alice: TestUser
let bob: TestUser
const HOUR = 3600
const now = Math.floor(Date.now() / 1000)
const thisHour = now - (now % HOUR)
// Sums beyond 2^32 catch any driver or SUM() type that would round or wrap them.
const BIG = 3_000_000_000

// One database for the file (creating one per test is slow on MariaDB); each test starts with no rows.
beforeAll(async () => {
  h = await createHarness()
  await h.setupRoot()
  admin = await h.createUser(Role.admin)
  alice = await h.createUser()
  bob = await h.createUser()
}, 60_000)
afterEach(async () => {
  await h.services.db.deleteFrom('quota_data').execute()
  await h.services.options.set('DataExportEnabled', 'true')
})
afterAll(async () => {
  await h.close()
})

interface Row {
  user: TestUser
  model: string
  hour: number
  count?: number
  quota?: number
  tokens?: number
}
const insert = (rows: Row[]) =>
  h.services.db
    .insertInto('quota_data')
    .values(
      rows.map((r) => ({
        user_id: r.user.id,
        username: r.user.username,
        model_name: r.model,
        created_at: r.hour,
        count: r.count ?? 1,
        quota: r.quota ?? 100,
        token_used: r.tokens ?? 10,
      }))
    )
    .execute()
const get = async (user: TestUser, path: string) => {
  const response = await h.request('GET', path, { as: user })
  expect(response.json?.success, response.text).toBe(true)
  return response.json?.data as Record<string, unknown>[]
}
/** Reads sum an hour's groups, tokens, channels and instances: their keys answer the reference's zero values. */
const summedKeys = { use_group: '', token_id: 0, channel_id: 0, node_name: '' }
const range = (start: number, end: number) => `start_timestamp=${start}&end_timestamp=${end}`

describe('GET /api/data/ (admin)', () => {
  it('sums every user per model and hour, exactly, in time order', async () => {
    await insert([
      { user: alice, model: 'gpt-4o', hour: thisHour - HOUR, count: 2, quota: BIG, tokens: BIG },
      { user: bob, model: 'gpt-4o', hour: thisHour - HOUR, count: 3, quota: BIG + 7, tokens: 5 },
      { user: bob, model: 'claude', hour: thisHour - HOUR, count: 1, quota: 9, tokens: 4 },
      { user: alice, model: 'gpt-4o', hour: thisHour, count: 4, quota: 11, tokens: 12 },
    ])
    const rows = await get(admin, `/api/data/?${range(thisHour - 2 * HOUR, now)}`)
    expect(rows).toEqual([
      {
        id: 0,
        user_id: 0,
        username: '',
        model_name: 'claude',
        created_at: thisHour - HOUR,
        count: 1,
        quota: 9,
        token_used: 4,
        ...summedKeys,
      },
      {
        id: 0,
        user_id: 0,
        username: '',
        model_name: 'gpt-4o',
        created_at: thisHour - HOUR,
        count: 5,
        quota: 2 * BIG + 7,
        token_used: BIG + 5,
        ...summedKeys,
      },
      {
        id: 0,
        user_id: 0,
        username: '',
        model_name: 'gpt-4o',
        created_at: thisHour,
        count: 4,
        quota: 11,
        token_used: 12,
        ...summedKeys,
      },
    ])
    for (const row of rows)
      for (const field of ['count', 'quota', 'token_used', 'created_at'])
        expect(Number.isInteger(row[field])).toBe(true)
  })

  it("gives one user's own rows when a username is named", async () => {
    await insert([
      { user: alice, model: 'gpt-4o', hour: thisHour, count: 2 },
      { user: alice, model: 'claude', hour: thisHour, count: 1 },
      { user: bob, model: 'gpt-4o', hour: thisHour, count: 5 },
    ])
    const rows = await get(admin, `/api/data/?${range(thisHour, now)}&username=${alice.username}`)
    expect(rows.map((r) => [r.username, r.user_id, r.model_name, r.count])).toEqual([
      [alice.username, alice.id, 'claude', 1],
      [alice.username, alice.id, 'gpt-4o', 2],
    ])
    expect(rows.every((r) => Number(r.id) > 0)).toBe(true)
    expect(await get(admin, `/api/data/?${range(thisHour, now)}&username=nobody`)).toEqual([])
  })

  it('keeps to the range, counting the hour a start falls in', async () => {
    await insert([
      { user: alice, model: 'old', hour: thisHour - 48 * HOUR },
      { user: alice, model: 'in', hour: thisHour - 2 * HOUR },
      { user: alice, model: 'future', hour: thisHour + 48 * HOUR },
    ])
    // The start lies half an hour into the bucket of 'in'.
    const rows = await get(admin, `/api/data/?${range(thisHour - 2 * HOUR + 1800, now)}`)
    expect(rows.map((r) => r.model_name)).toEqual(['in'])
    // Without a range: the last day up to now.
    expect((await get(admin, '/api/data/')).map((r) => r.model_name)).toEqual(['in'])
    // An admin is not held to the month limit.
    expect((await get(admin, `/api/data/?${range(0, now + 100 * 86_400)}`)).map((r) => r.model_name)).toEqual([
      'old',
      'in',
      'future',
    ])
  })

  it('is for admins only', async () => {
    expect((await h.request('GET', '/api/data/', { as: alice })).status).toBe(403)
    expect((await h.request('GET', '/api/data/')).status).toBe(401)
    expect((await h.request('GET', '/api/data/self')).status).toBe(401)
  })
})

describe('GET /api/data/self', () => {
  it('shows a user only their own rows, whatever username they send', async () => {
    await insert([
      { user: alice, model: 'gpt-4o', hour: thisHour, count: 2, quota: BIG },
      { user: bob, model: 'gpt-4o', hour: thisHour, count: 5 },
    ])
    const rows = await get(alice, `/api/data/self?${range(thisHour - HOUR, now)}&username=${bob.username}`)
    expect(rows).toEqual([
      expect.objectContaining({
        user_id: alice.id,
        username: alice.username,
        model_name: 'gpt-4o',
        count: 2,
        quota: BIG,
        token_used: 10,
        created_at: thisHour,
      }),
    ])
  })

  it("refuses a span over a month, in the caller's language, and accepts exactly a month", async () => {
    const start = now - QUOTA_DATA_SELF_MAX_SPAN_SECONDS - 1
    const zh = await h.request('GET', `/api/data/self?${range(start, now)}`, { as: alice })
    expectRefused(zh, 'BAD_REQUEST')
    expect(zh.json).toMatchObject({ success: false, code: 'BAD_REQUEST', message: '时间跨度不能超过 1 个月' })
    const en = await h.request('GET', `/api/data/self?${range(start, now)}`, {
      as: alice,
      headers: { 'accept-language': 'en' },
    })
    expect(en.json?.message).toBe(translate('dashboard.span_too_long', 'en'))
    expect(en.json?.message).toBe('The time span cannot exceed 1 month')
    // A start alone, a month and more ago, spans to now: also refused.
    expectRefused(await h.request('GET', `/api/data/self?start_timestamp=${start}`, { as: alice }), 'BAD_REQUEST')
    expect(await get(alice, `/api/data/self?${range(now - QUOTA_DATA_SELF_MAX_SPAN_SECONDS, now)}`)).toEqual([])
  })
})

describe('input validation', () => {
  it.each([
    ['start_timestamp=abc', 'start_timestamp'],
    ['start_timestamp=-5', 'start_timestamp'],
    ['end_timestamp=1.5', 'end_timestamp'],
    ['end_timestamp=1e9', 'end_timestamp'],
    ['start_timestamp=10&end_timestamp=9999999999999', 'end_timestamp'],
  ])('rejects %s with a clear message', async (query, field) => {
    for (const path of ['/api/data/', '/api/data/self']) {
      const response = await h.request('GET', `${path}?${query}`, { as: admin, headers: { 'accept-language': 'en' } })
      expectRefused(response, 'BAD_REQUEST')
      expect(response.json?.message).toBe(translate('dashboard.invalid_timestamp', 'en', { field }))
    }
  })

  it('rejects an end before the start and an overlong username', async () => {
    for (const path of ['/api/data/', '/api/data/self']) {
      const reversed = await h.request('GET', `${path}?${range(now, now - 1)}`, { as: admin })
      expectRefused(reversed, 'BAD_REQUEST')
      expect(reversed.json?.message).toBe('结束时间不能早于开始时间')
    }
    const long = await h.request('GET', `/api/data/?username=${'x'.repeat(65)}`, { as: admin })
    expectRefused(long, 'BAD_REQUEST')
    expect(long.json?.message).toBe(translate('dashboard.username_too_long', 'zh'))
  })
})

describe('fresh data', () => {
  // Relayed requests reach quota_data in their settlement's transaction, so a read right after shows them.
  const settleOne = async (rollup: boolean, model: string) => {
    const { hold } = await h.services.relay.ledger.reserve({ userId: alice.id, tokenUnlimited: true }, 0, {
      username: alice.username,
      tokenName: 't',
      model,
      group: 'default',
    })
    if (!hold) throw new Error('no hold')
    await h.services.relay.ledger.settle(hold, {
      charge: 1,
      now,
      channelId: 0,
      tokens: 3,
      userId: alice.id,
      username: alice.username,
      model,
      rollup,
    })
  }

  it('shows what the relay just settled, once, under parallel reads', async () => {
    await h.services.db.updateTable('users').set({ quota: 1000 }).where('id', '=', alice.id).execute()
    const work: Promise<unknown>[] = []
    for (let i = 0; i < 50; i++) {
      work.push(settleOne(true, i % 2 ? 'gpt-4o' : 'claude'))
      work.push(
        get(
          i % 3 ? admin : alice,
          i % 3 ? `/api/data/?${range(thisHour, now)}` : `/api/data/self?${range(thisHour, now)}`
        )
      )
    }
    await Promise.all(work)
    const rows = await get(admin, `/api/data/?${range(thisHour, now)}`)
    expect(rows.map((r) => [r.model_name, r.count, r.quota, r.token_used])).toEqual([
      ['claude', 25, 25, 75],
      ['gpt-4o', 25, 25, 75],
    ])
    expect(await h.services.db.selectFrom('quota_data').selectAll().execute()).toHaveLength(2)
  })

  it('writes no rollup while data export is off', async () => {
    await h.services.db.updateTable('users').set({ quota: 1000 }).where('id', '=', alice.id).execute()
    await settleOne(false, 'gpt-4o')
    expect(await get(alice, `/api/data/self?${range(thisHour, now)}`)).toEqual([])
    await settleOne(true, 'gpt-4o')
    expect((await get(alice, `/api/data/self?${range(thisHour, now)}`)).map((r) => r.count)).toEqual([1])
  })
})
