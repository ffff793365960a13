import { describe, expect, it } from 'vitest'
import { expectRefused, harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import type { Change } from '../../services/changes/change-bus.ts'

const CANARY = 'sk-canary-upstream-key-7f3a9c'

let h: Harness
// Changing channels is the root's by default (channelWriteAuth); channel-write-access.test.ts covers admins.
let root: TestUser
harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
})

const api = (method: string, path: string, body?: unknown) => h.request(method, path, { as: root, body })
const create = async (body: Record<string, unknown>) => {
  const response = await api('POST', '/api/channel/', { name: 'ch', key: CANARY, models: 'gpt-4o', ...body })
  expect(response.json?.success, response.text).toBe(true)
  return response.json?.data as { id: number; [field: string]: unknown }[]
}
const createOne = async (body: Record<string, unknown> = {}) =>
  (await create(body))[0] as { id: number; [field: string]: unknown }
const channelRow = (id: number) =>
  h.services.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const abilities = async (channelId?: number) => {
  let query = h.services.db.selectFrom('abilities').selectAll()
  if (channelId !== undefined) query = query.where('channel_id', '=', channelId)
  const rows = await query.execute()
  return rows
    .map((r) => ({
      group: r.group,
      model: r.model,
      channel_id: r.channel_id,
      enabled: Boolean(r.enabled),
      priority: r.priority,
      weight: r.weight,
      tag: r.tag,
    }))
    .sort((a, b) => `${a.channel_id}|${a.group}|${a.model}`.localeCompare(`${b.channel_id}|${b.group}|${b.model}`))
}
const pairs = (rows: { group: string; model: string }[]) => rows.map((r) => `${r.group}/${r.model}`)

describe('POST /api/channel/', () => {
  it('creates a channel with defaults, its key encrypted at rest and never answered', async () => {
    const channel = await createOne({
      base_url: 'https://api.example.com///',
      weight: -3,
      user_id: 5,
      used_quota: 9,
      balance: 7,
      other_info: '{"x":1}',
      id: 99,
    })
    expect(channel).toMatchObject({
      name: 'ch',
      type: 1,
      key: '',
      status: 1,
      group: 'default',
      auto_ban: 1,
      priority: 0,
      weight: 0,
      base_url: 'https://api.example.com',
      used_quota: 0,
      balance: 0,
      other_info: '',
      max_input_tokens: 0,
    })
    expect(channel.id).not.toBe(99)
    expect(channel.created_time).toBeGreaterThan(0)
    const row = await channelRow(channel.id)
    expect(row.key.startsWith('enc:v1:')).toBe(true)
    expect(row.key).not.toContain(CANARY)
    expect(h.services.secrets.decrypt(row.key)).toBe(CANARY)
    for (const path of [
      '/api/channel/',
      `/api/channel/${channel.id}`,
      '/api/channel/search?keyword=ch',
      '/api/channel/?tag_mode=true',
    ]) {
      const answer = await api('GET', path)
      expect(answer.json?.success, path).toBe(true)
      expect(answer.text).not.toContain(CANARY)
      expect(answer.text).not.toContain('enc:v1:')
    }
  })

  it('creates one channel per key line, all in one go, with abilities for every group and model', async () => {
    const created = await create({
      key: ` k1 \n\nk2\r\nk3\n`,
      models: 'a, b',
      groups: ['default', 'vip', 'default'],
      priority: 5,
      weight: 3,
      tag: 'team',
    })
    expect(created).toHaveLength(3)
    const keys = await Promise.all(created.map(async (c) => h.services.secrets.decrypt((await channelRow(c.id)).key)))
    expect(keys).toEqual(['k1', 'k2', 'k3'])
    const rows = await abilities(created[0]?.id)
    expect(pairs(rows)).toEqual(['default/a', 'default/b', 'vip/a', 'vip/b'])
    expect(rows.every((r) => r.enabled && r.priority === 5 && r.weight === 3 && r.tag === 'team')).toBe(true)
    expect(await abilities()).toHaveLength(12)
  })

  it('keeps a Vertex AI JSON key whole and requires its region', async () => {
    const key = '{\n  "type": "service_account",\n  "project_id": "p"\n}'
    const created = await create({ type: 41, key, other: '{"default":"us-central1","gemini-pro":"europe-west4"}' })
    expect(created).toHaveLength(1)
    expect(h.services.secrets.decrypt((await channelRow(created[0]?.id as number)).key)).toBe(key)
    expect(
      (await api('POST', '/api/channel/', { name: 'v', type: 41, key, models: 'm', other: '' })).json?.message
    ).toBe('部署地区不能为空')
    expect(
      (await api('POST', '/api/channel/', { name: 'v', type: 41, key, models: 'm', other: '{"gemini":"x"}' })).json
        ?.message
    ).toBe('部署地区必须包含default字段')
    expect((await create({ type: 41, key, other: 'us-east5' }))[0]?.other).toBe('us-east5')
  })

  it('refuses base URLs the relay may never call, and private ones when the setting says so', async () => {
    for (const baseUrl of ['http://169.254.169.254', 'http://metadata.google.internal/v1', 'http://[fd00:ec2::254]']) {
      const response = await api('POST', '/api/channel/', {
        name: 'ch',
        key: CANARY,
        models: 'gpt-4o',
        base_url: baseUrl,
      })
      expectRefused(response, 'BAD_REQUEST', baseUrl)
    }
    // A local model server is refused by default...
    expectRefused(
      await api('POST', '/api/channel/', {
        name: 'ch',
        key: CANARY,
        models: 'gpt-4o',
        base_url: 'http://127.0.0.1:11434',
      }),
      'BAD_REQUEST'
    )
    // ...allowed for every channel once the root opens private networks...
    await h.services.options.set('ChannelPrivateNetworkAllowed', 'true')
    const local = await createOne({ base_url: 'http://127.0.0.1:11434' })
    // ...and refused again once they are closed.
    await h.services.options.set('ChannelPrivateNetworkAllowed', 'false')
    expectRefused(await api('PUT', '/api/channel/', { id: local.id, base_url: 'http://10.0.0.5:8000' }), 'BAD_REQUEST')
    expectRefused(
      await api('POST', '/api/channel/', { name: 'ch', key: CANARY, models: 'gpt-4o', base_url: 'http://192.168.1.2' }),
      'BAD_REQUEST'
    )
    expect(await h.services.db.selectFrom('channels').select('id').execute()).toHaveLength(1)
  })

  it('defaults Xunfei to API version v2.1', async () => {
    expect((await createOne({ type: 18 })).other).toBe('v2.1')
    expect((await createOne({ type: 18, other: 'v3.5' })).other).toBe('v3.5')
  })

  it('answers the spec validation messages and creates nothing', async () => {
    const base = { name: 'ch', key: 'k', models: 'm' }
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, name: '' }, '请填写渠道名称和渠道密钥！'],
      [{ ...base, key: ' \n ' }, '请填写渠道名称和渠道密钥！'],
      [{ models: 'm' }, '请填写渠道名称和渠道密钥！'],
      [{ ...base, models: ' , ' }, '请至少选择一个模型！'],
      [{ ...base, models: [] }, '请至少选择一个模型！'],
      [{ ...base, models: 'gpt-4o,o3,gpt-4o' }, '某些模型已存在！'],
      [{ ...base, models: 'x'.repeat(256) }, '模型名称不能超过 255 个字符'],
      [{ ...base, model_mapping: '{bad' }, '模型映射必须是合法的 JSON 格式！'],
      [{ ...base, model_mapping: '["a"]' }, '模型映射必须是合法的 JSON 格式！'],
      [{ ...base, status_code_mapping: 'nope' }, '状态码复写必须是合法的 JSON 格式！'],
      [{ ...base, setting: '1' }, '渠道额外设置必须是合法的 JSON 格式！'],
      [{ ...base, param_override: 'null' }, '参数覆盖必须是合法的 JSON 格式！'],
      [{ ...base, header_override: '[' }, '请求头覆盖必须是合法的 JSON 格式！'],
      [{ ...base, base_url: 'ftp://files.example.com' }, 'API 地址必须是以 http:// 或 https:// 开头的合法地址'],
      [{ ...base, base_url: 'javascript:alert(1)' }, 'API 地址必须是以 http:// 或 https:// 开头的合法地址'],
      [{ ...base, priority: 1.5 }, '优先级必须是整数！'],
      [{ ...base, priority: -1000 }, '优先级不能小于 -999'],
      [{ ...base, weight: 'heavy' }, '权重必须是非负整数！'],
      [{ ...base, groups: ['g'.repeat(65)] }, '分组名称不能超过 64 个字符'],
      [{ ...base, type: -1 }, '渠道类型不合法'],
      [{ ...base, status: 7 }, '渠道状态只能是启用或禁用'],
    ]
    for (const [body, message] of cases) {
      const response = await api('POST', '/api/channel/', body)
      expectRefused(response, 'BAD_REQUEST', JSON.stringify(body))
      expect(response.json?.message, JSON.stringify(body)).toBe(message)
    }
    expect((await api('GET', '/api/channel/')).json?.data.total).toBe(0)
    expect(await abilities()).toEqual([])
  })
})

describe('PUT /api/channel/', () => {
  it('updates given fields, keeps the key when blank, keeps other_info, and rebuilds abilities', async () => {
    const channel = await createOne({ models: 'a,b', groups: ['default', 'vip'] })
    const otherInfo = JSON.stringify({ status_reason: 'upstream 401', status_time: 1_700_000_000 })
    await h.services.db
      .updateTable('channels')
      .set({ other_info: otherInfo, used_quota: 77 })
      .where('id', '=', channel.id)
      .execute()
    const updated = await api('PUT', '/api/channel/', {
      ...channel,
      key: '',
      name: 'renamed',
      models: 'a,c',
      other_info: '{}',
      used_quota: 0,
      balance: 1,
    })
    expect(updated.json?.data).toMatchObject({
      id: channel.id,
      name: 'renamed',
      models: 'a,c',
      other_info: otherInfo,
      used_quota: 77,
      balance: 0,
      key: '',
    })
    expect(h.services.secrets.decrypt((await channelRow(channel.id)).key)).toBe(CANARY)
    expect(pairs(await abilities(channel.id))).toEqual(['default/a', 'default/c', 'vip/a', 'vip/c'])

    await api('PUT', '/api/channel/', { id: channel.id, key: 'new-key' })
    expect(h.services.secrets.decrypt((await channelRow(channel.id)).key)).toBe('new-key')
  })

  it('switches status, priority and weight alone, and abilities follow', async () => {
    const channel = await createOne({ models: 'a,b', groups: 'default,vip' })
    expect((await api('PUT', '/api/channel/', { id: channel.id, status: 2 })).json?.data).toMatchObject({
      status: 2,
      name: 'ch',
      models: 'a,b',
    })
    const disabled = await abilities(channel.id)
    expect(disabled).toHaveLength(4)
    expect(disabled.every((r) => !r.enabled)).toBe(true)
    await api('PUT', '/api/channel/', { id: channel.id, status: 1 })
    await api('PUT', '/api/channel/', { id: channel.id, priority: 9 })
    await api('PUT', '/api/channel/', { id: channel.id, weight: 4 })
    const enabled = await abilities(channel.id)
    expect(enabled.every((r) => r.enabled && r.priority === 9 && r.weight === 4)).toBe(true)
    expect((await api('PUT', '/api/channel/', { id: channel.id, models: '' })).json?.message).toBe(
      '请至少选择一个模型！'
    )
    expectRefused(await api('PUT', '/api/channel/', { id: 424242, status: 2 }), 'NOT_FOUND')
    expect((await api('PUT', '/api/channel/', { id: channel.id, type: 41 })).json?.message).toBe('部署地区不能为空')
  })
})

describe('DELETE', () => {
  it('deletes a channel with its abilities, with or without a trailing slash', async () => {
    const a = await createOne({ models: 'x' })
    const b = await createOne({ models: 'y' })
    expect((await api('DELETE', `/api/channel/${a.id}`)).json?.success).toBe(true)
    expect((await api('DELETE', `/api/channel/${b.id}/`)).json?.success).toBe(true)
    expect(await abilities()).toEqual([])
    expect((await api('GET', `/api/channel/${a.id}`)).json?.message).toBe('渠道未找到，请刷新页面后重试。')
    expectRefused(await api('DELETE', `/api/channel/${a.id}`), 'NOT_FOUND')
  })

  it('deletes every disabled channel, and a batch, each in one go', async () => {
    const [on, manual, auto, other] = await create({ key: 'a\nb\nc\nd' })
    await api('PUT', '/api/channel/', { id: manual?.id, status: 2 })
    await h.services.db
      .updateTable('channels')
      .set({ status: 3 })
      .where('id', '=', auto?.id as number)
      .execute()
    expect((await api('DELETE', '/api/channel/disabled')).json?.data).toBe(2)
    expect(new Set((await abilities()).map((r) => r.channel_id))).toEqual(new Set([on?.id, other?.id]))
    expect((await api('POST', '/api/channel/batch', { ids: [on?.id, other?.id, 999] })).json?.data).toBe(2)
    expect(await abilities()).toEqual([])
    for (const body of [{ ids: [] }, {}])
      expect((await api('POST', '/api/channel/batch', body)).json?.message).toBe('请先选择要删除的通道！')
  })
})

describe('GET /api/channel/ and /search', () => {
  it('orders by priority then id (or by id), pages from 1 and clamps page_size to 100', async () => {
    const low = await createOne({ name: 'low', priority: 0 })
    const high = await createOne({ name: 'high', priority: 10 })
    const mid = await createOne({ name: 'mid', priority: 5 })
    const names = async (query: string) =>
      (((await api('GET', `/api/channel/?${query}`)).json?.data.items ?? []) as { name: string }[]).map((c) => c.name)
    expect(await names('')).toEqual(['high', 'mid', 'low'])
    expect(await names('id_sort=true')).toEqual(['mid', 'high', 'low'])
    expect(await names('p=2&page_size=2')).toEqual(['low'])
    expect((await api('GET', '/api/channel/?p=1&page_size=2')).json?.data).toMatchObject({
      total: 3,
      page: 1,
      page_size: 2,
    })
    expect([low.id, high.id, mid.id]).toHaveLength(3)
    await create({ name: 'bulk', key: Array.from({ length: 110 }, (_, i) => `key${i}`).join('\n') })
    const clamped = await api('GET', '/api/channel/?page_size=1000')
    expect(clamped.json?.data.items).toHaveLength(100)
    expect(clamped.json?.data).toMatchObject({ total: 113, page_size: 100 })
  })

  it('pages tags as units in tag mode, untagged channels each a unit of their own', async () => {
    await create({ name: 'alpha', tag: 'alpha', key: 'a1\na2' })
    await create({ name: 'beta', tag: 'beta', key: 'b1\nb2\nb3' })
    await createOne({ name: 'loose1' })
    await createOne({ name: 'loose2', tag: '' })
    const page = async (p: number) =>
      (await api('GET', `/api/channel/?tag_mode=true&page_size=2&p=${p}&id_sort=true`)).json?.data
    const first = await page(1)
    expect(first.total).toBe(4)
    expect(first.items.map((c: { name: string }) => c.name)).toEqual(['alpha', 'alpha', 'beta', 'beta', 'beta'])
    expect((await page(2)).items.map((c: { name: string }) => c.name)).toEqual(['loose2', 'loose1'])
    expect((await page(3)).items).toEqual([])
  })

  it('counts the matching channels of each type in type_counts, on every page, as the reference', async () => {
    await create({ name: 'openai', key: 'k1\nk2\nk3', models: 'gpt-4o' })
    const claude = await create({ name: 'claude', key: 'c1\nc2', models: 'claude-3' })
    await h.services.db
      .updateTable('channels')
      .set({ type: 14 })
      .where(
        'id',
        'in',
        claude.map((c) => c.id)
      )
      .execute()
    const listed = await api('GET', '/api/channel/?p=2&page_size=2')
    expect(listed.json?.data).toMatchObject({ total: 5, page: 2, type_counts: { '1': 3, '14': 2 } })
    expect(Object.keys(listed.json?.data.type_counts).sort()).toEqual(['1', '14'])
    expect((await api('GET', '/api/channel/?tag_mode=true')).json?.data.type_counts).toEqual({ '1': 3, '14': 2 })
    // A search counts what it found.
    expect((await api('GET', '/api/channel/search?model=claude')).json?.data.type_counts).toEqual({ '14': 2 })
    expect((await api('GET', '/api/channel/search?keyword=nothing-like-this')).json?.data).toMatchObject({
      items: [],
      total: 0,
      type_counts: {},
    })
  })

  it('searches by id, literal name part, model part and group membership', async () => {
    const a = await createOne({ name: 'full% uptime', models: 'gpt-4o,o3', groups: ['vip', 'default'] })
    await createOne({ name: 'fullx uptime', models: 'claude-3', groups: ['vipplus'] })
    await createOne({ name: 'under_score', models: 'gemini-pro', groups: ['default'] })
    const names = async (query: string) =>
      (((await api('GET', `/api/channel/search?${query}`)).json?.data.items ?? []) as { name: string }[])
        .map((c) => c.name)
        .sort()
    expect(await names('keyword=%25')).toEqual(['full% uptime'])
    expect(await names('keyword=_')).toEqual(['under_score'])
    expect(await names('keyword=UPTIME')).toEqual(['full% uptime', 'fullx uptime'])
    expect(await names(`keyword=${a.id}`)).toEqual(['full% uptime'])
    expect(await names('model=GPT')).toEqual(['full% uptime'])
    expect(await names('group=vip')).toEqual(['full% uptime'])
    expect(await names('group=vip&model=claude')).toEqual([])
    expect(await names('group=default&model=gemini')).toEqual(['under_score'])
    expect(await names(`keyword=${CANARY}`)).toEqual([])
  })

  it('lists the models of enabled abilities', async () => {
    await createOne({ models: 'b-model,a-model' })
    const off = await createOne({ models: 'off-model,a-model' })
    await api('PUT', '/api/channel/', { id: off.id, status: 2 })
    expect((await api('GET', '/api/channel/models_enabled')).json?.data).toEqual(['a-model', 'b-model'])
  })
})

describe('POST /api/channel/fix', () => {
  it('removes abilities of missing channels and rebuilds missing ones', async () => {
    const channel = await createOne({ models: 'a,b' })
    await h.services.db.deleteFrom('abilities').where('channel_id', '=', channel.id).execute()
    await h.services.db
      .insertInto('abilities')
      .values({ group: 'default', model: 'ghost', channel_id: 9999, enabled: true })
      .execute()
    expect((await api('POST', '/api/channel/fix')).json?.data).toEqual({ success: 1, fails: 0 })
    expect(pairs(await abilities())).toEqual(['default/a', 'default/b'])
    expect((await api('POST', '/api/channel/fix')).json?.data).toEqual({ success: 0, fails: 0 })
  })
})

describe('the relay side', () => {
  it('announces every change on the bus and gets enabled channels with their keys in the clear', async () => {
    const changes: Change[] = []
    const stop = h.services.changes.subscribe((change) => changes.push(change))
    const channel = await createOne()
    const off = await createOne({ key: 'other-key' })
    await api('PUT', '/api/channel/', { id: off.id, status: 2 })
    // The relay's routing table sees the change at once, with the keys decrypted.
    const snapshot = await h.services.relay.channels.current()
    expect(snapshot.channels.get(channel.id)?.key).toBe(CANARY)
    expect(snapshot.channels.get(off.id)?.key).toBe('other-key')
    expect([...(snapshot.routes.get('default')?.values() ?? [])].flat(2).map((c) => c.channel.id)).not.toContain(off.id)
    await api('DELETE', `/api/channel/${channel.id}`)
    stop()
    expect(changes).toEqual(Array.from({ length: 4 }, () => ({ kind: 'channels' })))
  })
})
