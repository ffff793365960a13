import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RedisClient } from '../../lib/redis.ts'
import { VerificationCodes } from './verification-codes.ts'

const redisUrl = process.env.TEST_REDIS_URL
let redis: RedisClient | undefined

beforeAll(async () => {
  if (redisUrl) redis = (await createClient({ url: redisUrl }).connect()) as RedisClient
})
afterAll(async () => {
  await redis?.quit()
})

/** The same rules in memory, and on Redis when TEST_REDIS_URL is set (shared by every instance). */
const stores: [string, () => VerificationCodes][] = [
  ['memory', () => new VerificationCodes()],
  ...(redisUrl
    ? ([['redis', () => new VerificationCodes({ redis, prefix: `test:${process.pid}:${Math.random()}:` })]] as [
        string,
        () => VerificationCodes,
      ][])
    : []),
]

describe.each(stores)('VerificationCodes (%s)', (_name, make) => {
  it('accepts a code once', async () => {
    const codes = make()
    const code = await codes.issue('register', 'A@x.io')
    expect(code).toMatch(/^\d{6}$/)
    expect(await codes.consume('register', 'a@x.io', code)).toBe(true)
    expect(await codes.consume('register', 'a@x.io', code)).toBe(false)
  })
  it('allows five guesses and then burns the code', async () => {
    const codes = make()
    const code = await codes.issue('register', 'a@x.io')
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) expect(await codes.consume('register', 'a@x.io', wrong)).toBe(false)
    expect(await codes.consume('register', 'a@x.io', code)).toBe(false)
  })
  it('keeps purposes apart', async () => {
    const codes = make()
    const code = await codes.issue('bind', 'a@x.io')
    expect(await codes.consume('register', 'a@x.io', code)).toBe(false)
  })
  it('lets one of many concurrent checks of the right code through', async () => {
    const codes = make()
    const code = await codes.issue('register', 'race@x.io')
    const results = await Promise.all(Array.from({ length: 20 }, () => codes.consume('register', 'race@x.io', code)))
    expect(results.filter(Boolean)).toHaveLength(1)
  })
})

describe('VerificationCodes in memory', () => {
  it('expires after ten minutes', async () => {
    const codes = new VerificationCodes()
    const code = await codes.issue('register', 'a@x.io', 0)
    expect(await codes.consume('register', 'a@x.io', code, 10 * 60 * 1000)).toBe(false)
  })
})
