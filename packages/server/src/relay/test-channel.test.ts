import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness } from '../../test/harness.ts'
import { addChannel } from '../../test/relay-fixtures.ts'
import { setChannelStatus } from '../db/queries/channel-status.ts'
import { testAllChannels, testChannel } from './test-channel.ts'

let mock: MockUpstream
let h: Harness

beforeAll(async () => {
  mock = await startMockUpstream()
})
afterAll(async () => {
  await mock.stop()
})
harnessPerTest(async (made) => {
  h = made
  await h.services.options.set('AutomaticDisableChannelEnabled', 'true')
  await h.services.options.set('AutomaticEnableChannelEnabled', 'true')
})

const row = (id: number) =>
  h.services.db
    .selectFrom('channels')
    .select(['status', 'response_time', 'test_time', 'other_info'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

describe('channel tests', () => {
  it('record the response time of a healthy channel', async () => {
    const id = await addChannel(h, { baseUrl: `${mock.url}/_mock/latencyMs=30` })
    const result = await testChannel(h.services, id)
    expect(result.success).toBe(true)
    expect(result.time).toBeGreaterThanOrEqual(0.03)
    const after = await row(id)
    expect(after.response_time).toBeGreaterThanOrEqual(30)
    expect(after.test_time).toBeGreaterThan(0)
  })

  it('disable a failing auto-ban channel and enable it again once it recovers', async () => {
    const id = await addChannel(h, { baseUrl: `${mock.url}/_mock/status=401` })
    expect((await testChannel(h.services, id)).success).toBe(false)
    expect((await row(id)).status).toBe(3)
    await h.services.db.updateTable('channels').set({ base_url: mock.url }).where('id', '=', id).execute()
    await h.services.changes.publish({ kind: 'channels' })
    expect((await testChannel(h.services, id)).success).toBe(true)
    expect((await row(id)).status).toBe(1)
    const abilities = await h.services.db
      .selectFrom('abilities')
      .select('enabled')
      .where('channel_id', '=', id)
      .execute()
    expect(abilities.every((a) => Boolean(a.enabled))).toBe(true)
  })

  it('disable a channel slower than ChannelDisableThreshold', async () => {
    await h.services.options.set('ChannelDisableThreshold', '0.05')
    const id = await addChannel(h, { baseUrl: `${mock.url}/_mock/latencyMs=120` })
    expect((await testChannel(h.services, id)).success).toBe(true)
    expect((await row(id)).status).toBe(3)
    // Stored in DEFAULT_LANGUAGE (zh), like the other reasons a channel keeps.
    expect(JSON.parse((await row(id)).other_info).status_reason).toMatch(/^响应时间 [\d.]+ 秒，超过阈值 [\d.]+ 秒$/)
  })

  it('never re-enable a manually disabled channel', async () => {
    const id = await addChannel(h, { baseUrl: mock.url })
    await setChannelStatus(h.services.db, id, 2, 'by hand', 0, [1])
    await h.services.changes.publish({ kind: 'channels' })
    expect(await testAllChannels(h.services)).toBe(0)
    await testChannel(h.services, id)
    expect((await row(id)).status).toBe(2)
  })

  it('answers an unknown channel in the caller`s language', async () => {
    expect(await testChannel(h.services, 987_654, undefined, 'en')).toEqual({
      success: false,
      message: 'Channel not found',
      time: 0,
    })
    expect(await testChannel(h.services, 987_654, undefined, 'zh')).toEqual({
      success: false,
      message: '渠道不存在',
      time: 0,
    })
  })
})
