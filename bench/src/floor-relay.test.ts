import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFloorRelay, type FloorRelay } from './floor-relay.ts'
import { startMockUpstream, type MockUpstream } from './mock-upstream.ts'

let dir: string
let db: DatabaseSync
let mock: MockUpstream
let relay: FloorRelay
let relayUrl: string
const KEY = 'sk-floor-test'
const START = 1_000_000

// The columns of the gateway's tables that the floor relay reads and writes (the bench points it at
// the gateway's own file, which has them all).
const SCHEMA = `
  CREATE TABLE users (id INTEGER PRIMARY KEY, quota INTEGER NOT NULL, used_quota INTEGER NOT NULL DEFAULT 0, request_count INTEGER NOT NULL DEFAULT 0);
  CREATE TABLE tokens (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, name TEXT NOT NULL, unlimited_quota INTEGER NOT NULL DEFAULT 0, remain_quota INTEGER NOT NULL, used_quota INTEGER NOT NULL DEFAULT 0);
  CREATE TABLE quota_holds (id TEXT PRIMARY KEY, owner TEXT, user_id INTEGER, token_id INTEGER, token_limited INTEGER, amount INTEGER, created_at INTEGER, model_name TEXT, request_id TEXT);
  CREATE TABLE logs (id INTEGER PRIMARY KEY, user_id INTEGER, created_at INTEGER, type INTEGER, content TEXT, token_name TEXT, model_name TEXT, quota INTEGER, prompt_tokens INTEGER, completion_tokens INTEGER, use_time INTEGER, is_stream INTEGER, channel_id INTEGER, token_id INTEGER, "group" TEXT, other TEXT, request_id TEXT);
`

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'floor-relay-'))
  const sqlitePath = join(dir, 'floor.db')
  db = new DatabaseSync(sqlitePath)
  db.exec(SCHEMA)
  db.prepare('INSERT INTO users (id, quota) VALUES (1, ?)').run(START)
  db.prepare("INSERT INTO tokens (id, user_id, name, remain_quota) VALUES (5, 1, 'floor', ?)").run(START)
  db.prepare("INSERT INTO tokens (id, user_id, name, remain_quota) VALUES (4, 1, 'other', 0)").run()
  mock = await startMockUpstream({ chunks: 4 })
  relay = await startFloorRelay({ upstreamUrl: mock.url, sqlitePath, key: KEY, tokenName: 'floor' })
  relayUrl = `http://127.0.0.1:${relay.port}`
})
afterAll(async () => {
  await relay.stop()
  await mock.stop()
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const call = (stream: boolean, key = KEY) =>
  fetch(`${relayUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
      stream,
      ...(stream ? { stream_options: { include_usage: true } } : {}),
    }),
  })

const read = (sql: string) => db.prepare(sql).get() as Record<string, number>

async function settled(): Promise<void> {
  for (let i = 0; i < 100 && read('SELECT COUNT(*) AS n FROM quota_holds').n! > 0; i++)
    await new Promise((done) => setTimeout(done, 20))
}

describe('floor relay (the bench yardstick with billing)', () => {
  it('relays both kinds of answer and charges each one: a row per request, balances moved by its sum, no hold left', async () => {
    const answers = await Promise.all([call(false), call(true), call(false), call(true)])
    const texts = await Promise.all(answers.map((answer) => answer.text()))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    expect(JSON.parse(texts[0]!)).toMatchObject({
      object: 'chat.completion',
      usage: { prompt_tokens: expect.any(Number) },
    })
    expect(texts[1]).toContain('data: [DONE]')
    await settled()
    const logged = read('SELECT COUNT(*) AS rows, SUM(quota) AS quota, MIN(quota) AS least FROM logs')
    expect(logged.rows).toBe(4)
    expect(logged.least).toBeGreaterThan(0)
    expect(read('SELECT quota, used_quota, request_count FROM users WHERE id = 1')).toEqual({
      quota: START - logged.quota!,
      used_quota: logged.quota,
      request_count: 4,
    })
    expect(read('SELECT remain_quota, used_quota FROM tokens WHERE id = 5')).toEqual({
      remain_quota: START - logged.quota!,
      used_quota: logged.quota,
    })
    expect(read('SELECT COUNT(*) AS n FROM logs WHERE is_stream = 1').n).toBe(2)
  })

  it('refuses an unknown key without calling the upstream or writing anything', async () => {
    const before = mock.requests.length
    const rows = read('SELECT COUNT(*) AS n FROM logs').n
    expect((await call(false, 'sk-wrong')).status).toBe(401)
    expect(mock.requests.length).toBe(before)
    expect(read('SELECT COUNT(*) AS n FROM logs').n).toBe(rows)
  })

  it('answers 502 when the upstream cannot be reached, and gives the whole hold back', async () => {
    const unreachable = await startFloorRelay({
      upstreamUrl: 'http://127.0.0.1:1',
      sqlitePath: join(dir, 'floor.db'),
      key: KEY,
      tokenName: 'floor',
    })
    try {
      const token = read('SELECT remain_quota FROM tokens WHERE id = 5').remain_quota
      const user = read('SELECT quota FROM users WHERE id = 1').quota
      const answer = await fetch(`http://127.0.0.1:${unreachable.port}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
      })
      expect(answer.status).toBe(502)
      await settled()
      expect(read('SELECT COUNT(*) AS n FROM quota_holds').n).toBe(0)
      expect(read('SELECT remain_quota FROM tokens WHERE id = 5').remain_quota).toBe(token)
      expect(read('SELECT quota FROM users WHERE id = 1').quota).toBe(user)
      expect(read('SELECT quota FROM logs ORDER BY id DESC LIMIT 1').quota).toBe(0)
    } finally {
      await unreachable.stop()
    }
  })

  it('refuses a request the token cannot afford, leaving the balances as they were', async () => {
    db.prepare('UPDATE tokens SET remain_quota = 100 WHERE id = 5').run()
    const user = read('SELECT quota FROM users WHERE id = 1').quota
    expect((await call(false)).status).toBe(403)
    expect(read('SELECT remain_quota FROM tokens WHERE id = 5').remain_quota).toBe(100)
    expect(read('SELECT quota FROM users WHERE id = 1').quota).toBe(user)
  })
})
