import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness } from '../../test/harness.ts'
import {
  addChannel,
  addToken,
  concurrentChats,
  consumeLogs,
  quotaOf,
  settle,
  tokenRemainOf,
} from '../../test/relay-fixtures.ts'

let mock: MockUpstream
let h: Harness

beforeAll(async () => {
  mock = await startMockUpstream({ completionTokens: 100 })
})
afterAll(async () => {
  await mock.stop()
})
harnessPerTest(async (made) => {
  h = made
  await h.setupRoot()
})

describe('money under concurrency', () => {
  it('1,000 concurrent requests on one token with a small balance never overdraw, and quota + logs stay constant', async () => {
    // Each request costs (1 + 100 x 4) x 0.075 = 30.075 -> 30 quota (the mock counts 'hi' as 1 prompt
    // token); max_tokens covers the answer, so the reservation always covers the charge (bound B = 0).
    const start = 2_000
    const user = await h.createUser(1, { quota: start })
    const { key, id: tokenId } = await addToken(h, user.id, { unlimited: false, remainQuota: start })
    await addChannel(h, { baseUrl: mock.url })
    const results = await concurrentChats(h, key, 1000, {
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
      max_tokens: 100,
    })
    await settle(h)
    const ok = results.filter((r) => r.status === 200).length
    const refused = results.filter((r) => r.status === 403).length
    expect(ok + refused).toBe(1000)
    expect(ok).toBeGreaterThan(0)
    const userQuota = await quotaOf(h, user.id)
    const tokenRemain = await tokenRemainOf(h, tokenId)
    expect(userQuota).toBeGreaterThanOrEqual(0)
    expect(tokenRemain).toBeGreaterThanOrEqual(0)
    const logs = await consumeLogs(h)
    expect(logs).toHaveLength(ok)
    const spent = logs.reduce((sum, log) => sum + Number(log.quota), 0)
    expect(userQuota + spent).toBe(start)
    expect(tokenRemain + spent).toBe(start)
    expect(logs.every((log) => Number(log.quota) === 30)).toBe(true)
    // Every request arrives before the first one settles, so what is served is what the worst-case
    // reservations (the body's length as the prompt, plus max_tokens: about 36 quota each) let in.
    expect(ok).toBeLessThanOrEqual(Math.floor(start / 30))
    expect(ok).toBeGreaterThanOrEqual(Math.floor(start / 40))
  }, 60_000)

  it('never overdraws when the answer costs more than the reservation', async () => {
    // No max_tokens and an upstream that ignores the limit sent to it: the answer costs more than the reservation.
    mock.setBehavior({ completionTokens: 5000 })
    try {
      const user = await h.createUser(1, { quota: 3_000 })
      const { key } = await addToken(h, user.id)
      await addChannel(h, { baseUrl: mock.url })
      const results = await concurrentChats(h, key, 50)
      await settle(h)
      const quota = await quotaOf(h, user.id)
      expect(quota).toBeGreaterThanOrEqual(0)
      const logs = await consumeLogs(h)
      expect(logs).toHaveLength(results.filter((r) => r.status === 200).length)
      expect(quota + logs.reduce((sum, log) => sum + Number(log.quota), 0)).toBe(3_000)
    } finally {
      mock.setBehavior({ completionTokens: 100 })
    }
  }, 60_000)
})
