import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeMjProxy, type FakeMjProxy } from '../../../test/fake-upstreams/mj-proxy.ts'
import { harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import { addChannel, addToken, quotaOf, settle, tokenRemainOf } from '../../../test/relay-fixtures.ts'
import { readEnv } from '../../env.ts'
import { midjourneyPollJob, midjourneyPollSeconds } from '../../jobs/midjourney-poller.ts'
import { MJ_TASK_TIMEOUT_MS, pollMidjourneyTasks } from './mj-poll.ts'

/** Creating a database and signing users in takes long on a busy MariaDB. */
const HOOK_TIMEOUT_MS = 60_000

let proxy: FakeMjProxy
let h: Harness
let user: TestUser

/** mj_imagine at the default $0.1 a call. */
const PRICE = 50_000

beforeAll(async () => {
  proxy = await startFakeMjProxy()
})
afterAll(async () => {
  await proxy.stop()
})
beforeEach(() => {
  proxy.tasks.clear()
  proxy.seen.length = 0
  proxy.listStatus = undefined
})
harnessPerTest(
  async (made) => {
    h = made
    await h.setupRoot()
    user = await h.createUser(1, { quota: 1_000_000 })
  },
  {},
  HOOK_TIMEOUT_MS
)

async function submit(key: string, prompt: string): Promise<string> {
  const response = await h.request('POST', '/mj/submit/imagine', {
    body: { prompt },
    headers: { authorization: `Bearer ${key}` },
  })
  expect(response.status, response.text).toBe(200)
  return (response.json as unknown as { result: string }).result
}

const taskOf = (mjId: string) =>
  h.services.db.selectFrom('midjourneys').selectAll().where('mj_id', '=', mjId).executeTakeFirstOrThrow()
const systemLogs = async () => {
  await settle(h)
  return h.services.logDb.selectFrom('logs').selectAll().where('type', '=', 4).execute()
}

describe('the Midjourney poller', () => {
  it('drives one task to SUCCESS and refunds a failed one exactly once, however many polls race', async () => {
    await addChannel(h, { type: 2, baseUrl: proxy.url, models: 'mj_imagine', key: 'mj-secret' })
    const { key, id: tokenId } = await addToken(h, user.id, { unlimited: false, remainQuota: 400_000 })
    const good = await submit(key, 'a lighthouse')
    const bad = await submit(key, 'a forbidden thing')
    expect(await quotaOf(h, user.id)).toBe(1_000_000 - 2 * PRICE)
    expect(await tokenRemainOf(h, tokenId)).toBe(400_000 - 2 * PRICE)

    proxy.set(good, { status: 'IN_PROGRESS', progress: '100%', imageUrl: `${proxy.url}/images/${good}.png` })
    await pollMidjourneyTasks(h.services)
    // 100% is the finished marker; a task still in progress never gets it.
    expect(await taskOf(good)).toMatchObject({
      status: 'IN_PROGRESS',
      progress: '99%',
      image_url: `${proxy.url}/images/${good}.png`,
    })
    const list = proxy.seen.find((r) => r.path === '/mj/task/list-by-condition')
    expect(list?.headers['mj-api-secret']).toBe('mj-secret')
    expect([...((list?.body as { ids?: string[] } | undefined)?.ids ?? [])].sort()).toEqual([good, bad].sort())

    proxy.set(good, { status: 'SUCCESS', progress: '100%' })
    proxy.set(bad, { status: 'FAILURE', progress: '0%', failReason: 'banned prompt' })
    const reports = await Promise.all(Array.from({ length: 8 }, () => pollMidjourneyTasks(h.services)))
    expect(reports.reduce((sum, r) => sum + r.refunded, 0)).toBe(1)
    expect(reports.reduce((sum, r) => sum + r.succeeded, 0)).toBe(1)

    expect(await taskOf(good)).toMatchObject({ status: 'SUCCESS', progress: '100%', fail_reason: '' })
    expect(await taskOf(bad)).toMatchObject({ status: 'FAILURE', progress: '100%', fail_reason: 'banned prompt' })
    expect(Number((await taskOf(bad)).finish_time)).toBeGreaterThan(0)
    expect(await quotaOf(h, user.id)).toBe(1_000_000 - PRICE)
    expect(await tokenRemainOf(h, tokenId)).toBe(400_000 - PRICE)
    const logs = await systemLogs()
    expect(logs).toHaveLength(1)
    expect(logs[0]?.content).toContain(bad)
    expect(logs[0]?.user_id).toBe(user.id)
    // The refund names the submit that paid for the task (the second consume row).
    await settle(h)
    const consumed = await h.services.logDb
      .selectFrom('logs')
      .select('request_id')
      .where('type', '=', 2)
      .orderBy('id')
      .execute()
    expect(logs[0]?.request_id).toBe(consumed[1]?.request_id)
    expect(logs[0]?.request_id).not.toBe('')

    // Finished tasks are not asked for again.
    proxy.seen.length = 0
    await pollMidjourneyTasks(h.services)
    expect(proxy.seen).toHaveLength(0)
    expect(await quotaOf(h, user.id)).toBe(1_000_000 - PRICE)
  })

  it('keeps tasks when the proxy is down, and fails and refunds those over an hour old or whose channel is gone', async () => {
    const channelId = await addChannel(h, { type: 2, baseUrl: proxy.url, models: 'mj_imagine' })
    const { key } = await addToken(h, user.id)
    const stale = await submit(key, 'old')
    const orphan = await submit(key, 'orphan')
    proxy.listStatus = 500
    await pollMidjourneyTasks(h.services)
    expect(await taskOf(stale)).toMatchObject({ progress: '0%' })
    proxy.listStatus = undefined

    await h.services.db
      .updateTable('midjourneys')
      .set({ submit_time: Date.now() - MJ_TASK_TIMEOUT_MS - 1000 })
      .where('mj_id', '=', stale)
      .execute()
    await pollMidjourneyTasks(h.services)
    expect(await taskOf(stale)).toMatchObject({ status: 'FAILURE', progress: '100%' })
    expect(await quotaOf(h, user.id)).toBe(1_000_000 - PRICE)

    await h.services.db.deleteFrom('channels').where('id', '=', channelId).execute()
    await h.services.changes.publish({ kind: 'channels' })
    await pollMidjourneyTasks(h.services)
    expect(await taskOf(orphan)).toMatchObject({ status: 'FAILURE', progress: '100%' })
    expect(await quotaOf(h, user.id)).toBe(1_000_000)
    expect(await systemLogs()).toHaveLength(2)
  })

  it('is registered with a 15 s default that env can shorten or switch off', async () => {
    expect(midjourneyPollSeconds(readEnv({}))).toBe(15)
    expect(midjourneyPollSeconds(readEnv({ MJ_POLL_INTERVAL_SECONDS: '1' }))).toBe(1)
    expect(midjourneyPollSeconds(readEnv({ MJ_POLL_INTERVAL_SECONDS: '1', UPDATE_TASK: 'false' }))).toBe(0)
    expect(() => readEnv({ MJ_POLL_INTERVAL_SECONDS: 'soon' })).toThrow(/MJ_POLL_INTERVAL_SECONDS/)
    // One instance never runs two polls at once: the second call while one runs does nothing.
    const job = midjourneyPollJob(h.services)
    await Promise.all([job(), job(), job()])
  })
})
