import { afterAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../lib/logger.ts'
import { connectRedis, type RedisClient } from '../../lib/redis.ts'
import { ResetTokens } from './reset-tokens.ts'

describe('ResetTokens in memory', () => {
  it('accepts a token once, for its own address, within ten minutes', async () => {
    let now = 0
    const tokens = new ResetTokens({ now: () => now })
    const token = await tokens.issue('a@x.com')
    expect(token).toMatch(/^[0-9a-f]{32}$/)
    expect(await tokens.consume('b@x.com', token)).toBe(false)
    const again = await tokens.issue('a@x.com')
    // A newer request voids the older link.
    expect(await tokens.consume('a@x.com', token)).toBe(false)
    now = 10 * 60 * 1000 - 1
    expect(await tokens.consume('a@x.com', again)).toBe(true)
    expect(await tokens.consume('a@x.com', again)).toBe(false)
    const late = await tokens.issue('a@x.com')
    now += 10 * 60 * 1000
    expect(await tokens.consume('a@x.com', late)).toBe(false)
  })

  it('keeps only hashes', async () => {
    const tokens = new ResetTokens()
    const token = await tokens.issue('a@x.com')
    expect(JSON.stringify([...(tokens as unknown as { byHash: Map<string, unknown> }).byHash.keys()])).not.toContain(
      token
    )
  })
})

// The shared store, when the run has a Redis (CI's PostgreSQL job sets TEST_REDIS_URL).
const redisUrl = process.env.TEST_REDIS_URL
if (redisUrl) {
  describe('ResetTokens in Redis', () => {
    let redis: RedisClient | undefined
    const prefix = `test-reset-${process.pid}-${Date.now()}`
    const open = async () => (redis ??= await connectRedis(redisUrl, createLogger('silent')))
    afterAll(async () => {
      if (!redis) return
      for (const key of await redis.keys(`${prefix}:*`)) await redis.del(key)
      redis.destroy()
    })

    it('is shared between two instances, single use, voided by a newer request, and expires', async () => {
      const client = await open()
      const a = new ResetTokens({ redis: client, prefix })
      const b = new ResetTokens({ redis: client, prefix })
      const first = await a.issue('r@x.com')
      const second = await a.issue('r@x.com')
      expect(await b.consume('r@x.com', first)).toBe(false)
      expect(await b.consume('other@x.com', second)).toBe(false)
      const third = await a.issue('r@x.com')
      const results = await Promise.all(Array.from({ length: 10 }, () => b.consume('r@x.com', third)))
      expect(results.filter(Boolean)).toHaveLength(1)
      expect((await client.keys(`${prefix}:*`)).join()).not.toContain(third)

      const short = new ResetTokens({ redis: client, prefix, ttlMs: 100 })
      const late = await short.issue('late@x.com')
      // The expiry is Redis's own (PX): nothing can be observed before it, so wait past the 100 ms TTL.
      await new Promise((resolve) => setTimeout(resolve, 250))
      expect(await short.consume('late@x.com', late)).toBe(false)
    })
  })
}
