import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { USER_ID_HEADER } from '@gateway/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createReferenceDatabase,
  fingerprint,
  type ReferenceDatabase,
  type ReferenceVersion,
} from '../../../test/reference-db/index.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../../test/scripted-upstream.ts'
import { startServerProcess, type ServerProcess } from '../../../test/server-process.ts'

/**
 * The whole takeover as an operator does it: the real server process started on a database the
 * reference system wrote (the engine TEST_SQL_DSN names, SQLite when unset), in both the spec's
 * era and today's shape. Users must not notice: the same passwords, `sk-` keys and access tokens.
 */
const CRYPTO_SECRET = 'takeover-test-crypto-secret'
const MOVE_BACK = fileURLToPath(new URL('../../move-back.ts', import.meta.url))

let upstream: ScriptedUpstream
beforeAll(async () => {
  upstream = await startScriptedUpstream()
  upstream.answer = (path, body) =>
    path.endsWith('/chat/completions')
      ? {
          json: {
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 1,
            model: body.model,
            choices: [
              { index: 0, message: { role: 'assistant', content: 'hello from upstream' }, finish_reason: 'stop' },
            ],
            usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 },
          },
        }
      : { status: 404, json: { error: { message: 'not scripted' } } }
})
afterAll(async () => {
  await upstream.stop()
})

describe.each<ReferenceVersion>(['current', 'spec-era'])('taking over a reference database (%s)', (version) => {
  let ref: ReferenceDatabase
  let server: ServerProcess | undefined

  beforeAll(async () => {
    ref = await createReferenceDatabase(version, { channelBaseUrl: upstream.url })
    // The fake upstream listens on loopback; the operator allows channels to reach it.
    const { db, close } = await ref.open()
    await db
      .insertInto('options' as never)
      .values({ key: 'ChannelPrivateNetworkAllowed', value: 'true' } as never)
      .execute()
    await close()
  }, 60_000)
  afterAll(async () => {
    await server?.terminate()
    await ref.drop()
  })

  const start = () => startServerProcess({ ...ref.env, CRYPTO_SECRET }, 60_000)
  const call = async (
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}
  ) => {
    const response = await fetch(`${server?.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
    const text = await response.text()
    let json: any
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return {
      status: response.status,
      json,
      text,
      cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
    }
  }
  const login = (username: string, password: string) =>
    call('/api/user/login', { method: 'POST', body: { username, password } })
  const summaries = () => (server?.output() ?? '').split('\n').filter((line) => line.includes('moved over:'))

  it('starts, prints the summary once and again never', async () => {
    server = await start()
    const printed = summaries()
    expect(printed).toHaveLength(1)
    const counts =
      version === 'current'
        ? '4 users, 3 tokens, 2 channels, 5 abilities, 3 redemptions, 2 top-ups, 3 logs, 4 usage rows, 1 drawings, 1 tasks'
        : '4 users, 3 tokens, 1 channels, 4 abilities, 2 redemptions, 2 top-ups, 3 logs, 2 usage rows, 1 drawings, 1 tasks'
    expect(printed[0]).toContain(`moved over: ${counts}`)
    await server.terminate()

    server = await start()
    expect(summaries()).toEqual([])
  }, 120_000)

  it('signs the reference users in with their old passwords, and not the deleted one', async () => {
    const { user, admin, deleted } = ref.fixture.users
    for (const u of [user, admin]) {
      const response = await login(u.username, u.password)
      expect(response.json?.success, response.text).toBe(true)
      expect(response.json?.data.id).toBe(u.id)
    }
    expect((await login(user.username, 'not-the-password')).json?.success).toBe(false)
    expect((await login(deleted.username, deleted.password)).json?.success).toBe(false)
  })

  it('relays a chat completion with the old API keys, through the channel with its old key', async () => {
    const { user, unlimited, deleted } = ref.fixture.tokens
    for (const token of [user, unlimited]) {
      const seen = upstream.seen.length
      const response = await call('/v1/chat/completions', {
        method: 'POST',
        headers: { authorization: `Bearer sk-${token.key}` },
        body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
      })
      expect(response.status, response.text).toBe(200)
      expect(response.json?.choices[0].message.content).toBe('hello from upstream')
      expect(upstream.seen.length).toBe(seen + 1)
      expect(upstream.seen.at(-1)?.headers.authorization).toBe(`Bearer ${ref.fixture.channels.single.keys[0]}`)
    }
    const refused = await call('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer sk-${deleted.key}` },
      body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
    })
    expect(refused.status).toBe(401)
  })

  it('accepts the old console access tokens, and shows the old key in the console', async () => {
    const { root, user } = ref.fixture.users
    for (const u of [root, user]) {
      const response = await call('/api/user/self', {
        headers: { authorization: String(u.accessToken), [USER_ID_HEADER]: String(u.id) },
      })
      expect(response.json?.success, response.text).toBe(true)
      expect(response.json?.data.username).toBe(u.username)
    }
    const token = ref.fixture.tokens.user
    const key = await call(`/api/token/${token.id}/key`, {
      method: 'POST',
      headers: { authorization: String(user.accessToken), [USER_ID_HEADER]: String(user.id) },
    })
    expect(key.json?.data.key).toBe(token.key)
  })

  it.runIf(version === 'current')('refuses the expired redemption code and takes the valid one', async () => {
    const { user } = ref.fixture.users
    const { cookie } = await login(user.username, user.password)
    const headers = { cookie, [USER_ID_HEADER]: String(user.id) }
    const expired = await call('/api/user/topup', {
      method: 'POST',
      headers,
      body: { key: ref.fixture.redemptions.expired?.key },
    })
    expect(expired.json?.success, expired.text).toBe(false)
    const valid = await call('/api/user/topup', {
      method: 'POST',
      headers,
      body: { key: ref.fixture.redemptions.valid.key },
    })
    expect(valid.json?.success, `${valid.text}\n${server?.output().split('\n').slice(-5).join('\n')}`).toBe(true)
  })

  it('moves back: the script writes every key back raw as the reference wrote it, and a new takeover starts over', async () => {
    await server?.terminate()
    server = undefined
    const run = spawnSync(process.execPath, [MOVE_BACK], {
      env: { PATH: process.env.PATH, ...ref.env, CRYPTO_SECRET },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status, run.stderr).toBe(0)
    const { db, close } = await ref.open()
    try {
      const tokens = (await db
        .selectFrom('tokens' as never)
        .select(['id', 'key'] as never)
        .orderBy('id' as never)
        .execute()) as { id: number; key: string }[]
      expect(tokens.map((t) => [t.id, t.key.trimEnd()])).toEqual(
        Object.values(ref.fixture.tokens)
          .map((t) => [t.id, t.key])
          .sort((a, b) => Number(a[0]) - Number(b[0]))
      )
      const users = (await db
        .selectFrom('users' as never)
        .select(['id', 'access_token'] as never)
        .orderBy('id' as never)
        .execute()) as { id: number; access_token: string | null }[]
      expect(users.map((u) => [u.id, u.access_token?.trimEnd() ?? null])).toEqual(
        Object.values(ref.fixture.users)
          .map((u) => [u.id, u.accessToken])
          .sort((a, b) => Number(a[0]) - Number(b[0]))
      )
      const channels = (await db
        .selectFrom('channels' as never)
        .select(['id', 'key'] as never)
        .orderBy('id' as never)
        .execute()) as { id: number; key: string }[]
      const fixtureChannels = [ref.fixture.channels.single, ref.fixture.channels.multi].flatMap((c) =>
        c ? [[c.id, c.keys.join('\n')]] : []
      )
      expect(channels.map((c) => [c.id, c.key])).toEqual(fixtureChannels)
      if (version === 'current') {
        const factors = (await db
          .selectFrom('two_fas' as never)
          .select('secret' as never)
          .execute()) as { secret: string }[]
        expect(factors.map((f) => f.secret)).toEqual(['JBSWY3DPEHPK3PXP'])
      }
    } finally {
      await close()
    }

    server = await start()
    expect(summaries()).toHaveLength(1)
    const response = await call('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer sk-${ref.fixture.tokens.user.key}` },
      body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
    })
    expect(response.status, response.text).toBe(200)
  }, 120_000)

  it("leaves the reference's tables we do not use as they were", async () => {
    const { db, close } = await ref.open()
    try {
      const before = Object.fromEntries(ref.unusedTables.map((table) => [table, ref.before[table]]))
      expect(await fingerprint(db, ref.unusedTables)).toEqual(before)
    } finally {
      await close()
    }
  })
})

// Several instances share PostgreSQL or MySQL; two processes on one SQLite file would race on the
// migrations themselves (Kysely locks them within one process there), takeover or not.
describe.skipIf(!process.env.TEST_SQL_DSN)('two instances starting at once on a reference database', () => {
  it('both start, every key is converted once, and one of them prints the summary', async () => {
    const ref = await createReferenceDatabase('spec-era', { channelBaseUrl: upstream.url })
    const servers: ServerProcess[] = []
    try {
      servers.push(...(await Promise.all([0, 1].map(() => startServerProcess({ ...ref.env, CRYPTO_SECRET }, 60_000)))))
      const printed = servers.flatMap((s) =>
        s
          .output()
          .split('\n')
          .filter((line) => line.includes('moved over:'))
      )
      expect(printed).toHaveLength(1)
      for (const s of servers) {
        const response = await fetch(`${s.url}/api/user/self`, {
          headers: {
            authorization: String(ref.fixture.users.user.accessToken),
            [USER_ID_HEADER]: String(ref.fixture.users.user.id),
          },
        })
        expect(((await response.json()) as { success: boolean }).success).toBe(true)
      }
    } finally {
      for (const s of servers) await s.terminate()
      await ref.drop()
    }
  }, 120_000)
})
