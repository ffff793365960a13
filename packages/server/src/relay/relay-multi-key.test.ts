import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness, type TestUser } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'
import { readChannelInfo } from '../services/channels/channel-info.ts'

let upstream: ScriptedUpstream
let h: Harness
let root: TestUser
let user: TestUser
/** keys the upstream refuses as invalid (401) */
let refused: Set<string>

const chatAnswer = {
  id: 'c1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
}

beforeAll(async () => {
  upstream = await startScriptedUpstream()
  upstream.answer = (_path, _body, headers) => {
    const key = String(headers.authorization ?? '').replace(/^Bearer /, '')
    if (refused.has(key))
      return {
        status: 401,
        json: {
          error: {
            message: `Incorrect API key provided: ${key.slice(0, 3)}`,
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        },
      }
    return { json: chatAnswer }
  }
})
afterAll(async () => {
  await upstream.stop()
})
beforeEach(() => {
  refused = new Set()
  upstream.seen.length = 0
})
harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
  user = await h.createUser(1, { quota: 10_000_000 })
  await h.request('PUT', '/api/option/', { as: root, body: { key: 'AutomaticDisableChannelEnabled', value: 'true' } })
})

const chat = (key: string) =>
  h.request('POST', '/v1/chat/completions', {
    body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
    headers: { authorization: `Bearer ${key}` },
  })
const keysSent = () => upstream.seen.map((s) => String(s.headers.authorization).replace(/^Bearer /, ''))
const channelRow = (id: number) =>
  h.services.db
    .selectFrom('channels')
    .select(['status', 'other_info', 'channel_info'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
const multiKeyChannel = (keys: string[], mode: string, extra: Record<string, unknown> = {}) =>
  addChannel(h, {
    baseUrl: upstream.url,
    key: keys.join('\n'),
    channelInfo: {
      is_multi_key: true,
      multi_key_size: keys.length,
      multi_key_status_list: {},
      multi_key_polling_index: 0,
      multi_key_mode: mode,
      ...extra,
    },
  })

describe('multi-key channels on the relay', () => {
  it('takes the keys in turn in polling mode, skipping disabled ones', async () => {
    await multiKeyChannel(['sk-a', 'sk-b', 'sk-c'], 'polling', { multi_key_status_list: { '1': 2 } })
    const { key } = await addToken(h, user.id)
    for (let i = 0; i < 4; i++) expect((await chat(key)).status).toBe(200)
    expect(keysSent()).toEqual(['sk-a', 'sk-c', 'sk-a', 'sk-c'])
  })

  it('spreads requests over the enabled keys at random, never a disabled one', async () => {
    await multiKeyChannel(['sk-a', 'sk-b', 'sk-c'], 'random', { multi_key_status_list: { '2': 3 } })
    const { key } = await addToken(h, user.id)
    for (let i = 0; i < 30; i++) expect((await chat(key)).status).toBe(200)
    const sent = keysSent()
    expect(sent).not.toContain('sk-c')
    expect(new Set(sent)).toEqual(new Set(['sk-a', 'sk-b']))
  })

  it('disables the refused key with its reason and time, retries on another key, and logs which key answered', async () => {
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'RetryTimes', value: '2' } })
    const id = await multiKeyChannel(['sk-bad', 'sk-good'], 'polling')
    refused.add('sk-bad')
    const { key } = await addToken(h, user.id)
    expect((await chat(key)).status).toBe(200)
    expect(keysSent()).toEqual(['sk-bad', 'sk-good'])
    await settle(h)
    await expect
      .poll(async () => readChannelInfo((await channelRow(id)).channel_info).multi_key_status_list)
      .toEqual({ '0': 3 })
    const info = readChannelInfo((await channelRow(id)).channel_info)
    expect(info.multi_key_disabled_reason?.['0']).toContain('Incorrect API key')
    expect(info.multi_key_disabled_time?.['0']).toBeGreaterThan(0)
    expect((await channelRow(id)).status).toBe(1)
    const logs = await consumeLogs(h)
    expect(JSON.parse(String(logs[0]?.other)).admin_info).toMatchObject({
      use_channel: [id, id],
      is_multi_key: true,
      multi_key_index: 1,
    })
    // The disabled key is no longer used.
    upstream.seen.length = 0
    for (let i = 0; i < 3; i++) expect((await chat(key)).status).toBe(200)
    expect(keysSent()).toEqual(['sk-good', 'sk-good', 'sk-good'])
  })

  it('under concurrent failures disables each key once and the channel once, when its last key goes', async () => {
    const warnings: string[] = []
    const warn = h.services.logger.warn.bind(h.services.logger)
    h.services.logger.warn = ((...args: Parameters<typeof warn>) => {
      warnings.push(String(args[1] ?? args[0]))
      return warn(...args)
    }) as typeof warn
    const id = await multiKeyChannel(['sk-x1', 'sk-x2'], 'random')
    refused.add('sk-x1')
    refused.add('sk-x2')
    const { key } = await addToken(h, user.id)
    const answers = await Promise.all(Array.from({ length: 12 }, () => chat(key)))
    expect(answers.every((a) => a.status === 401 || a.status === 503)).toBe(true)
    await settle(h)
    await expect.poll(async () => (await channelRow(id)).status).toBe(3)
    await expect.poll(() => warnings.filter((w) => w === 'channel key auto-disabled').length).toBe(2)
    expect(warnings.filter((w) => w === 'channel auto-disabled')).toHaveLength(1)
    const row = await channelRow(id)
    expect(readChannelInfo(row.channel_info).multi_key_status_list).toEqual({ '0': 3, '1': 3 })
    expect(JSON.parse(row.other_info).status_reason).toBe('All keys are disabled')
    const abilities = await h.services.db
      .selectFrom('abilities')
      .select('enabled')
      .where('channel_id', '=', id)
      .execute()
    expect(abilities.every((a) => !a.enabled)).toBe(true)
  })

  it('tests one key of the channel and disables it when it is refused', async () => {
    const id = await multiKeyChannel(['sk-t1', 'sk-t2'], 'polling')
    refused.add('sk-t1')
    const first = await h.request('GET', `/api/channel/test/${id}`, { as: root })
    expect(first.json?.success).toBe(false)
    expect(keysSent()).toEqual(['sk-t1'])
    expect(readChannelInfo((await channelRow(id)).channel_info).multi_key_status_list).toEqual({ '0': 3 })
    const second = await h.request('GET', `/api/channel/test/${id}`, { as: root })
    expect(second.json?.success).toBe(true)
    expect(keysSent()).toEqual(['sk-t1', 'sk-t2'])
  })

  it('brings an auto-disabled key and its channel back when a test passes on it', async () => {
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'AutomaticEnableChannelEnabled', value: 'true' } })
    const id = await multiKeyChannel(['sk-r1'], 'random', {
      multi_key_status_list: { '0': 3 },
      multi_key_disabled_reason: { '0': 'quota' },
      multi_key_disabled_time: { '0': 5 },
    })
    await h.services.db.updateTable('channels').set({ status: 3 }).where('id', '=', id).execute()
    await h.services.changes.publish({ kind: 'channels' })
    const test = await h.request('GET', `/api/channel/test/${id}`, { as: root })
    expect(test.json?.success).toBe(true)
    const row = await channelRow(id)
    expect(row.status).toBe(1)
    expect(readChannelInfo(row.channel_info).multi_key_status_list).toEqual({})
  })
})
