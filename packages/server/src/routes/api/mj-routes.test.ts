import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeMjProxy, type FakeMjProxy } from '../../../test/fake-upstreams/mj-proxy.ts'
import { harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import { addChannel, addToken } from '../../../test/relay-fixtures.ts'

/** Creating a database and signing users in takes long on a busy MariaDB. */
const HOOK_TIMEOUT_MS = 60_000

let proxy: FakeMjProxy
let h: Harness
let root: TestUser
let admin: TestUser
let alice: TestUser
let bob: TestUser
let channelA: number
let channelB: number

beforeAll(async () => {
  proxy = await startFakeMjProxy()
})
afterAll(async () => {
  await proxy.stop()
})

async function submit(user: TestUser, prompt: string): Promise<string> {
  const { key } = await addToken(h, user.id)
  const response = await h.request('POST', '/mj/submit/imagine', {
    body: { prompt },
    headers: { authorization: `Bearer ${key}` },
  })
  expect(response.status, response.text).toBe(200)
  return (response.json as unknown as { result: string }).result
}

harnessPerTest(
  async (made) => {
    h = made
    root = await h.setupRoot()
    admin = await h.createUser(10)
    alice = await h.createUser(1, { quota: 1_000_000 })
    bob = await h.createUser(1, { quota: 1_000_000 })
    channelA = await addChannel(h, { type: 2, baseUrl: proxy.url, models: 'mj_imagine', groups: 'default' })
    channelB = await addChannel(h, { type: 5, baseUrl: proxy.url, models: 'mj_imagine', groups: 'vip' })
  },
  {},
  HOOK_TIMEOUT_MS
)

describe('GET /api/mj', () => {
  it('lets admins list every task, filtered by channel, task id and time, 1-based pages of 10 as {items, total, page, page_size}', async () => {
    const a1 = await submit(alice, 'one')
    await submit(bob, 'two')
    await h.services.db.updateTable('midjourneys').set({ channel_id: channelB }).where('mj_id', '=', a1).execute()
    for (let i = 0; i < 10; i++) await submit(bob, `more ${i}`)

    const all = await h.request('GET', '/api/mj/', { as: admin })
    expect(all.json?.success, all.text).toBe(true)
    expect(all.json?.data).toMatchObject({ total: 12, page: 1, page_size: 10 })
    expect(all.json?.data.items).toHaveLength(10)
    const second = await h.request('GET', '/api/mj/?p=2', { as: admin })
    expect(second.json?.data).toMatchObject({ total: 12, page: 2, page_size: 10 })
    expect(second.json?.data.items).toHaveLength(2)
    expect(second.json?.data.items.at(-1)).toMatchObject({
      mj_id: a1,
      user_id: alice.id,
      channel_id: channelB,
      action: 'IMAGINE',
      prompt: 'one',
      code: 1,
    })
    expect(Object.keys(second.json?.data.items[0]).sort()).toEqual(
      [
        'action',
        'buttons',
        'channel_id',
        'code',
        'description',
        'fail_reason',
        'finish_time',
        'id',
        'image_url',
        'mj_id',
        'progress',
        'prompt',
        'prompt_en',
        'properties',
        'quota',
        'start_time',
        'state',
        'status',
        'submit_time',
        'user_id',
        'video_url',
        'video_urls',
      ].sort()
    )

    const byChannel = await h.request('GET', `/api/mj/?channel_id=${channelB}`, { as: root })
    expect(byChannel.json?.data.items.map((t: { mj_id: string }) => t.mj_id)).toEqual([a1])
    const byId = await h.request('GET', `/api/mj/?mj_id=${a1}`, { as: admin })
    expect(byId.json?.data).toMatchObject({ total: 1, items: [{ mj_id: a1 }] })
    const now = Math.floor(Date.now() / 1000)
    expect(
      (
        await h.request('GET', `/api/mj/?start_timestamp=${now - 60}&end_timestamp=${now + 60}&page_size=100`, {
          as: admin,
        })
      ).json?.data.items
    ).toHaveLength(12)
    expect((await h.request('GET', `/api/mj/?start_timestamp=${now + 60}`, { as: admin })).json?.data).toMatchObject({
      items: [],
      total: 0,
    })
    expect((await h.request('GET', `/api/mj/?end_timestamp=${now - 3600}`, { as: admin })).json?.data).toMatchObject({
      items: [],
      total: 0,
    })
    // Milliseconds, as the reference console sent them, mean the same range.
    expect(
      (await h.request('GET', `/api/mj/?start_timestamp=${(now - 60) * 1000}&page_size=100`, { as: admin })).json?.data
        .items
    ).toHaveLength(12)
  })

  it('gives users only their own tasks, without channels, whatever they ask', async () => {
    const mine = await submit(alice, 'mine')
    await submit(bob, 'theirs')
    const self = await h.request('GET', `/api/mj/self?channel_id=${channelA}`, { as: alice })
    expect(self.json?.success, self.text).toBe(true)
    expect(self.json?.data).toMatchObject({ total: 1, page: 1 })
    expect(self.json?.data.items[0]).toMatchObject({ mj_id: mine, user_id: alice.id, channel_id: 0 })
    expect((await h.request('GET', `/api/mj/self?mj_id=${mine}`, { as: bob })).json?.data).toMatchObject({
      items: [],
      total: 0,
    })
  })

  it('rewrites image addresses to the gateway when MjForwardUrlEnabled', async () => {
    const mjId = await submit(alice, 'pic')
    await h.services.db
      .updateTable('midjourneys')
      .set({ image_url: 'https://cdn.discordapp.com/x.png', status: 'SUCCESS', progress: '100%' })
      .execute()
    await h.request('PUT', '/api/option/', {
      as: root,
      body: { key: 'ServerAddress', value: 'https://gw.example.com/' },
    })
    expect((await h.request('GET', '/api/mj/self', { as: alice })).json?.data.items[0].image_url).toBe(
      `https://gw.example.com/mj/image/${mjId}`
    )
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'MjForwardUrlEnabled', value: 'false' } })
    expect((await h.request('GET', '/api/mj/', { as: admin })).json?.data.items[0].image_url).toBe(
      'https://cdn.discordapp.com/x.png'
    )
  })

  it('checks permissions and refuses bad parameters', async () => {
    expect((await h.request('GET', '/api/mj/')).status).toBe(401)
    expect((await h.request('GET', '/api/mj/self')).status).toBe(401)
    const forbidden = await h.request('GET', '/api/mj/', { as: alice })
    expect(forbidden.json?.success).toBe(false)
    expect(forbidden.json?.data).toBeUndefined()
    // Paging is read as the reference reads it: a page below 1 or not a number is the first, sizes clamp to 1..100.
    for (const [query, page, size] of [
      ['p=-1', 1, 10],
      ['p=x', 1, 10],
      ['page_size=0', 1, 1],
      ['page_size=101', 1, 100],
      ['size=5', 1, 5],
    ] as const) {
      expect((await h.request('GET', `/api/mj/?${query}`, { as: admin })).json?.data, query).toMatchObject({
        page,
        page_size: size,
      })
    }
    for (const bad of ['start_timestamp=abc', 'channel_id=1.5']) {
      const answer = await h.request('GET', `/api/mj/?${bad}`, { as: admin, headers: { 'accept-language': 'en' } })
      expect(answer.json?.success, bad).toBe(false)
      expect(answer.json?.message, bad).toMatch(/is invalid/)
    }
  })
})
