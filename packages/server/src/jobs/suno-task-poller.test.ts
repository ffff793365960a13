import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeSunoUpstream, type FakeSunoUpstream } from '../../test/fake-upstreams/suno-upstream.ts'
import { createHarness, type Harness, type TestUser } from '../../test/harness.ts'
import { addChannel, addToken, quotaOf, settle, tokenRemainOf } from '../../test/relay-fixtures.ts'
import { readEnv } from '../env.ts'
import { pollSunoTasks, sunoPollSeconds } from './suno-task-poller.ts'

/** A fresh database (migrations on MariaDB or PostgreSQL) can take longer than vitest's 10 s hook default on a busy machine. */
const HOOK_TIMEOUT_MS = 60_000

let fake: FakeSunoUpstream
let h: Harness
let user: TestUser

const MUSIC_PRICE = 50_000

beforeAll(async () => {
  fake = await startFakeSunoUpstream()
})
afterAll(async () => {
  await fake.stop()
})
beforeEach(async () => {
  fake.tasks.clear()
  fake.seen.length = 0
  fake.delayMs = 0
  h = await createHarness()
  await h.setupRoot()
  user = await h.createUser(1, { quota: 1_000_000 })
}, HOOK_TIMEOUT_MS)
afterEach(async () => {
  await h.close()
}, HOOK_TIMEOUT_MS)

async function submitMusic(key: string, prompt: string): Promise<string> {
  const response = await h.request('POST', '/suno/submit/music', {
    body: { prompt },
    headers: { authorization: `Bearer ${key}` },
  })
  expect(response.status).toBe(200)
  return (response.json as unknown as { data: string }).data
}

const taskRow = (taskId: string) =>
  h.services.db.selectFrom('tasks').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow()
const systemLogs = () => h.services.logDb.selectFrom('logs').selectAll().where('type', '=', 4).execute()

describe('the Suno task poller', () => {
  it('drives one task to SUCCESS and refunds the one that fails, to the user and the token', async () => {
    const channelId = await addChannel(h, { type: 36, baseUrl: fake.url, models: 'suno_music,suno_lyrics' })
    const { key, id: tokenId } = await addToken(h, user.id, { unlimited: false, remainQuota: 500_000 })
    const good = await submitMusic(key, 'a happy song')
    const bad = await submitMusic(key, 'a doomed song')
    await settle(h)
    expect(await quotaOf(h, user.id)).toBe(1_000_000 - 2 * MUSIC_PRICE)

    // First poll: both in progress.
    Object.assign(fake.tasks.get(good)!, { status: 'IN_PROGRESS', progress: '40%', start_time: 1_700_000_100 })
    Object.assign(fake.tasks.get(bad)!, { status: 'QUEUED', progress: '' })
    expect(await pollSunoTasks(h.services)).toEqual({ updated: 2, failed: 0 })
    expect(await taskRow(good)).toMatchObject({
      status: 'IN_PROGRESS',
      progress: '40%',
      start_time: 1_700_000_100,
      finish_time: 0,
    })
    expect(await taskRow(bad)).toMatchObject({ status: 'QUEUED' })
    const fetchCall = fake.seen.find((call) => call.path === '/suno/fetch')
    expect(fetchCall?.headers.authorization).toBe('Bearer sk-upstream-canary-key')
    expect(((fetchCall?.body ?? { ids: [] }) as { ids: string[] }).ids.sort()).toEqual([good, bad].sort())
    // Nothing changed upstream: nothing is written.
    expect(await pollSunoTasks(h.services)).toEqual({ updated: 0, failed: 0 })

    Object.assign(fake.tasks.get(good)!, {
      status: 'SUCCESS',
      progress: '100%',
      finish_time: 1_700_000_200,
      data: [{ audio_url: 'https://cdn.example/a.mp3' }],
    })
    Object.assign(fake.tasks.get(bad)!, { status: 'FAILURE', fail_reason: 'content policy' })
    expect(await pollSunoTasks(h.services)).toEqual({ updated: 2, failed: 1 })
    await settle(h)

    const done = await taskRow(good)
    expect(done).toMatchObject({
      status: 'SUCCESS',
      progress: '100%',
      finish_time: 1_700_000_200,
      channel_id: channelId,
    })
    expect(JSON.parse(String(done.data))).toEqual([{ audio_url: 'https://cdn.example/a.mp3' }])
    const failed = await taskRow(bad)
    expect(failed).toMatchObject({ status: 'FAILURE', progress: '100%', fail_reason: 'content policy' })
    expect(Number(failed.finish_time)).toBeGreaterThan(0)
    expect(await quotaOf(h, user.id)).toBe(1_000_000 - MUSIC_PRICE)
    expect(await tokenRemainOf(h, tokenId)).toBe(500_000 - MUSIC_PRICE)
    const logs = await systemLogs()
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatchObject({
      user_id: user.id,
      quota: MUSIC_PRICE,
      model_name: 'suno_music',
      username: user.username,
    })
    expect(logs[0]?.content).toContain(bad)
    // The refund names the submit that paid for the task (the second consume row).
    const consumed = await h.services.logDb
      .selectFrom('logs')
      .select('request_id')
      .where('type', '=', 2)
      .orderBy('id')
      .execute()
    expect(logs[0]?.request_id).toBe(consumed[1]?.request_id)
    expect(logs[0]?.request_id).not.toBe('')

    // Finished tasks are never polled again.
    fake.seen.length = 0
    expect(await pollSunoTasks(h.services)).toEqual({ updated: 0, failed: 0 })
    expect(fake.seen).toHaveLength(0)
  })

  it('refunds a failure exactly once when several pollers run at the same time', async () => {
    await addChannel(h, { type: 36, baseUrl: fake.url, models: 'suno_music' })
    const { key } = await addToken(h, user.id)
    const ids = [await submitMusic(key, 'one'), await submitMusic(key, 'two'), await submitMusic(key, 'three')]
    await settle(h)
    for (const id of ids) Object.assign(fake.tasks.get(id)!, { status: 'FAILURE', fail_reason: 'boom' })
    // Every poller reads the rows before any of them writes: the answers are held back.
    fake.delayMs = 150
    const results = await Promise.all(Array.from({ length: 6 }, () => pollSunoTasks(h.services)))
    await settle(h)
    expect(results.reduce((sum, r) => sum + r.failed, 0)).toBe(3)
    expect(await quotaOf(h, user.id)).toBe(1_000_000)
    expect(await systemLogs()).toHaveLength(3)
    expect(fake.seen.filter((call) => call.path === '/suno/fetch').length).toBeGreaterThan(1)
  })

  it('fails and refunds a task submitted more than TASK_TIMEOUT_MINUTES ago (default one day), without asking the upstream', async () => {
    await addChannel(h, { type: 36, baseUrl: fake.url, models: 'suno_music' })
    const { key } = await addToken(h, user.id)
    const stale = await submitMusic(key, 'stale')
    const fresh = await submitMusic(key, 'fresh')
    await settle(h)
    const now = Math.floor(Date.now() / 1000)
    await h.services.db
      .updateTable('tasks')
      .set({ submit_time: now - 1441 * 60 })
      .where('task_id', '=', stale)
      .execute()
    fake.seen.length = 0
    // (the fresh task counts as updated too: the upstream's first report fills in its fields)
    expect((await pollSunoTasks(h.services, now)).failed).toBe(1)
    await settle(h)
    expect(await taskRow(stale)).toMatchObject({
      status: 'FAILURE',
      progress: '100%',
      fail_reason: '任务超时（1440 分钟）',
    })
    expect((await taskRow(fresh)).status).not.toBe('FAILURE')
    expect(await quotaOf(h, user.id)).toBe(1_000_000 - MUSIC_PRICE)
    const asked = fake.seen
      .filter((call) => call.path === '/suno/fetch')
      .flatMap((call) => (call.body as { ids: string[] }).ids)
    expect(asked).toEqual([fresh])
  })

  it('never times a task out with TASK_TIMEOUT_MINUTES=0', async () => {
    await h.close()
    h = await createHarness({ env: { TASK_TIMEOUT_MINUTES: '0' } })
    await h.setupRoot()
    user = await h.createUser(1, { quota: 1_000_000 })
    await addChannel(h, { type: 36, baseUrl: fake.url, models: 'suno_music' })
    const { key } = await addToken(h, user.id)
    const old = await submitMusic(key, 'old')
    await settle(h)
    const now = Math.floor(Date.now() / 1000)
    await h.services.db
      .updateTable('tasks')
      .set({ submit_time: now - 30 * 86_400 })
      .where('task_id', '=', old)
      .execute()
    expect((await pollSunoTasks(h.services, now)).failed).toBe(0)
    expect((await taskRow(old)).status).not.toBe('FAILURE')
  })

  it('fails tasks whose channel is gone and leaves tasks alone while the upstream is down', async () => {
    const channelId = await addChannel(h, { type: 36, baseUrl: fake.url, models: 'suno_music' })
    const { key } = await addToken(h, user.id)
    const orphan = await submitMusic(key, 'orphan')
    const waiting = await submitMusic(key, 'waiting')
    await settle(h)
    const before = await quotaOf(h, user.id)
    // The channel of `waiting` points to a port nothing listens on.
    const downId = await addChannel(h, { type: 36, baseUrl: 'http://127.0.0.1:9', models: 'suno_lyrics' })
    await h.services.db.updateTable('tasks').set({ channel_id: downId }).where('task_id', '=', waiting).execute()
    await h.services.db.deleteFrom('channels').where('id', '=', channelId).execute()
    await h.services.changes.publish({ kind: 'channels' })
    expect(await pollSunoTasks(h.services)).toEqual({ updated: 1, failed: 1 })
    await settle(h)
    expect(await taskRow(orphan)).toMatchObject({ status: 'FAILURE' })
    expect((await taskRow(orphan)).fail_reason).not.toBe('')
    expect(await taskRow(waiting)).toMatchObject({ status: 'NOT_START' })
    expect(await quotaOf(h, user.id)).toBe(before + MUSIC_PRICE)
  })

  it('reads its interval from SUNO_TASK_POLL_SECONDS and stops with UPDATE_TASK=false', () => {
    expect(sunoPollSeconds(readEnv({}))).toBe(15)
    expect(sunoPollSeconds(readEnv({ SUNO_TASK_POLL_SECONDS: '1' }))).toBe(1)
    expect(sunoPollSeconds(readEnv({ SUNO_TASK_POLL_SECONDS: '0' }))).toBe(0)
    expect(() => readEnv({ SUNO_TASK_POLL_SECONDS: 'soon' })).toThrow(/SUNO_TASK_POLL_SECONDS/)
    expect(sunoPollSeconds(readEnv({ UPDATE_TASK: 'false', SUNO_TASK_POLL_SECONDS: '1' }))).toBe(0)
  })
})
