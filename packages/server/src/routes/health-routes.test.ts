import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { listen } from '../../test/relay-fixtures.ts'
import { markShuttingDown, readinessOf } from '../services/health/readiness.ts'
import { shutdownGracefully } from '../shutdown.ts'

let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

/** The checks a harness has: Redis only when the run names one (TEST_REDIS_URL). */
const expectedChecks = () => ({
  database: 'ok',
  migrations: 'ok',
  routing: 'ok',
  ...(process.env.TEST_REDIS_URL ? { redis: 'ok' } : {}),
})

describe('GET /healthz', () => {
  it('answers 200 {status: ok}, uncached, without auth', async () => {
    h = await createHarness()
    const response = await h.request('GET', '/healthz')
    expect(response.status).toBe(200)
    expect(response.json).toEqual({ status: 'ok' })
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('answers HEAD with the status and no body', async () => {
    h = await createHarness()
    for (const path of ['/healthz', '/readyz']) {
      const response = await h.request('HEAD', path)
      expect([path, response.status, response.text]).toEqual([path, 200, ''])
    }
  })
})

describe('GET /readyz', () => {
  it('is ready with every check named, and builds the routing table if no request did yet', async () => {
    h = await createHarness()
    expect(h.services.relay.channels.loaded).toBe(false)
    const response = await h.request('GET', '/readyz')
    expect(response.status).toBe(200)
    expect(response.json).toEqual({ status: 'ready', checks: expectedChecks() })
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(h.services.relay.channels.loaded).toBe(true)
  })

  it('names the log database when it is a separate one', async () => {
    h = await createHarness({ env: { LOG_SQL_DSN: 'local' } })
    expect(h.services.logDb).not.toBe(h.services.db)
    expect((await h.request('GET', '/readyz')).json).toEqual({
      status: 'ready',
      checks: { ...expectedChecks(), log_database: 'ok' },
    })
  })

  it('answers 503 once shutdown began, while /healthz still says the process lives', async () => {
    h = await createHarness()
    expect((await h.request('GET', '/readyz')).status).toBe(200)
    markShuttingDown(h.services)
    const response = await h.request('GET', '/readyz')
    expect(response.status).toBe(503)
    expect(response.json).toEqual({ status: 'unready', checks: { shutdown: 'error: shutting down' } })
    expect((await h.request('GET', '/healthz')).status).toBe(200)
  })

  it('is switched to unready by the graceful shutdown itself, even when nothing asked for readiness before', async () => {
    h = await createHarness()
    const served = await listen(h)
    expect((await fetch(`${served.url}/healthz`)).status).toBe(200)
    await shutdownGracefully(served.server, h.services, 1_000)
    expect(await readinessOf(h.services).report()).toEqual({
      ready: false,
      checks: { shutdown: 'error: shutting down' },
    })
  })
})

describe('request log', () => {
  it('writes no line per probe, as it does for every other call', async () => {
    h = await createHarness()
    const info = vi.spyOn(h.services.logger, 'info')
    await h.request('GET', '/healthz')
    await h.request('GET', '/readyz')
    expect(info.mock.calls.filter((call) => call[1] === 'request')).toEqual([])
    await h.request('GET', '/api/status')
    expect(
      info.mock.calls.filter((call) => call[1] === 'request').map((call) => (call[0] as { path: string }).path)
    ).toEqual(['/api/status'])
  })
})

describe('rate limits', () => {
  it('never limit the probes, while the API and console limits are on and biting', async () => {
    const tight = { points: 2, durationSeconds: 60 }
    h = await createHarness({ rateLimits: { globalApi: tight, web: tight } })
    for (let i = 0; i < 30; i++) {
      const [live, ready] = await Promise.all([h.request('GET', '/healthz'), h.request('GET', '/readyz')])
      expect([i, live.status, ready.status]).toEqual([i, 200, 200])
    }
    // The limiters are live: the API refuses its third call from the same address, the console its third page.
    const api = [
      await h.request('GET', '/api/status'),
      await h.request('GET', '/api/status'),
      await h.request('GET', '/api/status'),
    ]
    expect(api.map((r) => r.status)).toEqual([200, 200, 429])
    const pages = [await h.request('GET', '/'), await h.request('GET', '/'), await h.request('GET', '/')]
    expect(pages.at(-1)?.status).toBe(429)
  })
})
