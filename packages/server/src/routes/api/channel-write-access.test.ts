import { Role } from '@gateway/shared'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness, type TestUser } from '../../../test/harness.ts'
import { translate } from '../../i18n/messages.ts'
import type { Access } from '../../middleware/auth.ts'

interface WriteCall {
  method: string
  path: string
  body?: unknown
}

/**
 * Every route that changes channels, keyed as the app registers it, with a call that succeeds
 * when allowed: it acts on a fresh channel (tagged `tag`) made by the root for this call alone.
 */
const writes: Record<string, (id: number, tag: string) => WriteCall> = {
  'POST /api/channel': () => ({
    method: 'POST',
    path: '/api/channel/',
    body: { name: 'added', key: 'sk-added', models: 'gpt-4o' },
  }),
  'PUT /api/channel': (id) => ({ method: 'PUT', path: '/api/channel/', body: { id, name: 'renamed' } }),
  'DELETE /api/channel/disabled': () => ({ method: 'DELETE', path: '/api/channel/disabled' }),
  'POST /api/channel/batch': (id) => ({ method: 'POST', path: '/api/channel/batch', body: { ids: [id] } }),
  'POST /api/channel/fix': () => ({ method: 'POST', path: '/api/channel/fix' }),
  'POST /api/channel/batch/tag': (id) => ({
    method: 'POST',
    path: '/api/channel/batch/tag',
    body: { ids: [id], tag: 'retagged' },
  }),
  'POST /api/channel/tag/enabled': (_id, tag) => ({ method: 'POST', path: '/api/channel/tag/enabled', body: { tag } }),
  'POST /api/channel/tag/disabled': (_id, tag) => ({
    method: 'POST',
    path: '/api/channel/tag/disabled',
    body: { tag },
  }),
  'PUT /api/channel/tag': (_id, tag) => ({ method: 'PUT', path: '/api/channel/tag', body: { tag, priority: 7 } }),
  'DELETE /api/channel/:id': (id) => ({ method: 'DELETE', path: `/api/channel/${id}` }),
  'POST /api/channel/multi_key/manage': (id) => ({
    method: 'POST',
    path: '/api/channel/multi_key/manage',
    body: { channel_id: id, action: 'disable_key', key_index: 0 },
  }),
}

let h: Harness
let root: TestUser
let admin: TestUser
let user: TestUser
let counter = 0
beforeAll(async () => {
  h = await createHarness()
  root = await h.setupRoot()
  admin = await h.createUser(Role.admin)
  user = await h.createUser(Role.user)
})
afterAll(async () => {
  await h.close()
})
afterEach(async () => {
  await h.services.options.set('AdminChannelWriteEnabled', 'false')
})

/** The key manager's route acts on a channel holding several keys; the others on a single-key one. */
async function freshChannel(route = ''): Promise<{ id: number; tag: string }> {
  const tag = `t${++counter}`
  const channel = { name: `ch-${tag}`, key: 'sk-x\nsk-y', models: 'gpt-4o', tag }
  const body = route.includes('multi_key')
    ? { mode: 'multi_to_single', multi_key_mode: 'random', channel }
    : { mode: 'single', channel }
  const response = await h.request('POST', '/api/channel/', { as: root, body })
  expect(response.json?.success, response.text).toBe(true)
  return { id: response.json?.data[0].id, tag }
}

const channelsTable = () => h.services.db.selectFrom('channels').selectAll().orderBy('id').execute()

async function call(route: string, as: TestUser) {
  const { id, tag } = await freshChannel(route)
  const { method, path, body } = (writes[route] as (id: number, tag: string) => WriteCall)(id, tag)
  return h.request(method, path, { as, body })
}

async function expectRefused(route: string, as: TestUser) {
  const { id, tag } = await freshChannel(route)
  const before = await channelsTable()
  const { method, path, body } = (writes[route] as (id: number, tag: string) => WriteCall)(id, tag)
  const response = await h.request(method, path, { as, body })
  expect(response.status, route).toBe(403)
  expect(response.json, route).toEqual({
    success: false,
    message: translate('auth.forbidden', 'zh'),
    code: 'FORBIDDEN',
  })
  expect(await channelsTable(), `${route} changed nothing`).toEqual(before)
}

async function expectAllowed(route: string, as: TestUser) {
  const response = await call(route, as)
  expect(response.status, `${route}: ${response.text}`).toBe(200)
  expect(response.json?.success, route).toBe(true)
}

describe('channel writes (channelWriteAuth)', () => {
  it('lists every route tagged channel-write, and no other', () => {
    const tagged = new Set<string>()
    for (const route of h.app.routes) {
      if ((route.handler as { access?: Access }).access === 'channel-write') tagged.add(`${route.method} ${route.path}`)
    }
    expect([...tagged].sort()).toEqual(Object.keys(writes).sort())
  })

  it('refuses an admin with the forbidden message while AdminChannelWriteEnabled is off (the default)', async () => {
    expect(h.services.options.bool('AdminChannelWriteEnabled')).toBe(false)
    for (const route of Object.keys(writes)) await expectRefused(route, admin)
  })

  it('lets an admin change channels once the root turns AdminChannelWriteEnabled on', async () => {
    const turnedOn = await h.request('PUT', '/api/option/', {
      as: root,
      body: { key: 'AdminChannelWriteEnabled', value: true },
    })
    expect(turnedOn.json).toMatchObject({ success: true, data: { key: 'AdminChannelWriteEnabled', value: 'true' } })
    for (const route of Object.keys(writes)) await expectAllowed(route, admin)
    const renamed = await call('PUT /api/channel', admin)
    expect(renamed.json?.data.name).toBe('renamed')
  })

  it('lets the root change channels whether the option is on or off', async () => {
    for (const route of Object.keys(writes)) await expectAllowed(route, root)
    await h.services.options.set('AdminChannelWriteEnabled', 'true')
    for (const route of Object.keys(writes)) await expectAllowed(route, root)
  })

  it('refuses a plain user whether the option is on or off', async () => {
    for (const route of Object.keys(writes)) await expectRefused(route, user)
    await h.services.options.set('AdminChannelWriteEnabled', 'true')
    for (const route of Object.keys(writes)) await expectRefused(route, user)
  })

  it('leaves reading and testing channels to admins with the option off', async () => {
    const { id } = await freshChannel()
    for (const path of [
      '/api/channel/',
      `/api/channel/${id}`,
      '/api/channel/search?keyword=ch',
      '/api/channel/models_enabled',
      '/api/channel/models',
    ]) {
      const response = await h.request('GET', path, { as: admin })
      expect(response.status, path).toBe(200)
      expect(response.json?.success, path).toBe(true)
    }
  })

  it('does not let an admin turn the option on', async () => {
    const response = await h.request('PUT', '/api/option/', {
      as: admin,
      body: { key: 'AdminChannelWriteEnabled', value: true },
    })
    expect(response.status).toBe(403)
    expect(h.services.options.bool('AdminChannelWriteEnabled')).toBe(false)
  })

  it('tells the console in GET /api/status whether admins may change channels', async () => {
    expect((await h.request('GET', '/api/status')).json?.data.admin_channel_write_enabled).toBe(false)
    await h.services.options.set('AdminChannelWriteEnabled', 'true')
    expect((await h.request('GET', '/api/status')).json?.data.admin_channel_write_enabled).toBe(true)
  })
})
