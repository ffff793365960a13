import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PNG_PIXEL, startFakeMjProxy, type FakeMjProxy } from '../../../test/fake-upstreams/mj-proxy.ts'
import { harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import { addChannel, addToken, quotaOf, settle, tokenRemainOf } from '../../../test/relay-fixtures.ts'

/** Creating a database and signing users in takes long on a busy MariaDB. */
const HOOK_TIMEOUT_MS = 60_000

let proxy: FakeMjProxy
let h: Harness
let root: TestUser
let user: TestUser

const MJ_MODELS = 'mj_imagine,mj_upscale,mj_variation,mj_describe,mj_blend,swap_face,mj_reroll'
/** mj_imagine at $0.2 a call: 0.2 x 500000 quota per unit. */
const IMAGINE_QUOTA = 100_000

beforeAll(async () => {
  proxy = await startFakeMjProxy()
})
afterAll(async () => {
  await proxy.stop()
})
beforeEach(() => {
  proxy.tasks.clear()
  proxy.seen.length = 0
  proxy.nextSubmit = undefined
  proxy.listStatus = undefined
})
harnessPerTest(
  async (made) => {
    h = made
    root = await h.setupRoot()
    user = await h.createUser(1, { quota: 1_000_000 })
    const saved = await h.request('PUT', '/api/option/', {
      as: root,
      body: { key: 'ModelPrice', value: JSON.stringify({ mj_imagine: 0.2, mj_upscale: 0.05 }) },
    })
    expect(saved.json?.success, saved.text).toBe(true)
  },
  {},
  HOOK_TIMEOUT_MS
)

const mjChannel = (type = 2, key = 'mj-upstream-secret') =>
  addChannel(h, { type, baseUrl: proxy.url, models: MJ_MODELS, key, name: 'mj' })

const imagine = (
  key: string,
  body: Record<string, unknown> = { prompt: 'a red fox --fast' },
  path = '/mj/submit/imagine',
  headers?: Record<string, string>
) => h.request('POST', path, { body, headers: headers ?? { authorization: `Bearer ${key}` } })

const tasks = () => h.services.db.selectFrom('midjourneys').selectAll().orderBy('id').execute()
const logs = async () => {
  await settle(h)
  return h.services.logDb.selectFrom('logs').selectAll().orderBy('id').execute()
}

describe('POST /mj/submit/*', () => {
  it('forwards an imagine, charges the per-call price once and stores the task', async () => {
    const channelId = await mjChannel()
    const { key, id: tokenId } = await addToken(h, user.id, { unlimited: false, remainQuota: 500_000 })
    const response = await imagine(key, { prompt: 'a red fox --fast', notifyHook: 'http://169.254.169.254/steal' })
    expect(response.status, response.text).toBe(200)
    expect(response.json).toMatchObject({ code: 1, description: '提交成功' })
    const mjId = (response.json as unknown as { result: string }).result
    expect(mjId).toMatch(/^\d+$/)

    const sent = proxy.seen.find((r) => r.path === '/mj/submit/imagine')
    expect(sent?.headers['mj-api-secret']).toBe('mj-upstream-secret')
    expect(sent?.headers.authorization).toBeUndefined()
    // The client's callback is never handed to the proxy.
    expect(sent?.body).toEqual({ prompt: 'a red fox --fast' })

    expect(await quotaOf(h, user.id)).toBe(1_000_000 - IMAGINE_QUOTA)
    expect(await tokenRemainOf(h, tokenId)).toBe(500_000 - IMAGINE_QUOTA)
    const [task] = await tasks()
    expect(task).toMatchObject({
      user_id: user.id,
      code: 1,
      action: 'IMAGINE',
      mj_id: mjId,
      prompt: 'a red fox --fast',
      status: 'SUBMITTED',
      progress: '0%',
      channel_id: channelId,
      description: '提交成功',
      fail_reason: '',
    })
    expect(Number(task?.quota)).toBe(IMAGINE_QUOTA)
    expect(Math.abs(Number(task?.submit_time) - Date.now())).toBeLessThan(60_000)

    const consume = (await logs()).filter((log) => log.type === 2)
    expect(consume).toHaveLength(1)
    expect(consume[0]).toMatchObject({
      model_name: 'mj_imagine',
      channel_id: channelId,
      token_id: tokenId,
      user_id: user.id,
    })
    expect(Number(consume[0]?.quota)).toBe(IMAGINE_QUOTA)
    expect(JSON.parse(consume[0]?.other ?? '{}')).toMatchObject({ model_price: 0.2, group_ratio: 1, mj_id: mjId })
    const used = await h.services.db
      .selectFrom('users')
      .select(['used_quota', 'request_count'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(Number(used.used_quota)).toBe(IMAGINE_QUOTA)
  })

  it('accepts the key in mj-api-secret and under a speed prefix, which is stripped before forwarding', async () => {
    await mjChannel(5)
    const { key } = await addToken(h, user.id)
    const bySecret = await imagine(key, { prompt: 'one' }, '/mj/submit/imagine', { 'mj-api-secret': key })
    expect(bySecret.status, bySecret.text).toBe(200)
    const placeholder = await imagine(key, { prompt: 'two' }, '/mj-fast/mj/submit/imagine', {
      authorization: 'Bearer midjourney-proxy',
      'mj-api-secret': key,
    })
    expect(placeholder.status, placeholder.text).toBe(200)
    const turbo = await imagine(key, { prompt: 'three' }, '/mj-turbo/mj/submit/imagine')
    expect(turbo.status, turbo.text).toBe(200)
    expect(proxy.seen.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/mj/submit/imagine',
      '/mj/submit/imagine',
      '/mj/submit/imagine',
    ])
    expect(await quotaOf(h, user.id)).toBe(1_000_000 - 3 * IMAGINE_QUOTA)

    const missing = await h.request('POST', '/mj/submit/imagine', { body: { prompt: 'x' } })
    expect(missing.status).toBe(401)
    const wrong = await h.request('POST', '/mj/submit/imagine', {
      body: { prompt: 'x' },
      headers: { 'mj-api-secret': 'sk-nope' },
    })
    expect(wrong.status).toBe(401)
    expect(
      (
        await h.request('POST', '/mj-slow/mj/submit/imagine', {
          body: { prompt: 'x' },
          headers: { authorization: `Bearer ${key}` },
        })
      ).status
    ).not.toBe(200)
  })

  it('charges nothing when the proxy refuses or fails', async () => {
    await mjChannel()
    const { key, id: tokenId } = await addToken(h, user.id, { unlimited: false, remainQuota: 500_000 })
    proxy.nextSubmit = [200, { code: 24, description: '可能包含敏感词', properties: { bannedWord: 'nude' } }]
    const refused = await imagine(key)
    expect(refused.status).toBe(200)
    expect(refused.json).toMatchObject({ code: 24 })
    proxy.nextSubmit = [500, { error: 'boom' }]
    const broken = await imagine(key)
    expect(broken.status).toBe(502)
    expect(broken.json).toMatchObject({ code: 4, type: 'upstream_error' })
    expect(await quotaOf(h, user.id)).toBe(1_000_000)
    expect(await tokenRemainOf(h, tokenId)).toBe(500_000)
    const rows = await tasks()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ code: 24, status: 'FAILURE', progress: '100%', fail_reason: '可能包含敏感词' })
    expect(Number(rows[0]?.quota)).toBe(0)
    expect((await logs()).filter((log) => log.type === 2)).toHaveLength(0)
  })

  it('gives the reservation back when the proxy cannot be reached', async () => {
    await addChannel(h, { type: 2, baseUrl: 'http://127.0.0.1:1', models: MJ_MODELS })
    const { key } = await addToken(h, user.id)
    const response = await imagine(key)
    expect(response.status).toBe(502)
    expect(response.json).toMatchObject({ code: 4, type: 'upstream_error' })
    expect(await quotaOf(h, user.id)).toBe(1_000_000)
    expect(await tasks()).toHaveLength(0)
  })

  it('refuses bad input and short quota in the proxy shape, changing nothing', async () => {
    await mjChannel()
    const { key } = await addToken(h, user.id)
    const noPrompt = await imagine(key, { prompt: '  ' }, '/mj/submit/imagine', {
      authorization: `Bearer ${key}`,
      'accept-language': 'en',
    })
    expect(noPrompt.status).toBe(400)
    expect(noPrompt.json).toMatchObject({ code: 4 })
    expect((noPrompt.json as unknown as { description: string }).description).toMatch(/^The prompt must not be empty/)
    expect(
      (await h.request('POST', '/mj/submit/imagine', { body: '[1,2', headers: { authorization: `Bearer ${key}` } }))
        .status
    ).toBe(400)
    expect((await imagine(key, { customId: 'MJ::Nope::1', taskId: '1' }, '/mj/submit/action')).status).toBe(400)
    expect((await imagine(key, { action: 'UPSCALE', index: 1, taskId: 'nope' }, '/mj/submit/change')).status).toBe(404)

    const poor = await h.createUser(1, { quota: 10 })
    const { key: poorKey } = await addToken(h, poor.id)
    const short = await imagine(poorKey)
    expect(short.status).toBe(403)
    expect(short.json).toMatchObject({ code: 4 })
    expect(await quotaOf(h, poor.id)).toBe(10)
    expect(await tasks()).toHaveLength(0)
    expect(proxy.seen).toHaveLength(0)
  })

  it('sends a follow-up action to the channel of the task it continues, once that task succeeded', async () => {
    await mjChannel()
    const { key } = await addToken(h, user.id)
    const first = await imagine(key)
    const mjId = (first.json as unknown as { result: string }).result
    const early = await imagine(key, { action: 'UPSCALE', index: 1, taskId: mjId }, '/mj/submit/change')
    expect(early.status).toBe(400)
    await h.services.db
      .updateTable('midjourneys')
      .set({ status: 'SUCCESS', progress: '100%' })
      .where('mj_id', '=', mjId)
      .execute()
    // A second channel serving the same models must not receive the follow-up.
    const other = await startFakeMjProxy()
    try {
      await addChannel(h, { type: 2, baseUrl: other.url, models: MJ_MODELS, priority: 10 })
      const upscale = await imagine(
        key,
        { customId: `MJ::JOB::upsample::2::${mjId}`, taskId: mjId },
        '/mj/submit/action'
      )
      expect(upscale.status, upscale.text).toBe(200)
      expect(other.seen).toHaveLength(0)
    } finally {
      await other.stop()
    }
    const rows = await tasks()
    expect(rows.map((row) => row.action)).toEqual(['IMAGINE', 'UPSCALE'])
    expect(Number(rows[1]?.quota)).toBe(25_000)
    // Another user cannot continue this task.
    const stranger = await h.createUser(1, { quota: 1_000_000 })
    const { key: strangerKey } = await addToken(h, stranger.id)
    expect(
      (await imagine(strangerKey, { action: 'UPSCALE', index: 1, taskId: mjId }, '/mj/submit/change')).status
    ).toBe(404)
  })

  it('charges exactly once per accepted submit under 30 parallel calls', async () => {
    await mjChannel()
    const rich = await h.createUser(1, { quota: 10 * IMAGINE_QUOTA + 50 })
    const { key } = await addToken(h, rich.id)
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => imagine(key, { prompt: `p${i}` })))
    const ok = answers.filter((a) => a.status === 200).length
    expect(ok).toBe(10)
    expect(answers.filter((a) => a.status === 403)).toHaveLength(20)
    expect(await quotaOf(h, rich.id)).toBe(50)
    expect((await tasks()).filter((t) => t.user_id === rich.id)).toHaveLength(10)
  })
})

describe('task fetch, list, image-seed and image', () => {
  it('answers from the gateway rows, only the caller own tasks', async () => {
    await mjChannel()
    const { key } = await addToken(h, user.id)
    const mjId = ((await imagine(key)).json as unknown as { result: string }).result
    const auth = { authorization: `Bearer ${key}` }
    const fetched = await h.request('GET', `/mj/task/${mjId}/fetch`, { headers: auth })
    expect(fetched.status, fetched.text).toBe(200)
    expect(fetched.json).toMatchObject({
      id: mjId,
      action: 'IMAGINE',
      prompt: 'a red fox --fast',
      progress: '0%',
      properties: {},
    })
    const listed = await h.request('POST', '/mj/task/list-by-condition', {
      body: { ids: [mjId, 'unknown'] },
      headers: auth,
    })
    expect(listed.status).toBe(200)
    expect((listed.json as unknown as { id: string }[]).map((t) => t.id)).toEqual([mjId])
    const prefixed = await h.request('GET', `/mj-relax/mj/task/${mjId}/fetch`, { headers: auth })
    expect(prefixed.status).toBe(200)
    const seed = await h.request('GET', `/mj/task/${mjId}/image-seed`, { headers: auth })
    expect(seed.json).toMatchObject({ code: 1, result: `seed-${mjId}` })
    expect((await h.request('POST', '/mj/task/list-by-condition', { body: { ids: 'x' }, headers: auth })).status).toBe(
      400
    )

    const stranger = await h.createUser(1, { quota: 1000 })
    const { key: strangerKey } = await addToken(h, stranger.id)
    expect(
      (await h.request('GET', `/mj/task/${mjId}/fetch`, { headers: { authorization: `Bearer ${strangerKey}` } })).status
    ).toBe(404)
    const none = await h.request('POST', '/mj/task/list-by-condition', {
      body: { ids: [mjId] },
      headers: { authorization: `Bearer ${strangerKey}` },
    })
    expect(none.json).toEqual([])
    expect((await h.request('GET', `/mj/task/${mjId}/fetch`)).status).toBe(401)
  })

  it('serves a finished task image through /mj/image/{id} when forwarding is on', async () => {
    await mjChannel()
    const { key } = await addToken(h, user.id)
    const mjId = ((await imagine(key)).json as unknown as { result: string }).result
    const setImage = (url: string) =>
      h.services.db
        .updateTable('midjourneys')
        .set({ status: 'SUCCESS', progress: '100%', image_url: url })
        .where('mj_id', '=', mjId)
        .execute()
    // An address on another host is fetched under the strict outside-URL policy: loopback is refused.
    await setImage(`http://127.0.0.1:8080/images/${mjId}.png`)
    expect((await h.request('GET', `/mj/image/${mjId}`)).status).toBe(502)
    // On the channel's own proxy it is fetched like the channel.
    await setImage(`${proxy.url}/images/${mjId}.png`)
    const image = await h.app.request(`/mj/image/${mjId}`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG_PIXEL)
    const fetched = await h.request('GET', `/mj/task/${mjId}/fetch`, { headers: { authorization: `Bearer ${key}` } })
    expect((fetched.json as unknown as { imageUrl: string }).imageUrl).toBe(`http://localhost/mj/image/${mjId}`)
    expect((await h.request('GET', '/mj/image/unknown')).status).toBe(404)
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'MjForwardUrlEnabled', value: 'false' } })
    expect((await h.request('GET', `/mj/image/${mjId}`)).status).toBe(404)
  })
})
