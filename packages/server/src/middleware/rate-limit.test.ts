import { afterEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { readEnv } from '../env.ts'
import { rateLimitSettingsFrom } from '../services/ratelimit/rate-limiters.ts'

let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

describe('rate limits from the environment', () => {
  it('builds each limit the reference names, and leaves out those switched off', () => {
    const on = rateLimitSettingsFrom(readEnv({ GLOBAL_WEB_RATE_LIMIT: '7', SEARCH_RATE_LIMIT_DURATION: '30' }))
    expect(on.web).toEqual({ points: 7, durationSeconds: 180 })
    expect(on.search).toEqual({ points: 10, durationSeconds: 30 })
    expect(on.critical).toEqual({ points: 20, durationSeconds: 1200 })
    const off = rateLimitSettingsFrom(
      readEnv({
        GLOBAL_WEB_RATE_LIMIT_ENABLE: 'false',
        SEARCH_RATE_LIMIT_ENABLE: 'false',
        CRITICAL_RATE_LIMIT_ENABLE: 'false',
        GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
      })
    )
    expect([off.web, off.search, off.critical, off.globalApi]).toEqual([undefined, undefined, undefined, undefined])
  })
})

describe('GLOBAL_WEB_RATE_LIMIT', () => {
  it('limits console page loads per IP, and not the API', async () => {
    h = await createHarness({ rateLimits: { web: { points: 2, durationSeconds: 60 } } })
    const first = await h.request('GET', '/')
    const second = await h.request('GET', '/channel')
    expect(first.status).not.toBe(429)
    expect(second.status).not.toBe(429)
    const third = await h.request('GET', '/')
    expect(third.status).toBe(429)
    expect(third.json).toMatchObject({ success: false, code: 'RATE_LIMITED' })
    const status = await h.request('GET', '/api/status')
    expect(status.json?.success).toBe(true)
    // A page's hashed chunks are not page loads.
    expect((await h.request('GET', '/assets/index-abc123.js')).status).not.toBe(429)
  })
})

describe('SEARCH_RATE_LIMIT', () => {
  it('limits token searches per signed-in user', async () => {
    h = await createHarness({ rateLimits: { search: { points: 2, durationSeconds: 60 } } })
    const alice = await h.createUser()
    const bob = await h.createUser()
    for (let i = 0; i < 2; i++)
      expect((await h.request('GET', '/api/token/search?keyword=x', { as: alice })).json?.success).toBe(true)
    const refused = await h.request('GET', '/api/token/search?keyword=x', { as: alice })
    expect(refused.status).toBe(429)
    expect(refused.json).toMatchObject({ success: false, code: 'RATE_LIMITED' })
    // Another user from the same address has a window of their own; plain lists are not searches.
    expect((await h.request('GET', '/api/token/search?keyword=x', { as: bob })).json?.success).toBe(true)
    expect((await h.request('GET', '/api/token/', { as: alice })).json?.success).toBe(true)
  })
})
