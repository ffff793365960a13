import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness, type TestUser } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'

let h: Harness
let root: TestUser
let upstream: ScriptedUpstream
let key: string

const chatAnswer = {
  id: 'c1',
  object: 'chat.completion',
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 },
}
const claudeAnswer = {
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-3-5-sonnet-20241022',
  content: [{ type: 'text', text: 'hi' }],
  stop_reason: 'end_turn',
  usage: { input_tokens: 10, output_tokens: 2 },
}

beforeEach(async () => {
  h = await createHarness()
  root = await h.setupRoot()
  upstream = await startScriptedUpstream()
  upstream.answer = (path) => ({ json: path.includes('/messages') ? claudeAnswer : chatAnswer })
  const user = await h.createUser(1, { quota: 10_000_000 })
  key = (await addToken(h, user.id)).key
})
afterEach(async () => {
  await upstream.stop()
  await h.close()
})

const post = (path: string, body: Record<string, unknown>) =>
  h.request('POST', path, { body, headers: { authorization: `Bearer ${key}` } })
const chat = (extra: Record<string, unknown>) =>
  post('/v1/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }], ...extra })
const sentBody = () => upstream.seen.at(-1)?.body as Record<string, unknown>

describe('channel setting: system prompt', () => {
  it("adds the prompt to a chat without one, leaves the client's own alone, and with the override puts it first", async () => {
    await addChannel(h, { baseUrl: upstream.url, setting: { system_prompt: 'Answer in French.' } })
    expect((await chat({})).status).toBe(200)
    expect(sentBody().messages).toEqual([
      { role: 'system', content: 'Answer in French.' },
      { role: 'user', content: 'hello' },
    ])
    const own = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'hello' },
    ]
    expect((await chat({ messages: own })).status).toBe(200)
    expect(sentBody().messages).toEqual(own)
  })

  it("puts the prompt in front of the client's system message with system_prompt_override, text or parts", async () => {
    await addChannel(h, {
      baseUrl: upstream.url,
      setting: { system_prompt: 'Answer in French.', system_prompt_override: true },
    })
    await chat({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hello' },
      ],
    })
    expect(sentBody().messages).toEqual([
      { role: 'system', content: 'Answer in French.\nBe brief.' },
      { role: 'user', content: 'hello' },
    ])
    await chat({
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
        { role: 'user', content: 'hello' },
      ],
    })
    expect((sentBody().messages as { content: unknown }[])[0]?.content).toEqual([
      { type: 'text', text: 'Answer in French.' },
      { type: 'text', text: 'Be brief.' },
    ])
    await settle(h)
    // The usage row stays one per request, billed as upstream counted.
    expect((await consumeLogs(h)).map((row) => Number(row.prompt_tokens))).toEqual([10, 10])
  })

  it('sets the Claude system field on /v1/messages to a Claude channel, and asks ?beta=true when claude_beta_query is on', async () => {
    await addChannel(h, {
      type: 14,
      baseUrl: upstream.url,
      models: 'claude-3-5-sonnet-20241022',
      setting: { system_prompt: 'Answer in French.' },
      settings: { claude_beta_query: true },
    })
    const response = await post('/v1/messages', {
      model: 'claude-3-5-sonnet-20241022',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'hello' }],
    })
    expect(response.status).toBe(200)
    expect(sentBody().system).toBe('Answer in French.')
    expect(upstream.seen.at(-1)?.path).toBe('/v1/messages?beta=true')
  })

  it('sets the instructions of a Responses request when it has none', async () => {
    upstream.answer = () => ({
      json: {
        id: 'resp_1',
        object: 'response',
        status: 'completed',
        model: 'gpt-4o-mini',
        output: [],
        usage: { input_tokens: 5, output_tokens: 1, total_tokens: 6 },
      },
    })
    await addChannel(h, { baseUrl: upstream.url, setting: { system_prompt: 'Answer in French.' } })
    expect((await post('/v1/responses', { model: 'gpt-4o-mini', input: 'hello' })).status).toBe(200)
    expect(sentBody().instructions).toBe('Answer in French.')
  })
})

describe('channel setting: pass-through body', () => {
  it("sends the client's body as it came: no mapping, no system prompt, no filtered field, no added usage option", async () => {
    await addChannel(h, {
      baseUrl: upstream.url,
      modelMapping: { 'gpt-4o-mini': 'gpt-4o-mini-2024-07-18' },
      setting: { pass_through_body_enabled: true, system_prompt: 'Answer in French.' },
    })
    const body = {
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hello' }],
      service_tier: 'priority',
      safety_identifier: 'user-7',
    }
    expect((await post('/v1/chat/completions', body)).status).toBe(200)
    expect(sentBody()).toEqual(body)
  })

  it('is off by default: the same request is mapped and filtered', async () => {
    await addChannel(h, { baseUrl: upstream.url, modelMapping: { 'gpt-4o-mini': 'gpt-4o-mini-2024-07-18' } })
    await post('/v1/chat/completions', {
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hello' }],
      service_tier: 'priority',
    })
    expect(sentBody()).toEqual({ model: 'gpt-4o-mini-2024-07-18', messages: [{ role: 'user', content: 'hello' }] })
  })
})

describe('channel settings: guarded request fields', () => {
  it('removes service_tier, safety_identifier, inference_geo, speed and include_obfuscation unless allowed, and keeps store', async () => {
    await addChannel(h, { baseUrl: upstream.url })
    await chat({
      service_tier: 'priority',
      safety_identifier: 'u',
      inference_geo: 'eu',
      speed: 'fast',
      store: true,
      stream_options: { include_obfuscation: false },
    })
    expect(sentBody()).toEqual({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }], store: true })
  })

  it('lets each through when the channel allows it, and removes store with disable_store', async () => {
    await addChannel(h, {
      baseUrl: upstream.url,
      settings: {
        allow_service_tier: true,
        allow_safety_identifier: true,
        allow_include_obfuscation: true,
        disable_store: true,
      },
    })
    await chat({
      service_tier: 'priority',
      safety_identifier: 'u',
      store: true,
      stream: false,
      stream_options: { include_obfuscation: false },
    })
    expect(sentBody()).toMatchObject({
      service_tier: 'priority',
      safety_identifier: 'u',
      stream_options: { include_obfuscation: false },
    })
    expect(sentBody()).not.toHaveProperty('store')
  })
})

describe('channel settings in the channel API', () => {
  it('stores and answers settings next to setting, and refuses text that is not a JSON object', async () => {
    const created = await h.request('POST', '/api/channel/', {
      as: root,
      body: {
        name: 'opts',
        type: 1,
        key: 'sk-x',
        models: 'gpt-4o-mini',
        base_url: upstream.url,
        private_network: 1,
        setting: '{"system_prompt":"Hi"}',
        settings: '{"allow_service_tier":true}',
      },
    })
    expect(created.json?.success).toBe(true)
    const list = await h.request('GET', '/api/channel/?p=1&page_size=10', { as: root })
    const channel = (
      (list.json?.data.items ?? []) as { name: string; setting: string; settings: string; id: number }[]
    ).find((c) => c.name === 'opts')
    expect([channel?.setting, channel?.settings]).toEqual(['{"system_prompt":"Hi"}', '{"allow_service_tier":true}'])
    const refused = await h.request('PUT', '/api/channel/', { as: root, body: { id: channel?.id, settings: '[1]' } })
    expect(refused.json?.success).toBe(false)
    expect(refused.json?.code).toBe('BAD_REQUEST')
    expect(refused.json?.message).toBe('渠道其他设置必须是合法的 JSON 格式！')
  })
})
