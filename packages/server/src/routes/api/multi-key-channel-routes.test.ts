import { describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import { translate } from '../../i18n/messages.ts'
import { readChannelInfo } from '../../services/channels/channel-info.ts'

let h: Harness
let root: TestUser
harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
})

const KEYS = ['sk-first-key-0000001', 'sk-second-key-000002', 'sk-third-key-0000003']
const api = (method: string, path: string, body?: unknown) => h.request(method, path, { as: root, body })
const add = (mode: string, channel: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  api('POST', '/api/channel/', { mode, ...extra, channel: { name: 'ch', models: 'gpt-4o', ...channel } })
const row = (id: number) =>
  h.services.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const storedKeys = async (id: number) => h.services.secrets.decrypt((await row(id)).key)
const manage = (body: Record<string, unknown>) => api('POST', '/api/channel/multi_key/manage', body)
const multiKey = async (keys = KEYS, mode = 'random') => {
  const response = await add('multi_to_single', { key: keys.join('\n') }, { multi_key_mode: mode })
  expect(response.json?.success, response.text).toBe(true)
  return response.json?.data[0].id as number
}
const fail = (
  response: { json?: { success: boolean; code?: string; message: string } },
  code: string,
  message: string
) => {
  expect(response.json?.success).toBe(false)
  expect(response.json?.code).toBe(code)
  expect(response.json?.message).toBe(message)
}

describe('POST /api/channel/ with the reference body', () => {
  it('single: one channel with the whole key, a single-key channel_info', async () => {
    const response = await add('single', { key: ` ${KEYS[0]} ` })
    expect(response.json?.success, response.text).toBe(true)
    expect(response.json?.data).toHaveLength(1)
    const id = response.json?.data[0].id
    expect(await storedKeys(id)).toBe(KEYS[0])
    expect(readChannelInfo((await row(id)).channel_info)).toMatchObject({ is_multi_key: false, multi_key_size: 0 })
    expect(response.json?.data[0].channel_info.is_multi_key).toBe(false)
  })

  it('batch: one channel per key line, named with the key prefix when asked', async () => {
    const response = await add(
      'batch',
      { key: `${KEYS[0]}\n\n${KEYS[1]}\n` },
      { batch_add_set_key_prefix_2_name: true }
    )
    expect(response.json?.success, response.text).toBe(true)
    const created = response.json?.data as { id: number; name: string }[]
    expect(created.map((c) => c.name)).toEqual(['ch sk-first', 'ch sk-secon'])
    expect(await Promise.all(created.map((c) => storedKeys(c.id)))).toEqual([KEYS[0], KEYS[1]])
  })

  it('multi_to_single: one channel holding every key, encrypted as one, with its mode', async () => {
    const id = await multiKey(KEYS, 'polling')
    const stored = await row(id)
    expect(stored.key).not.toContain('sk-first')
    expect(await storedKeys(id)).toBe(KEYS.join('\n'))
    expect(readChannelInfo(stored.channel_info)).toMatchObject({
      is_multi_key: true,
      multi_key_size: 3,
      multi_key_mode: 'polling',
      multi_key_polling_index: 0,
    })
    const listed = await api('GET', '/api/channel/')
    const item = listed.json?.data.items.find((c: { id: number }) => c.id === id)
    expect(item.channel_info).toMatchObject({ is_multi_key: true, multi_key_size: 3, multi_key_mode: 'polling' })
    expect(listed.text).not.toContain('sk-first')
  })

  it('keeps taking a bare channel body, one channel per key line', async () => {
    const response = await api('POST', '/api/channel/', {
      name: 'bare',
      key: `${KEYS[0]}\n${KEYS[1]}`,
      models: 'gpt-4o',
    })
    expect(response.json?.data).toHaveLength(2)
  })

  it('refuses an unknown mode', async () => {
    fail(await add('sideways', { key: KEYS[0] }), 'BAD_REQUEST', translate('channel.add_mode_invalid', 'zh'))
  })
})

describe('PUT /api/channel/ on a multi-key channel', () => {
  it('appends new keys after the stored ones, leaving out repeats and keeping statuses', async () => {
    const id = await multiKey(KEYS.slice(0, 2))
    await manage({ channel_id: id, action: 'disable_key', key_index: 1 })
    const response = await api('PUT', '/api/channel/', { id, key: `${KEYS[1]}\n${KEYS[2]}`, key_mode: 'append' })
    expect(response.json?.success, response.text).toBe(true)
    expect(await storedKeys(id)).toBe(KEYS.join('\n'))
    expect(readChannelInfo((await row(id)).channel_info)).toMatchObject({
      multi_key_size: 3,
      multi_key_status_list: { '1': 2 },
    })
  })

  it('replaces the key list, the new keys enabled, and changes the pick mode', async () => {
    const id = await multiKey(KEYS)
    await manage({ channel_id: id, action: 'disable_key', key_index: 2 })
    const response = await api('PUT', '/api/channel/', {
      id,
      key: 'sk-new-one-000000001',
      key_mode: 'replace',
      multi_key_mode: 'polling',
    })
    expect(response.json?.success, response.text).toBe(true)
    expect(await storedKeys(id)).toBe('sk-new-one-000000001')
    expect(readChannelInfo((await row(id)).channel_info)).toMatchObject({
      multi_key_size: 1,
      multi_key_status_list: {},
      multi_key_mode: 'polling',
    })
  })

  it('keeps the keys and their state when the body has no key', async () => {
    const id = await multiKey(KEYS)
    await manage({ channel_id: id, action: 'disable_key', key_index: 0 })
    expect((await api('PUT', '/api/channel/', { id, name: 'renamed' })).json?.success).toBe(true)
    expect(await storedKeys(id)).toBe(KEYS.join('\n'))
    expect(readChannelInfo((await row(id)).channel_info).multi_key_status_list).toEqual({ '0': 2 })
  })
})

describe('POST /api/channel/multi_key/manage', () => {
  it('lists the keys masked, with their status, paged and filtered, and counts over all keys', async () => {
    const id = await multiKey()
    await manage({ channel_id: id, action: 'disable_key', key_index: 1 })
    const all = await manage({ channel_id: id, action: 'get_key_status' })
    expect(all.json?.data).toMatchObject({
      total: 3,
      page: 1,
      page_size: 50,
      total_pages: 1,
      enabled_count: 2,
      manual_disabled_count: 1,
      auto_disabled_count: 0,
    })
    expect(all.json?.data.keys.map((k: { index: number; status: number }) => [k.index, k.status])).toEqual([
      [0, 1],
      [1, 2],
      [2, 1],
    ])
    expect(all.json?.data.keys[0].key_preview).toBe('sk-...0001')
    for (const key of KEYS) expect(all.text).not.toContain(key)
    const filtered = await manage({ channel_id: id, action: 'get_key_status', status: 1, page: 2, page_size: 1 })
    expect(filtered.json?.data).toMatchObject({ total: 2, page: 2, total_pages: 2, enabled_count: 2 })
    expect(filtered.json?.data.keys.map((k: { index: number }) => k.index)).toEqual([2])
  })

  it('disables and enables one key, and all keys; the channel goes with its last key and comes back with one', async () => {
    const id = await multiKey()
    const disabled = await manage({ channel_id: id, action: 'disable_all_keys' })
    expect(disabled.json).toMatchObject({
      success: true,
      message: translate('channel.keys_disabled', 'zh', { count: 3 }),
    })
    expect((await row(id)).status).toBe(3)
    fail(
      await manage({ channel_id: id, action: 'disable_all_keys' }),
      'BAD_REQUEST',
      translate('channel.no_key_to_disable', 'zh')
    )
    expect((await manage({ channel_id: id, action: 'enable_key', key_index: 2 })).json?.success).toBe(true)
    expect((await row(id)).status).toBe(1)
    expect(readChannelInfo((await row(id)).channel_info).multi_key_status_list).toEqual({ '0': 2, '1': 2 })
    const enabled = await manage({ channel_id: id, action: 'enable_all_keys' })
    expect(enabled.json?.message).toBe(translate('channel.keys_enabled', 'zh', { count: 2 }))
    expect(readChannelInfo((await row(id)).channel_info).multi_key_status_list).toEqual({})
  })

  it('deletes one key, renumbering the keys after it with their status', async () => {
    const id = await multiKey()
    await manage({ channel_id: id, action: 'disable_key', key_index: 2 })
    expect((await manage({ channel_id: id, action: 'delete_key', key_index: 0 })).json?.success).toBe(true)
    expect(await storedKeys(id)).toBe(`${KEYS[1]}\n${KEYS[2]}`)
    expect(readChannelInfo((await row(id)).channel_info)).toMatchObject({
      multi_key_size: 2,
      multi_key_status_list: { '1': 2 },
    })
    fail(
      await manage({ channel_id: id, action: 'delete_key', key_index: 5 }),
      'BAD_REQUEST',
      translate('channel.key_index_out_of_range', 'zh')
    )
    fail(
      await manage({ channel_id: id, action: 'delete_key' }),
      'BAD_REQUEST',
      translate('channel.key_index_required', 'zh')
    )
  })

  it('deletes the auto-disabled keys only, and never the last key', async () => {
    const id = await multiKey()
    const info = {
      is_multi_key: true,
      multi_key_size: 3,
      multi_key_status_list: { '0': 3, '1': 2 },
      multi_key_disabled_reason: { '0': 'invalid' },
      multi_key_disabled_time: { '0': 9 },
      multi_key_polling_index: 0,
      multi_key_mode: 'random',
    }
    await h.services.db
      .updateTable('channels')
      .set({ channel_info: JSON.stringify(info) })
      .where('id', '=', id)
      .execute()
    const response = await manage({ channel_id: id, action: 'delete_disabled_keys' })
    expect(response.json).toMatchObject({
      success: true,
      data: 1,
      message: translate('channel.keys_deleted', 'zh', { count: 1 }),
    })
    expect(await storedKeys(id)).toBe(`${KEYS[1]}\n${KEYS[2]}`)
    expect(readChannelInfo((await row(id)).channel_info).multi_key_status_list).toEqual({ '0': 2 })
    fail(
      await manage({ channel_id: id, action: 'delete_disabled_keys' }),
      'BAD_REQUEST',
      translate('channel.no_auto_disabled_keys', 'zh')
    )
    await manage({ channel_id: id, action: 'delete_key', key_index: 0 })
    fail(
      await manage({ channel_id: id, action: 'delete_key', key_index: 0 }),
      'BAD_REQUEST',
      translate('channel.last_key', 'zh')
    )
  })

  it('refuses a single-key channel and a missing one', async () => {
    const single = (await add('single', { key: KEYS[0] })).json?.data[0].id
    fail(
      await manage({ channel_id: single, action: 'get_key_status' }),
      'BAD_REQUEST',
      translate('channel.not_multi_key', 'zh')
    )
    fail(
      await manage({ channel_id: 99999, action: 'get_key_status' }),
      'NOT_FOUND',
      translate('channel.not_found', 'zh')
    )
  })
})
