import { Role } from '@gateway/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness, type TestUser } from '../../../test/harness.ts'
import { startJsonUpstream, type JsonUpstream } from '../../../test/json-upstream.ts'
import { addChannel, addToken, settle } from '../../../test/relay-fixtures.ts'
import { translate } from '../../i18n/messages.ts'

/**
 * Finding: admins could point a channel at a loopback or private service and read its answers
 * back through model fetching, tests and balances, because private networks were open to every
 * channel by default. Now that is the root's decision, per channel (or globally), and what such
 * an address answers on an error is never shown.
 */
let h: Harness
let root: TestUser
let admin: TestUser
let upstream: JsonUpstream
const blocked = translate('channel.base_url_blocked', 'zh')
const SECRET = 'internal-service-secret-4711'

beforeAll(async () => {
  h = await createHarness()
  root = await h.setupRoot()
  admin = await h.createUser(Role.admin)
  // Admins may write channels here (a root grant), so what is tested is the private-network rule alone.
  await h.services.options.set('AdminChannelWriteEnabled', 'true')
  upstream = await startJsonUpstream()
})
afterAll(async () => {
  await upstream.stop()
  await h.close()
})

const channelBody = (baseUrl: string, extra: Record<string, unknown> = {}) => ({
  name: 'local',
  type: 1,
  key: 'sk-local',
  models: 'gpt-4o-mini',
  base_url: baseUrl,
  ...extra,
})

/** The id of the one channel a create call answered. */
function createdId(response: { json?: { data?: unknown } | null }): number {
  const rows = response.json?.data as { id: number }[]
  expect(rows).toHaveLength(1)
  return (rows[0] as { id: number }).id
}

async function channelRow(id: number) {
  return h.services.db
    .selectFrom('channels')
    .select(['private_network', 'base_url'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

describe('private-network channels', () => {
  it('are closed by default', () => {
    expect(h.services.options.bool('ChannelPrivateNetworkAllowed')).toBe(false)
  })

  it('cannot be made by an admin, even one who sends the flag', async () => {
    const response = await h.request('POST', '/api/channel/', {
      as: admin,
      body: channelBody(upstream.url, { private_network: 1 }),
    })
    expect(response.json?.message).toBe(blocked)
    expect(
      await h.services.db.selectFrom('channels').select('id').where('base_url', '=', upstream.url).execute()
    ).toEqual([])
  })

  it('are the root decision: the root sets the flag, an admin cannot set it on a public channel', async () => {
    const made = await h.request('POST', '/api/channel/', {
      as: root,
      body: channelBody(upstream.url, { private_network: 1 }),
    })
    expect(made.json?.success).toBe(true)
    const id = createdId(made)
    expect(await channelRow(id)).toEqual({ private_network: 1, base_url: upstream.url })

    const publicOne = await h.request('POST', '/api/channel/', {
      as: admin,
      body: channelBody('https://api.example.com', { private_network: 1 }),
    })
    const publicId = createdId(publicOne)
    expect((await channelRow(publicId)).private_network).toBe(0)
    await h.request('PUT', '/api/channel/', { as: admin, body: { id: publicId, private_network: 1 } })
    expect((await channelRow(publicId)).private_network).toBe(0)
  })

  it('lose the allowance when an admin moves them to another address, and keep it for other edits', async () => {
    const made = await h.request('POST', '/api/channel/', {
      as: root,
      body: channelBody(upstream.url, { private_network: 1 }),
    })
    const id = createdId(made)
    const renamed = await h.request('PUT', '/api/channel/', { as: admin, body: { id, name: 'renamed' } })
    expect(renamed.json?.success).toBe(true)
    expect((await channelRow(id)).private_network).toBe(1)

    const moved = await h.request('PUT', '/api/channel/', {
      as: admin,
      body: { id, base_url: 'http://127.0.0.1:6379' },
    })
    expect(moved.json?.message).toBe(blocked)
    expect(await channelRow(id)).toEqual({ private_network: 1, base_url: upstream.url })
  })

  it('report an upstream error from a private address by its status only, to admins fetching models', async () => {
    upstream.routes.set('/v1/models', [500, { error: { message: SECRET } }])
    const id = await addChannel(h, { baseUrl: upstream.url, privateNetwork: true })
    await h.services.changes.publish({ kind: 'channels' })
    const response = await h.request('GET', `/api/channel/fetch_models/${id}`, { as: admin })
    expect(response.json?.success).toBe(false)
    expect(response.text).not.toContain(SECRET)
    expect(response.json?.message).toContain('500')
  })

  it('never reach a private address from a channel the root did not allow, in the relay', async () => {
    upstream.routes.set('/v1/chat/completions', [
      200,
      {
        id: 'x',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      },
    ])
    await addChannel(h, { baseUrl: upstream.url, privateNetwork: false, models: 'gpt-4o' })
    await h.services.changes.publish({ kind: 'channels' })
    const { key } = await addToken(h, (await h.createUser(Role.user, { quota: 100_000_000 })).id)
    const before = upstream.seen.length
    const response = await h.request('POST', '/v1/chat/completions', {
      headers: { authorization: `Bearer ${key}` },
      body: { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] },
    })
    await settle(h)
    expect(response.status, response.text).toBe(502)
    expect((JSON.parse(response.text) as { error: { code: string } }).error.code).toBe('upstream_address_blocked')
    expect(upstream.seen.length).toBe(before)
  })

  it('answer users a model API error message from a private address, never raw text', async () => {
    upstream.routes.set('/v1/chat/completions', [400, `<html>${SECRET}</html>`])
    await addChannel(h, { baseUrl: upstream.url, privateNetwork: true, models: 'gpt-3.5-turbo' })
    await h.services.changes.publish({ kind: 'channels' })
    const { key } = await addToken(h, (await h.createUser(Role.user, { quota: 100_000_000 })).id)
    const response = await h.request('POST', '/v1/chat/completions', {
      headers: { authorization: `Bearer ${key}` },
      body: { model: 'gpt-3.5-turbo', messages: [{ role: 'user', content: 'hi' }] },
    })
    await settle(h)
    expect(response.status).toBe(400)
    expect(response.text).not.toContain(SECRET)
    expect((JSON.parse(response.text) as { error: { message: string } }).error.message).toContain(
      'upstream answered 400'
    )
  })
})
