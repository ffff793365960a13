import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness, type TestUser } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, quotaOf, settle, tokenRemainOf } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'
import { openHolds } from '../db/queries/ledger.ts'

let h: Harness
let root: TestUser
let broken: ScriptedUpstream
let healthy: ScriptedUpstream

const answer = {
  id: 'c1',
  object: 'chat.completion',
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1000, completion_tokens: 500, total_tokens: 1500 },
}
// gpt-4o-mini: model ratio 0.075, completion ratio 4: (1000 + 4 x 500) x 0.075 = 225 quota at group ratio 1.
const baseCost = 225

const setOption = (key: string, value: string) => h.request('PUT', '/api/option/', { as: root, body: { key, value } })

beforeEach(async () => {
  h = await createHarness()
  root = await h.setupRoot()
  broken = await startScriptedUpstream()
  healthy = await startScriptedUpstream()
  broken.answer = () => ({ status: 500, json: { error: { message: 'upstream down', type: 'server_error' } } })
  healthy.answer = () => ({ json: answer })
  await setOption('UserUsableGroups', '{"default":"Default","vip":"VIP","cheap":"Cheap"}')
  await setOption('GroupRatio', '{"default":1,"vip":2,"cheap":0.5}')
  await setOption('RetryTimes', '1')
})
afterEach(async () => {
  await broken.stop()
  await healthy.stop()
  await h.close()
})

const chat = (key: string) =>
  h.request('POST', '/v1/chat/completions', {
    body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] },
    headers: { authorization: `Bearer ${key}` },
  })

describe('cross_group_retry', () => {
  it('stays in the first auto group without it: the failure is answered and nothing is charged', async () => {
    await setOption('AutoGroups', '["default","vip"]')
    await addChannel(h, { baseUrl: broken.url, groups: 'default', autoBan: false })
    await addChannel(h, { baseUrl: healthy.url, groups: 'vip' })
    const user = await h.createUser(1, { quota: 100_000 })
    const { key } = await addToken(h, user.id, { group: 'auto', crossGroupRetry: false })
    const response = await chat(key)
    expect(response.status).toBe(500)
    await settle(h)
    expect(broken.seen).toHaveLength(1)
    expect(healthy.seen).toHaveLength(0)
    expect(await quotaOf(h, user.id)).toBe(100_000)
    expect(await consumeLogs(h)).toEqual([])
    expect(await openHolds(h.services.db)).toEqual({ count: 0, amount: 0 })
  })

  it("goes on to the next auto group with it, after that group's retries, and bills the group that served: one row", async () => {
    await setOption('AutoGroups', '["default","vip"]')
    await addChannel(h, { name: 'a1', baseUrl: broken.url, groups: 'default', autoBan: false, priority: 5 })
    await addChannel(h, { name: 'a2', baseUrl: broken.url, groups: 'default', autoBan: false })
    const served = await addChannel(h, { name: 'b', baseUrl: healthy.url, groups: 'vip' })
    const user = await h.createUser(1, { quota: 100_000 })
    const { key, id: tokenId } = await addToken(h, user.id, {
      group: 'auto',
      crossGroupRetry: true,
      unlimited: false,
      remainQuota: 50_000,
    })
    const response = await chat(key)
    expect(response.status).toBe(200)
    await settle(h)
    // Both channels of the first group were tried (RetryTimes 1), then the next group served.
    expect(broken.seen).toHaveLength(2)
    expect(healthy.seen).toHaveLength(1)
    const logs = await consumeLogs(h)
    expect(logs).toHaveLength(1)
    const [log] = logs
    expect([log?.group, log?.channel_id, Number(log?.quota)]).toEqual(['vip', served, baseCost * 2])
    expect(JSON.parse(String(log?.other)).group_ratio).toBe(2)
    expect(await quotaOf(h, user.id)).toBe(100_000 - baseCost * 2)
    expect(await tokenRemainOf(h, tokenId)).toBe(50_000 - baseCost * 2)
    expect(await openHolds(h.services.db)).toEqual({ count: 0, amount: 0 })
  })

  it('charges the cheaper ratio when the next group is cheaper, and gives the rest of the hold back', async () => {
    await setOption('AutoGroups', '["vip","cheap"]')
    await addChannel(h, { baseUrl: broken.url, groups: 'vip', autoBan: false })
    await addChannel(h, { baseUrl: healthy.url, groups: 'cheap' })
    const user = await h.createUser(1, { quota: 100_000 })
    const { key } = await addToken(h, user.id, { group: 'auto', crossGroupRetry: true })
    expect((await chat(key)).status).toBe(200)
    await settle(h)
    const [log] = await consumeLogs(h)
    // 225 x 0.5 = 112.5, rounded as every charge is.
    expect([log?.group, Number(log?.quota)]).toEqual(['cheap', 113])
    expect(await quotaOf(h, user.id)).toBe(100_000 - 113)
    expect(await openHolds(h.services.db)).toEqual({ count: 0, amount: 0 })
  })

  it("does not cross when the balance cannot cover the dearer group's hold", async () => {
    await setOption('AutoGroups', '["default","vip"]')
    await addChannel(h, { baseUrl: broken.url, groups: 'default', autoBan: false })
    await addChannel(h, { baseUrl: healthy.url, groups: 'vip' })
    // The balance is gone by the time the request would move on (spent elsewhere meanwhile). It is
    // too small for a lease (one is taken only from a balance many times its size), so the hold is
    // the request's own and growing it takes from the balance.
    const user = await h.createUser(1, { quota: 100_000 })
    const { key } = await addToken(h, user.id, { group: 'auto', crossGroupRetry: true })
    const held: number[] = []
    const grow = h.services.relay.ledger.grow.bind(h.services.relay.ledger)
    h.services.relay.ledger.grow = async (hold, extra) => {
      held.push(hold.amount, extra)
      await h.services.db.updateTable('users').set({ quota: 0 }).where('id', '=', user.id).execute()
      return grow(hold, extra)
    }
    const response = await chat(key)
    expect(response.status).toBe(500)
    await settle(h)
    expect(healthy.seen).toHaveLength(0)
    // It asked for the difference between the two groups' worst cases: as much again as it held.
    expect(held[1]).toBe(held[0])
    expect(await consumeLogs(h)).toEqual([])
    expect(await openHolds(h.services.db)).toEqual({ count: 0, amount: 0 })
  })

  it('never applies to a token of a fixed group', async () => {
    await addChannel(h, { baseUrl: broken.url, groups: 'default', autoBan: false })
    await addChannel(h, { baseUrl: healthy.url, groups: 'vip' })
    await setOption('AutoGroups', '["default","vip"]')
    const user = await h.createUser(1, { quota: 100_000 })
    const { key } = await addToken(h, user.id, { group: 'default', crossGroupRetry: true })
    expect((await chat(key)).status).toBe(500)
    expect(healthy.seen).toHaveLength(0)
  })
})

describe('cross_group_retry in the token API', () => {
  it('is kept with the auto group only, as the reference stores it', async () => {
    await setOption('AutoGroups', '["default","vip"]')
    const user = await h.createUser(1, { quota: 100_000 })
    const created = await h.request('POST', '/api/token/', {
      as: user,
      body: { name: 'a', group: 'auto', cross_group_retry: true, unlimited_quota: true },
    })
    expect(created.json?.success).toBe(true)
    const id = created.json?.data.id as number
    const read = async () => (await h.request('GET', `/api/token/${id}`, { as: user })).json?.data.cross_group_retry
    expect(await read()).toBe(true)
    const fixed = await h.request('POST', '/api/token/', {
      as: user,
      body: { name: 'b', group: 'vip', cross_group_retry: true },
    })
    expect(fixed.json?.data.cross_group_retry).toBe(false)
    // Editing another field keeps it; leaving the auto group clears it.
    await h.request('PUT', '/api/token/', { as: user, body: { id, name: 'renamed' } })
    expect(await read()).toBe(true)
    await h.request('PUT', '/api/token/', { as: user, body: { id, group: 'vip' } })
    expect(await read()).toBe(false)
    await h.request('PUT', '/api/token/', { as: user, body: { id, cross_group_retry: true } })
    expect(await read()).toBe(false)
    await h.request('PUT', '/api/token/', { as: user, body: { id, group: 'auto', cross_group_retry: true } })
    expect(await read()).toBe(true)
    const list = await h.request('GET', '/api/token/', { as: user })
    expect(
      list.json?.data.items
        .map((t: { name: string; cross_group_retry: boolean }) => [t.name, t.cross_group_retry])
        .sort()
    ).toEqual([
      ['b', false],
      ['renamed', true],
    ])
  })
})
