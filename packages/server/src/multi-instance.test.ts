import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setupRoot, signIn, type ProcessConsole } from '../test/process-console.ts'
import { startServerProcess, type ServerProcess } from '../test/server-process.ts'
import { createTestDatabase } from '../test/test-database.ts'

/**
 * The topology of compose.yaml without Docker: two gateway processes, one master and one slave,
 * on one PostgreSQL (a fresh schema) and one Redis (a fresh key prefix), with the same secrets.
 * What one instance does, the other must see: tokens, sessions, disabled channels, spent quota,
 * rate limits; and only the master runs the background jobs.
 */

const dsn = process.env.TEST_SQL_DSN
const redisUrl = process.env.TEST_REDIS_URL
const START_QUOTA = 100_000_000
/** The login limit both instances share through Redis, per client address. */
const CRITICAL_LIMIT = 4

// Needs both servers, and runs only when both are given: .ci/run's PostgreSQL suite sets TEST_SQL_DSN and
// TEST_REDIS_URL (its MariaDB suite has no Redis). The books are read with the PostgreSQL client.
describe.runIf(dsn?.startsWith('postgres') && redisUrl)('two instances on one PostgreSQL and Redis', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let books: pg.Pool
  let preferred: MockUpstream
  let fallback: MockUpstream
  /** A Suno upstream that refuses every poll: a poll leaves a warning in the log of the instance that made it. */
  let suno: Server
  let dir: string
  let master: ServerProcess
  let slave: ServerProcess
  let root: ProcessConsole

  beforeAll(async () => {
    database = await createTestDatabase()
    books = new pg.Pool({ connectionString: database.dsn, max: 2 })
    preferred = await startMockUpstream()
    fallback = await startMockUpstream()
    suno = createServer((_request, response) => {
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"code":"busy","message":"busy"}')
    })
    await new Promise<void>((resolve) => suno.listen(0, '127.0.0.1', resolve))
    dir = mkdtempSync(join(tmpdir(), 'multi-instance-'))
    const shared = {
      SQL_DSN: database.dsn,
      REDIS_CONN_STRING: redisUrl,
      REDIS_KEY_PREFIX: `mi-${randomBytes(4).toString('hex')}`,
      SESSION_SECRET: 'multi-instance-session-secret',
      CRYPTO_SECRET: 'multi-instance-crypto-secret',
      // Only Redis may carry changes within the test: the periodic reloads are an hour away.
      SYNC_FREQUENCY: '3600',
      // The test plays the proxy: it names the client address in X-Forwarded-For.
      TRUSTED_PROXIES: '127.0.0.1,::1',
      CRITICAL_RATE_LIMIT: String(CRITICAL_LIMIT),
      GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
      // Configured alike on both: only the master may act on it.
      SUNO_TASK_POLL_SECONDS: '1',
      MJ_POLL_INTERVAL_SECONDS: '0',
    }
    // The master migrates the schema; the slave, which never does, starts after it as compose.yaml orders them.
    master = await startServerProcess(
      { ...shared, NODE_TYPE: 'master', NODE_NAME: 'mi-master', SQLITE_PATH: join(dir, 'master.db') },
      60_000
    )
    slave = await startServerProcess(
      { ...shared, NODE_TYPE: 'slave', NODE_NAME: 'mi-slave', SQLITE_PATH: join(dir, 'slave.db') },
      60_000
    )
    root = await setupRoot(master.url)
    await books.query('UPDATE users SET quota = $1, used_quota = 0 WHERE id = $2', [START_QUOTA, root.userId])
    // The higher priority wins while enabled; the other channel is the fallback.
    await root.api('POST', '/api/channel/', {
      name: 'preferred',
      type: 1,
      key: 'sk-upstream',
      models: 'gpt-4o-mini',
      base_url: preferred.url,
      private_network: 1,
      priority: 10,
    })
    await root.api('POST', '/api/channel/', {
      name: 'fallback',
      type: 1,
      key: 'sk-upstream',
      models: 'gpt-4o-mini',
      base_url: fallback.url,
      private_network: 1,
      priority: 0,
    })
  }, 120_000)

  afterAll(async () => {
    await Promise.all([master, slave].filter(Boolean).map((server) => server.terminate()))
    await books?.end()
    await database?.drop()
    await preferred?.stop()
    await fallback?.stop()
    await new Promise((resolve) => suno?.close(resolve))
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const chat = async (server: ServerProcess, key: string) => {
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], max_tokens: 20 }),
      signal: AbortSignal.timeout(10_000),
    })
    return { status: response.status, body: await response.text() }
  }

  it('a token created on the master works on the slave, and stops working there once disabled on the master', async () => {
    const token = await root.api<{ key: string; id: number }>('POST', '/api/token/', {
      name: 'shared',
      unlimited_quota: true,
    })
    const answer = await chat(slave, token.key)
    expect(answer.status).toBe(200)
    expect((JSON.parse(answer.body) as { object: string }).object).toBe('chat.completion')
    // And a key nobody created is refused there.
    expect((await chat(slave, 'sk-not-a-token-of-this-gateway')).status).toBe(401)

    // The slave has the token cached now; the change event drops it there (its own expiry is an hour away).
    await root.api('PUT', '/api/token/?status_only=true', { id: token.id, status: 2 })
    await expect.poll(async () => (await chat(slave, token.key)).status, { timeout: 3_000, interval: 50 }).toBe(401)
  })

  it('a console session from the master is valid on the slave', async () => {
    const response = await fetch(`${slave.url}/api/user/self`, {
      headers: root.session,
      signal: AbortSignal.timeout(10_000),
    })
    const envelope = (await response.json()) as { success: boolean; data: { id: number; username: string } }
    expect(envelope.success).toBe(true)
    expect(envelope.data).toMatchObject({ id: root.userId, username: 'root' })
    // Signed out on the slave, the session is gone on the master too: it lives in the database.
    const logout = await fetch(`${slave.url}/api/user/logout`, {
      headers: root.session,
      signal: AbortSignal.timeout(10_000),
    })
    expect(logout.status).toBe(200)
    const after = await fetch(`${master.url}/api/user/self`, {
      headers: root.session,
      signal: AbortSignal.timeout(10_000),
    })
    expect(after.status).toBe(401)
    root = await signIn(master.url)
  })

  it('a channel disabled on the master stops being chosen on the slave at once', async () => {
    const key = await root.addToken()
    preferred.reset()
    fallback.reset()
    expect((await chat(slave, key)).status).toBe(200)
    expect([preferred.hits(), fallback.hits()]).toEqual([1, 0])

    const { rows } = await books.query<{ id: number }>("SELECT id FROM channels WHERE name = 'preferred'")
    await root.api('PUT', '/api/channel/', { id: rows[0]?.id, status: 2 })
    // Redis carries the change; the slave's own reload is an hour away.
    await expect
      .poll(
        async () => {
          preferred.reset()
          expect((await chat(slave, key)).status).toBe(200)
          return preferred.hits()
        },
        { timeout: 3_000, interval: 50 }
      )
      .toBe(0)
    fallback.reset()
    for (let i = 0; i < 5; i++) expect((await chat(slave, key)).status).toBe(200)
    expect([preferred.hits(), fallback.hits()]).toEqual([0, 5])
  })

  it('quota spent through both instances at once adds up exactly, one log row per request', async () => {
    const token = await root.api<{ key: string; id: number }>('POST', '/api/token/', {
      name: 'split',
      unlimited_quota: true,
    })
    const requests = 40
    const answers = await Promise.all(
      Array.from({ length: requests }, (_, i) => chat(i % 2 === 0 ? master : slave, token.key))
    )
    expect(answers.map((a) => a.status)).toEqual(Array<number>(requests).fill(200))

    const read = async () => {
      const user = (
        await books.query<{ quota: string; used_quota: string }>('SELECT quota, used_quota FROM users WHERE id = $1', [
          root.userId,
        ])
      ).rows[0]
      const held = (await books.query<{ n: string }>('SELECT COUNT(*) AS n FROM quota_holds')).rows[0]
      const all = (
        await books.query<{ sum: string }>(
          'SELECT COALESCE(SUM(quota), 0) AS sum FROM logs WHERE type = 2 AND user_id = $1',
          [root.userId]
        )
      ).rows[0]
      const split = (
        await books.query<{ n: string; zero: string }>(
          'SELECT COUNT(*) AS n, SUM(CASE WHEN quota > 0 THEN 0 ELSE 1 END) AS zero FROM logs WHERE type = 2 AND token_id = $1',
          [token.id]
        )
      ).rows[0]
      return {
        quota: Number(user?.quota),
        used: Number(user?.used_quota),
        held: Number(held?.n),
        logged: Number(all?.sum),
        rows: Number(split?.n),
        unpaid: Number(split?.zero),
      }
    }
    // Settlements are written in the background; once nothing is held, every one of them is in.
    await expect.poll(async () => (await read()).held, { timeout: 10_000 }).toBe(0)
    const after = await read()
    expect(after.rows).toBe(requests)
    expect(after.unpaid).toBe(0)
    expect(after.logged).toBeGreaterThan(0)
    expect(START_QUOTA - after.quota).toBe(after.logged)
    expect(after.used).toBe(after.logged)
  })

  it('rate limits are shared: the limit counts hits on both instances together', async () => {
    // A client address of its own (believed from the trusted loopback "proxy"), so earlier sign-ins do not count.
    const attempt = async (server: ServerProcess) => {
      const response = await fetch(`${server.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.17' },
        body: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
        signal: AbortSignal.timeout(10_000),
      })
      return response.status
    }
    const statuses: number[] = []
    for (let i = 0; i < CRITICAL_LIMIT; i++) statuses.push(await attempt(i % 2 === 0 ? master : slave))
    expect(statuses.filter((status) => status === 429)).toEqual([])
    // Each instance alone has seen only half the limit; together they have seen all of it.
    expect(await attempt(slave)).toBe(429)
    expect(await attempt(master)).toBe(429)
  })

  it('only the master runs the background jobs', async () => {
    await root.api('POST', '/api/channel/', {
      name: 'suno',
      type: 36,
      key: 'sk-suno',
      models: 'suno_music',
      base_url: `http://127.0.0.1:${(suno.address() as AddressInfo).port}`,
      private_network: 1,
    })
    const { rows } = await books.query<{ id: number }>("SELECT id FROM channels WHERE name = 'suno'")
    const now = Math.floor(Date.now() / 1000)
    await books.query(
      "INSERT INTO tasks (created_at, updated_at, task_id, platform, user_id, channel_id, action, status, submit_time) VALUES ($1, $1, 'upstream-task-1', 'suno', $2, $3, 'MUSIC', 'SUBMITTED', $1)",
      [now, root.userId, rows[0]?.id]
    )
    const warnings = (server: ServerProcess) =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('suno fetch failed')).length
    // Both poll every second if they poll at all: three polls of the master leave the slave time for two.
    await expect.poll(() => warnings(master), { timeout: 15_000 }).toBeGreaterThanOrEqual(3)
    expect(warnings(slave)).toBe(0)
  })
})
