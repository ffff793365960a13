import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../../test/harness.ts'
import { OwnPostgres, ownPostgresAvailable } from '../../../test/own-postgres.ts'
import { RedisServer, redisServerAvailable } from '../../../test/redis-server.ts'

/**
 * /readyz under real faults: a PostgreSQL and a Redis of the test's own are stopped, killed and
 * paused under a live app, never the shared servers other tests use. A load balancer polls every
 * second or so; the answer must follow within a few seconds either way.
 */

const FOLLOWS = { timeout: 8_000, interval: 100 }

async function readyz(h: Harness): Promise<{ status: number; body: unknown }> {
  const response = await h.request('GET', '/readyz')
  return { status: response.status, body: response.json }
}

/** Everything passing: the checks the harness has, Redis only when one is configured. */
const allOk = (h: Harness, extra: Record<string, string> = {}) => ({
  status: 200,
  body: {
    status: 'ready',
    checks: { database: 'ok', migrations: 'ok', routing: 'ok', ...(h.services.redis ? { redis: 'ok' } : {}), ...extra },
  },
})

// Skipped only where PostgreSQL's server binaries (initdb, pg_ctl) are not installed: the test needs a cluster it may stop.
describe.skipIf(!ownPostgresAvailable())('/readyz while its PostgreSQL goes away', () => {
  let postgres: OwnPostgres
  let h: Harness

  beforeAll(async () => {
    postgres = await OwnPostgres.create()
    h = await createHarness({ env: { SQL_DSN: postgres.url } })
  }, 60_000)
  afterAll(async () => {
    await h?.close()
    await postgres?.destroy()
  })

  it('turns unready when the database stops, and ready again once it is back', { timeout: 60_000 }, async () => {
    expect(h.services.dialect).toBe('postgres')
    expect(await readyz(h)).toEqual(allOk(h))

    await postgres.stop('immediate')
    // Migrations and the routing table were proven once and stay so; only the database check fails.
    await expect
      .poll(() => readyz(h), FOLLOWS)
      .toEqual({
        status: 503,
        body: {
          status: 'unready',
          checks: { ...allOk(h).body.checks, database: expect.stringMatching(/^error: [\w ]+$/) },
        },
      })
    // The public answer names neither the server nor the DSN.
    expect(JSON.stringify((await readyz(h)).body)).not.toContain(String(postgres.port))

    await postgres.start()
    await expect.poll(() => readyz(h), FOLLOWS).toEqual(allOk(h))
  })
})

// Skipped only where the redis-server binary is not installed: the test needs a server it may kill and pause.
describe.skipIf(!redisServerAvailable())('/readyz while its Redis goes away', () => {
  let redis: RedisServer
  let h: Harness

  beforeAll(async () => {
    redis = await RedisServer.start()
    h = await createHarness({ env: { REDIS_CONN_STRING: redis.url } })
  }, 30_000)
  afterAll(async () => {
    redis?.resume()
    await h?.close()
    await redis?.kill()
  })

  const redisFailing = () => ({
    status: 503,
    body: { status: 'unready', checks: { ...allOk(h).body.checks, redis: expect.stringMatching(/^error: [\w ]+$/) } },
  })

  it('turns unready when Redis is killed, and ready again once it is back', { timeout: 30_000 }, async () => {
    expect(await readyz(h)).toEqual(allOk(h))
    await redis.kill()
    await expect.poll(() => readyz(h), FOLLOWS).toEqual(redisFailing())
    await redis.restart()
    await expect.poll(() => readyz(h), FOLLOWS).toEqual(allOk(h))
  })

  it('answers unready, and in time, while Redis hangs', { timeout: 30_000 }, async () => {
    expect(await readyz(h)).toEqual(allOk(h))
    redis.pause()
    try {
      await expect.poll(() => readyz(h), FOLLOWS).toEqual(redisFailing())
      // A hung dependency must not hang the probe: each answer comes within the check's own timeout.
      const started = performance.now()
      expect((await readyz(h)).status).toBe(503)
      expect(performance.now() - started).toBeLessThan(1_500)
    } finally {
      redis.resume()
    }
    await expect.poll(() => readyz(h), FOLLOWS).toEqual(allOk(h))
  })
})
