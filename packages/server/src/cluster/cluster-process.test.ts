import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setupRoot, signIn, type ProcessConsole } from '../../test/process-console.ts'
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts'
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import { parseDsn } from '../db/dsn.ts'

/** Longer than a group commit (20 ms), so every stream in flight has its row when a process is killed. */
const JOURNAL_WAIT_MS = 200

/**
 * WORKERS=2 without Redis, on the database of this run (SQLite file, or TEST_SQL_DSN's PostgreSQL
 * or MySQL): two processes serve one port, and what one does the other sees at once. The money is
 * counted from the database after concurrent load and after kill -9 of a worker mid-stream.
 */

const START_QUOTA = 80_000_000
const TOKEN_QUOTA = 40_000_000
/** The critical limit both workers must count together, per client address. */
const CRITICAL_LIMIT = 5

let database: TestDatabase
let dir: string
let mock: MockUpstream
let server: ServerProcess
let books: DatabaseHandle
let root: ProcessConsole

/** One request on a connection of its own: consecutive ones go to the workers in turn. */
function fresh(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}
): Promise<{ status: number; text: string }> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body)
  return new Promise((resolve, reject) => {
    const call = request(
      `${server.url}${path}`,
      {
        method: init.method ?? 'GET',
        agent: false,
        headers: { ...init.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
        response.on('error', reject)
      }
    )
    call.on('error', reject)
    call.end(body)
  })
}

const chatBody = (stream: boolean) => ({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'hi' }],
  max_tokens: 100,
  stream,
})

/** The pids of the workers that said they listen, in order (a replacement comes last). */
const workerPids = () =>
  [...server.output().matchAll(/"pid":(\d+)[^\n]*"msg":"worker listening"/g)].map((match) => Number(match[1]))

async function readBooks(userId: number, tokenId: number) {
  const number = async (query: ReturnType<typeof sql<{ n: number | string | null }>>) =>
    Number((await query.execute(books.db)).rows[0]?.n ?? 0)
  return {
    quota: await number(sql`SELECT quota AS n FROM users WHERE id = ${userId}`),
    used: await number(sql`SELECT used_quota AS n FROM users WHERE id = ${userId}`),
    remain: await number(sql`SELECT remain_quota AS n FROM tokens WHERE id = ${tokenId}`),
    tokenUsed: await number(sql`SELECT used_quota AS n FROM tokens WHERE id = ${tokenId}`),
    logged: await number(sql`SELECT COALESCE(SUM(quota), 0) AS n FROM logs WHERE type = 2 AND token_id = ${tokenId}`),
    rows: await number(sql`SELECT COUNT(*) AS n FROM logs WHERE type = 2 AND token_id = ${tokenId}`),
    held: await number(sql`SELECT COUNT(*) AS n FROM quota_holds`),
  }
}

/** The books once every answer so far is settled (a settlement deletes its hold in the same transaction). */
async function settledBooks(userId: number, tokenId: number) {
  const deadline = Date.now() + 20_000
  while ((await readBooks(userId, tokenId)).held > 0 && Date.now() < deadline) await sleep(100)
  return readBooks(userId, tokenId)
}

/** No hold left, no charge without its row, token and user telling the same story. */
async function expectBalanced(userId: number, tokenId: number, userStart: number) {
  const after = await settledBooks(userId, tokenId)
  expect(after.held).toBe(0)
  expect(userStart - after.quota).toBe(after.logged)
  expect(TOKEN_QUOTA - after.remain).toBe(after.logged)
  expect(after.tokenUsed).toBe(after.logged)
  return after
}

async function limitedToken(name: string): Promise<{ key: string; id: number }> {
  return root.api<{ key: string; id: number }>('POST', '/api/token/', {
    name,
    unlimited_quota: false,
    remain_quota: TOKEN_QUOTA,
  })
}

/**
 * `count` streams on connections of their own; `begun` counts those past their first bytes, and
 * each ends 'whole' (its [DONE] arrived) or 'cut'.
 */
function openStreams(key: string, count: number) {
  let begun = 0
  const outcomes = Promise.all(
    Array.from({ length: count }, async (): Promise<'whole' | 'cut'> => {
      const response = await fetch(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', connection: 'close' },
        body: JSON.stringify(chatBody(true)),
      })
      const reader = response.body!.getReader()
      const decoder = new TextDecoder()
      let text = decoder.decode((await reader.read()).value)
      begun++
      try {
        for (let part = await reader.read(); !part.done; part = await reader.read()) text += decoder.decode(part.value)
      } catch {
        return 'cut'
      }
      return text.includes('[DONE]') ? 'whole' : 'cut'
    })
  )
  return { begun: () => begun, outcomes }
}

/** Those of `pids` still running. */
const alive = (pids: number[]) =>
  pids.filter((pid) => {
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  })

beforeAll(async () => {
  database = await createTestDatabase()
  dir = mkdtempSync(join(tmpdir(), 'cluster-'))
  // Streams of 20 chunks 40 ms apart: about 0.8 s, long enough to be caught in flight.
  mock = await startMockUpstream({ chunks: 20, chunkDelayMs: 40 })
  const sqlitePath = join(dir, 'gateway.db')
  server = await startServerProcess(serverEnv(sqlitePath))
  books = await openDatabase(parseDsn(database.dsn, sqlitePath), { maxOpen: 2, maxLifetimeSeconds: 60 })
}, 60_000)

const serverEnv = (sqlitePath: string) => ({
  WORKERS: '2',
  SQLITE_PATH: sqlitePath,
  ...(database.dsn ? { SQL_DSN: database.dsn } : {}),
  LEDGER_HEARTBEAT_SECONDS: '1',
  // Only the primary may carry changes within the test: the periodic reloads are an hour away.
  SYNC_FREQUENCY: '3600',
  CRITICAL_RATE_LIMIT: String(CRITICAL_LIMIT),
  TRUSTED_PROXIES: '127.0.0.1,::1',
  // A run of channel tests pauses a second between channels, so it is still going when looked at.
  POLLING_INTERVAL: '1',
})

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) await server.kill9()
  await books?.close()
  await mock?.stop()
  await database?.drop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('WORKERS=2 without Redis', () => {
  it('runs two workers on one port, each its own process', async () => {
    // The primary's "console at" can reach the shared stdout before the last worker's own line does.
    await expect.poll(() => new Set(workerPids()).size, { timeout: 5_000 }).toBe(2)
    const pids = workerPids()
    expect(pids).not.toContain(server.child.pid)
    expect(server.output()).toContain('"workers":2')
  })

  // /proc/<pid>/environ is Linux's; elsewhere there is no way to read another process's environment.
  it.runIf(process.platform === 'linux')('starts each worker with two malloc arenas', () => {
    const environments = workerPids().map((pid) =>
      readFileSync(`/proc/${pid}/environ`, 'utf8')
        .split('\0')
        .filter((entry) => entry.startsWith('MALLOC_ARENA_MAX='))
    )
    expect(environments).toEqual([['MALLOC_ARENA_MAX=2'], ['MALLOC_ARENA_MAX=2']])
  })

  it('shows the setup as done on every worker once one of them did it', async () => {
    root = await setupRoot(server.url)
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => fresh('/api/setup').then((r) => JSON.parse(r.text).data.status as boolean))
    )
    expect(answers).toEqual([true, true, true, true, true, true])
    await root.addChannel(mock.url)
  })

  it('stops a disabled token on every worker at once (the change goes through the primary)', async () => {
    const token = await limitedToken('switch')
    const call = () =>
      fresh('/v1/chat/completions', {
        method: 'POST',
        headers: { authorization: `Bearer ${token.key}` },
        body: chatBody(false),
      }).then((r) => r.status)
    // Both workers serve it, and so hold it in their caches.
    expect(await Promise.all(Array.from({ length: 6 }, call))).toEqual([200, 200, 200, 200, 200, 200])
    await root.api('PUT', '/api/token/?status_only=true', { id: token.id, status: 2 })
    expect(await Promise.all(Array.from({ length: 6 }, call))).toEqual([401, 401, 401, 401, 401, 401])
  })

  it('counts the critical rate limit once for both workers', async () => {
    const statuses: number[] = []
    for (let i = 0; i < CRITICAL_LIMIT + 3; i++)
      statuses.push(
        (
          await fresh('/api/user/login', {
            method: 'POST',
            headers: { 'x-forwarded-for': '198.51.100.7' },
            body: { username: `nobody-${i}`, password: 'wrong-password' },
          })
        ).status
      )
    expect(statuses.filter((status) => status === 429)).toHaveLength(3)
    expect(statuses.slice(CRITICAL_LIMIT).every((status) => status === 429)).toBe(true)
  })

  it('takes the keys of a polling multi-key channel in turn across both workers', async () => {
    await root.api('POST', '/api/channel/', {
      mode: 'multi_to_single',
      multi_key_mode: 'polling',
      channel: {
        name: 'turns',
        type: 1,
        key: 'sk-turn-a\nsk-turn-b',
        models: 'gpt-4.1-nano',
        base_url: mock.url,
        private_network: 1,
      },
    })
    const token = await root.addToken()
    const before = mock.requests.length
    for (let i = 0; i < 6; i++) {
      const answer = await fresh('/v1/chat/completions', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: { ...chatBody(false), model: 'gpt-4.1-nano' },
      })
      expect(answer.status).toBe(200)
    }
    const sent = mock.requests.slice(before).map((r) => String(r.headers.authorization).replace(/^Bearer /, ''))
    expect(sent).toHaveLength(6)
    for (let i = 1; i < sent.length; i++) expect(sent[i]).not.toBe(sent[i - 1])
  })

  it('keeps the books exact under concurrent load spread over both workers', async () => {
    await sql`UPDATE users SET quota = ${START_QUOTA} WHERE id = ${root.userId}`.execute(books.db)
    const token = await limitedToken('load')
    // The earlier tests' last settlements land first: the user's balance moves with them.
    const started = await settledBooks(root.userId, token.id)
    let answered = 0
    await Promise.all(
      Array.from({ length: 16 }, async (_, lane) => {
        for (let i = 0; i < 8; i++) {
          const response = await fresh('/v1/chat/completions', {
            method: 'POST',
            headers: { authorization: `Bearer ${token.key}` },
            body: chatBody((lane + i) % 2 === 0),
          })
          if (response.status === 200) answered++
        }
      })
    )
    expect(answered).toBe(128)
    const after = await expectBalanced(root.userId, token.id, started.quota)
    expect(after.rows).toBe(128)
    expect(after.logged).toBeGreaterThan(0)
  }, 60_000)

  it("answers /metrics on either worker with both workers' requests counted", async () => {
    await root.api('PUT', '/api/option/', { key: 'MetricsAccess', value: 'public' })
    const answered = (text: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('gateway_relay_requests_total{') && line.includes('status="200"'))
        .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0)
    // Every request so far reached the mock once and was answered 200, on one worker or the other.
    // The other worker reloads the option when the primary passes the change on, a moment after the PUT answered.
    let scrapes: Awaited<ReturnType<typeof fresh>>[] = []
    await expect
      .poll(
        async () => {
          scrapes = await Promise.all(Array.from({ length: 4 }, () => fresh('/metrics')))
          return scrapes.map((scrape) => scrape.status)
        },
        { timeout: 5_000 }
      )
      .toEqual([200, 200, 200, 200])
    expect(scrapes.map((scrape) => answered(scrape.text))).toEqual(Array(4).fill(mock.requests.length))
    expect(mock.requests.length).toBeGreaterThanOrEqual(140)
  })

  it('keeps one run of channel tests for both workers: started on one, seen and refused on the other', async () => {
    const admin = { headers: root.session }
    const progress = async () =>
      (JSON.parse((await fresh('/api/channel/test/progress', admin)).text) as { data: Record<string, unknown> }).data
    const channels = (await root.api<{ total: number }>('GET', '/api/channel/?p=1&page_size=100')).total
    expect(channels).toBeGreaterThanOrEqual(2)
    const starts = [await fresh('/api/channel/test', admin), await fresh('/api/channel/test', admin)]
    // Consecutive connections go to the workers in turn: the second start reached the other worker,
    // which refuses it as the reference does (200, success false).
    expect(JSON.parse(starts[0]!.text)).toMatchObject({ success: true, data: { running: true, total: channels } })
    expect(JSON.parse(starts[1]!.text)).toMatchObject({ success: false, message: '测试已在运行中' })
    const seen = await Promise.all([progress(), progress()])
    for (const data of seen) expect(data).toMatchObject({ running: true, total: channels })
    const deadline = Date.now() + 20_000
    while ((await progress()).running && Date.now() < deadline) await sleep(200)
    expect(await progress()).toMatchObject({ running: false, done: channels, total: channels, failed: 0 })
  }, 30_000)

  it('replaces a worker killed with -9 mid-stream; its holds come back and the books agree', async () => {
    const token = await limitedToken('crash')
    // The earlier tests' last settlements land first: the user's balance moves with them.
    const started = await settledBooks(root.userId, token.id)
    const [first, second] = workerPids()
    const streams = openStreams(token.key, 12)
    while (streams.begun() < 12) await sleep(20)
    // A request served from a lease has its row from the next group commit on (within 20 ms).
    await sleep(JOURNAL_WAIT_MS)
    process.kill(second!, 'SIGKILL')
    expect(await streams.outcomes).toContain('cut')
    const deadline = Date.now() + 15_000
    while (workerPids().length < 3 && Date.now() < deadline) await sleep(100)
    expect(workerPids()).toHaveLength(3)
    expect(server.output()).toContain('worker died; starting another')
    const after = await expectBalanced(root.userId, token.id, started.quota)
    // Every stream has its row: whole ones charged, cut ones logged as interrupted.
    expect(after.rows).toBe(12)
    expect(workerPids()[0]).toBe(first)
    // And the replacement serves.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        fresh('/v1/chat/completions', {
          method: 'POST',
          headers: { authorization: `Bearer ${token.key}` },
          body: chatBody(false),
        }).then((r) => r.status)
      )
    )
    expect(answers).toEqual([200, 200, 200, 200])
  }, 60_000)

  it('stops the primary and every worker on SIGTERM, each with code 0', async () => {
    const pids = workerPids()
    expect(await server.terminate()).toBe(0)
    expect(alive(pids)).toEqual([])
  }, 60_000)

  it('lets the workers finish their streams and settle them when the primary is killed with -9', async () => {
    server = await startServerProcess(serverEnv(join(dir, 'gateway.db')))
    root = await signIn(server.url)
    const token = await limitedToken('orphaned')
    const started = await settledBooks(root.userId, token.id)
    const pids = workerPids()
    const streams = openStreams(token.key, 8)
    while (streams.begun() < 8) await sleep(20)
    process.kill(server.child.pid!, 'SIGKILL')
    expect(await streams.outcomes).toEqual(Array.from({ length: 8 }, () => 'whole'))
    const deadline = Date.now() + 15_000
    while (alive(pids).length > 0 && Date.now() < deadline) await sleep(100)
    expect(alive(pids)).toEqual([])
    expect(server.output()).toContain('"signal":"primary gone"')
    const after = await expectBalanced(root.userId, token.id, started.quota)
    expect(after.rows).toBe(8)
    expect(after.logged).toBeGreaterThan(0)
  }, 60_000)
})
