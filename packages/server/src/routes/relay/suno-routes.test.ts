import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeSunoUpstream, type FakeSunoUpstream } from '../../../test/fake-upstreams/suno-upstream.ts'
import { harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import { addChannel, addToken, consumeLogs, quotaOf, settle, tokenRemainOf } from '../../../test/relay-fixtures.ts'

/** A fresh database (migrations on MariaDB or PostgreSQL) can take longer than vitest's 10 s hook default on a busy machine. */
const HOOK_TIMEOUT_MS = 60_000

let fake: FakeSunoUpstream
let h: Harness
let user: TestUser
let root: TestUser

/** suno_music is $0.1 a call and suno_lyrics $0.01 by default; 500000 quota = $1. */
const MUSIC_PRICE = 50_000

beforeAll(async () => {
  fake = await startFakeSunoUpstream()
})
afterAll(async () => {
  await fake.stop()
})
beforeEach(() => {
  fake.tasks.clear()
  fake.seen.length = 0
})
harnessPerTest(
  async (made) => {
    h = made
    root = await h.setupRoot()
    user = await h.createUser(1, { quota: 1_000_000 })
  },
  {},
  HOOK_TIMEOUT_MS
)

const sunoChannel = (extra: { models?: string; key?: string } = {}) =>
  addChannel(h, {
    type: 36,
    baseUrl: fake.url,
    models: extra.models ?? 'suno_music,suno_lyrics',
    key: extra.key ?? 'suno-upstream-secret',
  })

const submit = (key: string, action: string, body: unknown) =>
  h.request('POST', `/suno/submit/${action}`, { body, headers: { authorization: `Bearer ${key}` } })

const tasks = () => h.services.db.selectFrom('tasks').selectAll().orderBy('id').execute()

describe('POST /suno/submit/:action', () => {
  it('relays a music task, charges the per-call price once and stores the task', async () => {
    const channelId = await sunoChannel()
    const { key, id: tokenId } = await addToken(h, user.id, { unlimited: false, remainQuota: 200_000 })
    const response = await submit(key, 'music', { prompt: 'a song about the sea', tags: 'pop' })
    expect(response.status).toBe(200)
    const body = response.json as unknown as { code: string; data: string }
    expect(body.code).toBe('success')
    expect(body.data).toMatch(/^suno-/)
    // The upstream got the channel's key, a default mv and the client's fields; never the client's key.
    const call = fake.seen.at(-1)
    expect(call?.path).toBe('/suno/submit/music')
    expect(call?.headers.authorization).toBe('Bearer suno-upstream-secret')
    expect(call?.body).toMatchObject({ prompt: 'a song about the sea', tags: 'pop', mv: 'chirp-v3-0' })
    expect(JSON.stringify(call?.headers)).not.toContain(key.slice(3))

    await settle(h)
    expect(await quotaOf(h, user.id)).toBe(1_000_000 - MUSIC_PRICE)
    expect(await tokenRemainOf(h, tokenId)).toBe(200_000 - MUSIC_PRICE)
    const [task] = await tasks()
    expect(task).toMatchObject({
      task_id: body.data,
      platform: 'suno',
      user_id: user.id,
      channel_id: channelId,
      action: 'MUSIC',
      status: 'NOT_START',
      progress: '0%',
      fail_reason: '',
      finish_time: 0,
    })
    expect(Number(task?.quota)).toBe(MUSIC_PRICE)
    expect(Number(task?.submit_time)).toBeGreaterThan(0)
    expect(JSON.parse(String(task?.properties))).toEqual({
      input: 'a song about the sea',
      token_id: tokenId,
      request_id: response.headers.get('X-Oneapi-Request-Id'),
    })
    const [log] = await consumeLogs(h)
    expect(log).toMatchObject({
      user_id: user.id,
      model_name: 'suno_music',
      quota: MUSIC_PRICE,
      channel_id: channelId,
      token_id: tokenId,
    })
    // The row names the submit by the id its answer carried.
    expect(log?.request_id).toBe(response.headers.get('X-Oneapi-Request-Id'))
    expect(JSON.parse(String(log?.other))).toMatchObject({ model_price: 0.1, group_ratio: 1 })
    const usedQuota = await h.services.db
      .selectFrom('users')
      .select('used_quota')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(Number(usedQuota.used_quota)).toBe(MUSIC_PRICE)
  })

  it('prices lyrics by ModelPrice and the group ratio', async () => {
    await sunoChannel()
    const as = root
    expect(
      (
        await h.request('PUT', '/api/option/', {
          as,
          body: { key: 'ModelPrice', value: JSON.stringify({ suno_lyrics: 0.02, suno_music: 0.1 }) },
        })
      ).json?.success
    ).toBe(true)
    expect(
      (
        await h.request('PUT', '/api/option/', {
          as,
          body: { key: 'GroupRatio', value: JSON.stringify({ default: 1.5, vip: 1 }) },
        })
      ).json?.success
    ).toBe(true)
    const { key } = await addToken(h, user.id)
    const response = await submit(key, 'LYRICS', { prompt: 'rain' })
    expect(response.status).toBe(200)
    await settle(h)
    expect(await quotaOf(h, user.id)).toBe(1_000_000 - 15_000)
    expect((await tasks())[0]).toMatchObject({ action: 'LYRICS', quota: 15_000 })
    // Without a ModelPrice entry a task model costs the reference's default $0.1.
    await h.request('PUT', '/api/option/', { as, body: { key: 'ModelPrice', value: JSON.stringify({}) } })
    await h.request('PUT', '/api/option/', { as, body: { key: 'GroupRatio', value: JSON.stringify({ default: 1 }) } })
    expect((await submit(key, 'lyrics', { prompt: 'sun' })).status).toBe(200)
    await settle(h)
    expect(await quotaOf(h, user.id)).toBe(1_000_000 - 15_000 - MUSIC_PRICE)
  })

  it('charges nothing and stores nothing when the upstream refuses', async () => {
    await sunoChannel()
    const { key, id: tokenId } = await addToken(h, user.id, { unlimited: false, remainQuota: 200_000 })
    const refused = await submit(key, 'music', { prompt: 'please refuse this' })
    expect(refused.status).toBe(400)
    expect(refused.json).toMatchObject({ code: 'fail', data: null })
    expect(refused.json?.message).toContain('prompt refused by suno')
    const exploded = await submit(key, 'lyrics', { prompt: 'explode' })
    expect(exploded.status).toBe(500)
    expect(exploded.json?.message).toContain('upstream exploded')
    await settle(h)
    expect(await quotaOf(h, user.id)).toBe(1_000_000)
    expect(await tokenRemainOf(h, tokenId)).toBe(200_000)
    expect(await tasks()).toHaveLength(0)
    expect(await consumeLogs(h)).toHaveLength(0)
  })

  it('refuses bad input before any upstream call, in the client language', async () => {
    await sunoChannel()
    const { key } = await addToken(h, user.id)
    const cases: [string, unknown, number, string][] = [
      ['video', { prompt: 'x' }, 400, 'invalid_action'],
      ['lyrics', { prompt: '  ' }, 400, 'prompt_empty'],
      ['music', {}, 400, 'prompt_empty'],
      ['music', '[1,2]', 400, 'invalid_request'],
      ['music', { prompt: 'x', continue_clip_id: 'clip' }, 400, 'task_id_empty'],
      ['music', { prompt: 'x', task_id: 'nobody-has-this' }, 400, 'task_not_exist'],
    ]
    for (const [action, body, status, code] of cases) {
      const response = await h.request('POST', `/suno/submit/${action}`, {
        body,
        headers: { authorization: `Bearer ${key}`, 'accept-language': 'en' },
      })
      expect(response.status, `${action} ${JSON.stringify(body)}`).toBe(status)
      expect(response.json?.code).toBe(code)
    }
    const zh = await submit(key, 'lyrics', { prompt: '' })
    expect(zh.json?.message).toContain('prompt 不能为空')
    expect(fake.seen).toHaveLength(0)
    expect(await quotaOf(h, user.id)).toBe(1_000_000)
  })

  it('needs a valid token and enough quota', async () => {
    await sunoChannel()
    expect((await h.request('POST', '/suno/submit/music', { body: { prompt: 'x' } })).status).toBe(401)
    expect((await submit('sk-not-a-key', 'music', { prompt: 'x' })).status).toBe(401)
    const poor = await h.createUser(1, { quota: 10 })
    const { key } = await addToken(h, poor.id)
    const response = await submit(key, 'music', { prompt: 'x' })
    expect(response.status).toBe(403)
    expect(response.json?.code).toBe('insufficient_user_quota')
    expect(fake.seen).toHaveLength(0)
    expect(await quotaOf(h, poor.id)).toBe(10)
    const limited = await addToken(h, user.id, { modelLimits: 'suno_lyrics' })
    expect((await submit(limited.key, 'music', { prompt: 'x' })).json?.code).toBe('model_not_allowed')
  })

  it('answers 503 when no Suno channel serves the model', async () => {
    // An OpenAI channel that lists the model is not a Suno channel.
    await addChannel(h, { type: 1, baseUrl: fake.url, models: 'suno_music' })
    const { key } = await addToken(h, user.id)
    const response = await submit(key, 'music', { prompt: 'x' })
    expect(response.status).toBe(503)
    expect(await quotaOf(h, user.id)).toBe(1_000_000)
  })

  it('sends a continuation to the channel of its original task', async () => {
    const first = await sunoChannel()
    const { key } = await addToken(h, user.id)
    const original = (await submit(key, 'music', { prompt: 'verse one' })).json as unknown as { data: string }
    // A second channel with a higher priority would win a fresh request.
    await addChannel(h, { type: 36, baseUrl: fake.url, models: 'suno_music', priority: 10, name: 'second' })
    const response = await submit(key, 'music', {
      prompt: 'verse two',
      task_id: original.data,
      continue_clip_id: 'clip-1',
      continue_at: 30,
    })
    expect(response.status).toBe(200)
    const rows = await tasks()
    expect(rows[1]?.channel_id).toBe(first)
    // Another user cannot continue it.
    const other = await h.createUser(1, { quota: 1_000_000 })
    const otherKey = (await addToken(h, other.id)).key
    expect((await submit(otherKey, 'music', { prompt: 'steal', task_id: original.data })).json?.code).toBe(
      'task_not_exist'
    )
  })
})

describe('concurrent submits', () => {
  it('charges each accepted task exactly once and never below zero', async () => {
    await sunoChannel()
    const buyer = await h.createUser(1, { quota: MUSIC_PRICE * 3 + 7 })
    const { key } = await addToken(h, buyer.id)
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => submit(key, 'music', { prompt: `song ${i}` }))
    )
    const accepted = answers.filter((a) => a.status === 200)
    expect(accepted).toHaveLength(3)
    expect(answers.filter((a) => a.status === 403)).toHaveLength(9)
    await settle(h)
    expect(await quotaOf(h, buyer.id)).toBe(7)
    expect(await tasks()).toHaveLength(3)
    expect(fake.seen.filter((call) => call.path.startsWith('/suno/submit'))).toHaveLength(3)
  })
})

describe('fetching tasks through the relay', () => {
  it('answers the caller own tasks by id, and nobody else sees them', async () => {
    await sunoChannel()
    const { key } = await addToken(h, user.id)
    const a = ((await submit(key, 'music', { prompt: 'one' })).json as unknown as { data: string }).data
    const b = ((await submit(key, 'lyrics', { prompt: 'two' })).json as unknown as { data: string }).data

    const one = await h.request('GET', `/suno/fetch/${a}`, { headers: { authorization: `Bearer ${key}` } })
    expect(one.status).toBe(200)
    expect(one.json).toMatchObject({
      code: 'success',
      data: { task_id: a, action: 'MUSIC', status: 'NOT_START', progress: '0%', data: null },
    })

    const both = await h.request('POST', '/suno/fetch', {
      body: { ids: [a, b, 'unknown'] },
      headers: { authorization: `Bearer ${key}` },
    })
    expect(both.status).toBe(200)
    const ids = ((both.json?.data ?? []) as { task_id: string }[]).map((t) => t.task_id).sort()
    expect(ids).toEqual([a, b].sort())

    const stranger = await h.createUser(1, { quota: 10 })
    const strangerKey = (await addToken(h, stranger.id)).key
    const foreign = await h.request('GET', `/suno/fetch/${a}`, { headers: { authorization: `Bearer ${strangerKey}` } })
    expect(foreign.status).toBe(404)
    expect(foreign.json?.code).toBe('task_not_exist')
    const foreignList = await h.request('POST', '/suno/fetch', {
      body: { ids: [a, b] },
      headers: { authorization: `Bearer ${strangerKey}` },
    })
    expect(foreignList.json?.data).toEqual([])

    expect(
      (await h.request('POST', '/suno/fetch', { body: { ids: [] }, headers: { authorization: `Bearer ${key}` } }))
        .status
    ).toBe(400)
    const tooMany = Array.from({ length: 101 }, (_, i) => `id-${i}`)
    expect(
      (await h.request('POST', '/suno/fetch', { body: { ids: tooMany }, headers: { authorization: `Bearer ${key}` } }))
        .status
    ).toBe(400)
    expect((await h.request('GET', `/suno/fetch/${a}`)).status).toBe(401)
  })
})
