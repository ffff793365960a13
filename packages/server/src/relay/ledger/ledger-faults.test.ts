import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { setTimeout as sleep } from 'node:timers/promises'
import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { OwnPostgres } from '../../../test/own-postgres.ts'
import { setupRoot, type ProcessConsole } from '../../../test/process-console.ts'
import { startServerProcess, type ServerProcess } from '../../../test/server-process.ts'

/**
 * The ledger under real faults, with the server in its own process: kill -9 with requests in
 * flight, and its PostgreSQL stopped under load. After each, the books are counted from the
 * database: nothing held, no charge without its row, token and user agreeing.
 */

const START_QUOTA = 50_000_000
/** How long the test's PostgreSQL stays stopped under load. */
const OUTAGE_MS = 5_000
const TOKEN_QUOTA = 20_000_000

let mock: MockUpstream
let dir: string
const running: ServerProcess[] = []

beforeAll(async () => {
  // 20 chunks 60 ms apart: streams of about 1.2 s, long enough to be caught in flight.
  mock = await startMockUpstream({ chunks: 20, chunkDelayMs: 60 })
})
afterAll(async () => {
  await mock.stop()
})
afterEach(async () => {
  for (const server of running.splice(0))
    if (server.child.exitCode === null && server.child.signalCode === null) await server.kill9()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ LEDGER_HEARTBEAT_SECONDS: '1', ...env })
  running.push(server)
  return server
}

async function prepare(
  server: ServerProcess,
  setQuota: (userId: number) => Promise<void>
): Promise<{ console: ProcessConsole; key: string; tokenId: number }> {
  const console = await setupRoot(server.url)
  await console.addChannel(mock.url)
  await setQuota(console.userId)
  const token = await console.api<{ key: string; id: number }>('POST', '/api/token/', {
    name: 'faults',
    unlimited_quota: false,
    remain_quota: TOKEN_QUOTA,
  })
  return { console, key: token.key, tokenId: token.id }
}

/** One chat call; `complete` when the whole answer arrived (the stream's [DONE] included). */
async function chat(
  url: string,
  key: string,
  stream: boolean
): Promise<{ status: number; complete: boolean; code?: string }> {
  try {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'hi' }],
        max_tokens: 200,
        stream,
      }),
      signal: AbortSignal.timeout(15_000),
    })
    const text = await response.text()
    if (response.status !== 200)
      return {
        status: response.status,
        complete: false,
        code: (JSON.parse(text) as { error?: { code?: string } }).error?.code,
      }
    return { status: 200, complete: stream ? text.includes('[DONE]') : text.includes('"usage"') }
  } catch {
    return { status: 0, complete: false }
  }
}

interface Books {
  quota: number
  used: number
  remain: number
  tokenUsed: number
  logged: number
  rows: number
  interrupted: number
  held: number
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await sleep(200)
  }
}

describe('kill -9 with requests in flight (SQLite)', () => {
  it('after a restart nothing stays held, every charge has its row, and token and user agree', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ledger-kill-'))
    const env = { SQLITE_PATH: join(dir, 'gateway.db') }
    const file = new DatabaseSync(env.SQLITE_PATH)
    const books = (userId: number, tokenId: number): Books => {
      const user = file.prepare('SELECT quota, used_quota FROM users WHERE id = ?').get(userId) as {
        quota: number
        used_quota: number
      }
      const token = file.prepare('SELECT remain_quota, used_quota FROM tokens WHERE id = ?').get(tokenId) as {
        remain_quota: number
        used_quota: number
      }
      const logs = file
        .prepare(
          "SELECT COALESCE(SUM(quota), 0) AS quota, COUNT(*) AS n, SUM(content LIKE '%中断%') AS cut FROM logs WHERE type = 2"
        )
        .get() as { quota: number; n: number; cut: number }
      const held = file.prepare('SELECT COALESCE(SUM(amount), 0) AS amount FROM quota_holds').get() as {
        amount: number
      }
      return {
        quota: user.quota,
        used: user.used_quota,
        remain: token.remain_quota,
        tokenUsed: token.used_quota,
        logged: logs.quota,
        rows: logs.n,
        interrupted: Number(logs.cut),
        held: held.amount,
      }
    }
    let server = await start(env)
    const { console, key, tokenId } = await prepare(server, async (id) => {
      file.prepare('UPDATE users SET quota = ? WHERE id = ?').run(START_QUOTA, id)
    })

    // Some answers finish and settle before the crash.
    for (let i = 0; i < 8; i++) expect((await chat(server.url, key, false)).status).toBe(200)
    // 32 streams in flight, each past its first bytes, when the process is killed.
    let started = 0
    const inFlight = Array.from({ length: 32 }, async () => {
      const response = await fetch(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'gpt-4o-mini',
          messages: [{ role: 'user', content: 'hi' }],
          max_tokens: 200,
          stream: true,
        }),
      })
      const reader = response.body?.getReader()
      await reader?.read()
      started++
      return reader
        ?.read()
        .then(
          () => 'ok',
          () => 'cut'
        )
        .catch(() => 'cut')
    })
    await until(async () => started === 32, 10_000)
    // A request served from a lease has its row from the next group commit on (within 20 ms).
    await sleep(200)
    await server.kill9()
    await Promise.allSettled(inFlight)
    const atCrash = books(console.userId, tokenId)
    expect(atCrash.held).toBeGreaterThan(0)

    const restarted = Date.now()
    server = await start(env)
    // The dead process's heartbeat goes silent; its holds are returned within a few beats.
    await until(async () => books(console.userId, tokenId).held === 0, 15_000)
    const after = books(console.userId, tokenId)
    globalThis.console.info(
      `kill -9: ${atCrash.held} quota held at the crash, returned ${Date.now() - restarted} ms after the restart began; rows ${after.rows} (${after.interrupted} interrupted), charged ${after.logged}`
    )
    expect(after.rows).toBe(40)
    expect(after.interrupted).toBe(32)
    // No charge without its row, and both balances tell the same story.
    expect(START_QUOTA - after.quota).toBe(after.logged)
    expect(after.used).toBe(after.logged)
    expect(TOKEN_QUOTA - after.remain).toBe(after.logged)
    expect(after.tokenUsed).toBe(after.logged)
    // And the restarted instance serves.
    expect((await chat(server.url, key, true)).complete).toBe(true)
    file.close()
  }, 90_000)
})

describe('PostgreSQL stopped under load', () => {
  let postgres: OwnPostgres | undefined
  afterEach(async () => {
    await postgres?.destroy()
    postgres = undefined
  })

  it('keeps the process up, answers 503, applies every settlement when the database returns, and serves again within 2 s', async () => {
    postgres = await OwnPostgres.create()
    dir = mkdtempSync(join(tmpdir(), 'ledger-pg-'))
    const client = new pg.Pool({ connectionString: postgres.url, max: 2 })
    client.on('error', () => undefined)
    const server = await start({ SQL_DSN: postgres.url, SQLITE_PATH: join(dir, 'gateway.db') })
    const { console, key, tokenId } = await prepare(server, async (id) => {
      await client.query('UPDATE users SET quota = $1 WHERE id = $2', [START_QUOTA, id])
    })

    const results: { status: number; complete: boolean; code?: string; at: number }[] = []
    let stopAt = Number.POSITIVE_INFINITY
    let back = Number.POSITIVE_INFINITY
    let loading = true
    const workers = Array.from({ length: 6 }, async (_, worker) => {
      for (let i = 0; loading; i++) {
        const result = await chat(server.url, key, (worker + i) % 2 === 0)
        results.push({ ...result, at: Date.now() })
        if (result.status !== 200) await sleep(50)
      }
    })
    // Load before, during and after the outage. The outage outlasts three heartbeats (LEDGER_HEARTBEAT_SECONDS
    // is 1), so the instance's own beats go silent as long as the sweeper allows before it returns.
    await sleep(2_000)
    stopAt = Date.now()
    await postgres.stop('fast')
    await sleep(OUTAGE_MS)
    await postgres.start()
    back = Date.now()
    await sleep(3_000)
    loading = false
    await Promise.all(workers)
    await client.end()

    expect(server.child.exitCode).toBeNull()
    const during = results.filter((r) => r.at > stopAt + 500 && r.at < back)
    expect(during.filter((r) => r.status === 503).length).toBeGreaterThan(0)
    expect(during.filter((r) => r.status === 503).every((r) => r.code === 'database_unavailable')).toBe(true)
    expect(results.every((r) => r.status === 200 || r.status === 503)).toBe(true)
    const firstServed = results.find((r) => r.at > back && r.status === 200 && r.complete)
    globalThis.console.info(
      `postgres stopped ${OUTAGE_MS / 1000} s: ${results.length} requests, ${results.filter((r) => r.status === 503).length} answered 503, first answer ${(firstServed?.at ?? Infinity) - back} ms after it returned`
    )
    expect(firstServed).toBeDefined()
    expect((firstServed?.at ?? Infinity) - back).toBeLessThan(2_000)

    // Every answer that reached its client is billed and logged, spooled ones included.
    const books = new pg.Pool({ connectionString: postgres.url, max: 1 })
    const read = async () => {
      const user = (await books.query('SELECT quota, used_quota FROM users WHERE id = $1', [console.userId])).rows[0]
      const token = (await books.query('SELECT remain_quota, used_quota FROM tokens WHERE id = $1', [tokenId])).rows[0]
      const logs = (
        await books.query('SELECT COALESCE(SUM(quota), 0) AS quota, COUNT(*) AS n FROM logs WHERE type = 2')
      ).rows[0]
      const held = (await books.query('SELECT COUNT(*) AS n FROM quota_holds')).rows[0]
      return {
        quota: Number(user.quota),
        used: Number(user.used_quota),
        remain: Number(token.remain_quota),
        tokenUsed: Number(token.used_quota),
        logged: Number(logs.quota),
        rows: Number(logs.n),
        held: Number(held.n),
      }
    }
    await until(async () => (await read()).held === 0, 10_000)
    const after = await read()
    await books.end()
    expect(after.rows).toBe(results.filter((r) => r.status === 200).length)
    expect(START_QUOTA - after.quota).toBe(after.logged)
    expect(after.used).toBe(after.logged)
    expect(TOKEN_QUOTA - after.remain).toBe(after.logged)
    expect(after.tokenUsed).toBe(after.logged)
    // Answers that finished while the database was away went through the spool.
    expect(server.output()).toContain('ledger write failed; settlements spooled')
    expect(server.output()).toContain('spooled settlements applied')
  }, 120_000)
})
