import { describe, expect, it } from 'vitest'
import { expectRefused, harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import type { Change } from '../../services/changes/change-bus.ts'

let h: Harness
// Changing channels is the root's by default (channelWriteAuth); channel-write-access.test.ts covers admins.
let root: TestUser
harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
})

const api = (method: string, path: string, body?: unknown) => h.request(method, path, { as: root, body })
const create = async (body: Record<string, unknown>) => {
  const response = await api('POST', '/api/channel/', { name: 'ch', key: 'k', models: 'm1,m2', ...body })
  expect(response.json?.success, response.text).toBe(true)
  return ((response.json?.data ?? []) as { id: number }[]).map((c) => c.id)
}
const channels = (ids: number[]) =>
  h.services.db.selectFrom('channels').selectAll().where('id', 'in', ids).orderBy('id').execute()
const abilitiesOf = async (ids: number[]) =>
  (await h.services.db.selectFrom('abilities').selectAll().where('channel_id', 'in', ids).execute()).map((r) => ({
    ...r,
    enabled: Boolean(r.enabled),
  }))

describe('POST /api/channel/batch/tag', () => {
  it('sets and clears the tag of the selected channels and their abilities', async () => {
    const ids = await create({ key: 'a\nb' })
    const [other] = await create({})
    expect((await api('POST', '/api/channel/batch/tag', { ids: [...ids, 9999], tag: 'fast' })).json?.data).toBe(2)
    expect((await channels(ids)).map((c) => c.tag)).toEqual(['fast', 'fast'])
    expect((await abilitiesOf(ids)).every((a) => a.tag === 'fast')).toBe(true)
    expect((await channels([other as number]))[0]?.tag).toBeNull()
    await api('POST', '/api/channel/batch/tag', { ids, tag: '' })
    expect((await channels(ids)).map((c) => c.tag)).toEqual([null, null])
    expect((await abilitiesOf(ids)).every((a) => a.tag === null)).toBe(true)
    await api('POST', '/api/channel/batch/tag', { ids, tag: 'x' })
    await api('POST', '/api/channel/batch/tag', { ids, tag: null })
    expect((await channels(ids)).map((c) => c.tag)).toEqual([null, null])
    for (const body of [{ ids: [], tag: 'x' }, { tag: 'x' }]) {
      expect((await api('POST', '/api/channel/batch/tag', body)).json?.message).toBe('请先选择要设置标签的渠道！')
    }
  })
})

describe('POST /api/channel/tag/enabled and /tag/disabled', () => {
  it('switches every channel of the tag and its abilities, and nothing else', async () => {
    const tagged = await create({ key: 'a\nb', tag: 'team', groups: 'default,vip' })
    const [loose] = await create({})
    expect((await api('POST', '/api/channel/tag/disabled', { tag: 'team' })).json?.data).toBe(2)
    expect((await channels(tagged)).map((c) => c.status)).toEqual([2, 2])
    const off = await abilitiesOf(tagged)
    expect(off).toHaveLength(8)
    expect(off.every((a) => !a.enabled)).toBe(true)
    expect((await abilitiesOf([loose as number])).every((a) => a.enabled)).toBe(true)
    await api('POST', '/api/channel/tag/enabled', { tag: 'team' })
    expect((await channels(tagged)).map((c) => c.status)).toEqual([1, 1])
    expect((await abilitiesOf(tagged)).every((a) => a.enabled)).toBe(true)
    expect((await api('POST', '/api/channel/tag/enabled', { tag: '' })).json?.message).toBe('标签不能为空！')
    expectRefused(await api('POST', '/api/channel/tag/enabled', { tag: 'nobody' }), 'NOT_FOUND')
  })
})

describe('PUT /api/channel/tag', () => {
  it('patches priority and weight into abilities without rebuilding them', async () => {
    const ids = await create({ key: 'a\nb', tag: 'team' })
    const response = await api('PUT', '/api/channel/tag', {
      tag: 'team',
      priority: '7',
      weight: 3,
      models: '',
      groups: [],
      model_mapping: '',
      new_tag: null,
    })
    expect(response.json?.data).toBe(2)
    expect((await channels(ids)).map((c) => [c.priority, c.weight, c.models])).toEqual([
      [7, 3, 'm1,m2'],
      [7, 3, 'm1,m2'],
    ])
    expect((await abilitiesOf(ids)).every((a) => a.priority === 7 && a.weight === 3 && a.tag === 'team')).toBe(true)
  })

  it('renames and dissolves tags, and rebuilds abilities when models or groups change', async () => {
    const ids = await create({ key: 'a\nb', tag: 'old' })
    await api('PUT', '/api/channel/tag', {
      tag: 'old',
      new_tag: 'new',
      models: 'x,y',
      groups: ['default', 'vip'],
      model_mapping: '{"x":"y"}',
    })
    const renamed = await channels(ids)
    expect(renamed.map((c) => [c.tag, c.models, c.group, c.model_mapping])).toEqual([
      ['new', 'x,y', 'default,vip', '{"x":"y"}'],
      ['new', 'x,y', 'default,vip', '{"x":"y"}'],
    ])
    const rebuilt = await abilitiesOf(ids)
    expect(rebuilt.map((a) => `${a.channel_id}:${a.group}/${a.model}:${a.tag}`).sort()).toEqual(
      ids.flatMap((id) => ['default/x', 'default/y', 'vip/x', 'vip/y'].map((p) => `${id}:${p}:new`)).sort()
    )
    await api('PUT', '/api/channel/tag', { tag: 'new', new_tag: '' })
    expect((await channels(ids)).map((c) => c.tag)).toEqual([null, null])
    expect((await abilitiesOf(ids)).every((a) => a.tag === null)).toBe(true)
  })

  it('answers the spec messages', async () => {
    await create({ tag: 'team' })
    const cases: [Record<string, unknown>, string][] = [
      [{ tag: 'team' }, '没有任何修改！'],
      [{ tag: 'team', new_tag: 'team', priority: '', weight: null }, '没有任何修改！'],
      [{ tag: 'team', priority: 'high' }, '优先级必须是整数！'],
      [{ tag: 'team', priority: 2.5 }, '优先级必须是整数！'],
      [{ tag: 'team', weight: -1 }, '权重必须是非负整数！'],
      [{ tag: 'team', weight: '1.5' }, '权重必须是非负整数！'],
      [{ tag: 'team', model_mapping: 'nope' }, '模型映射必须是合法的 JSON 格式！'],
      [{ tag: 'team', models: 'a,a' }, '某些模型已存在！'],
      [{ tag: '', priority: 1 }, '标签不能为空！'],
    ]
    for (const [body, message] of cases) {
      const response = await api('PUT', '/api/channel/tag', body)
      expectRefused(response, 'BAD_REQUEST', JSON.stringify(body))
      expect(response.json?.message, JSON.stringify(body)).toBe(message)
    }
    expectRefused(await api('PUT', '/api/channel/tag', { tag: 'ghost', priority: 1 }), 'NOT_FOUND')
  })

  it('announces the change to the relay caches', async () => {
    await create({ tag: 'team' })
    const changes: Change[] = []
    const stop = h.services.changes.subscribe((change) => changes.push(change))
    await api('PUT', '/api/channel/tag', { tag: 'team', priority: 1 })
    await api('POST', '/api/channel/tag/disabled', { tag: 'team' })
    stop()
    expect(changes).toEqual([{ kind: 'channels' }, { kind: 'channels' }])
  })
})
