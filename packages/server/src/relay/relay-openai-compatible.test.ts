import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CHANNEL_TYPES, ChannelType, type ChannelTypeName } from '@gateway/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'
import { openAICompatibleProviders } from '../providers/openai-compatible/openai-compatible-providers.ts'

/**
 * Issue 7: every OpenAI-compatible channel type replays the same recorded fixtures (an answer, a
 * stream, a 401) through its own URL and headers: the path each provider is called on, the key
 * in its place, the usage and finish reason relayed, the error mapped, a malformed chunk passed
 * without breaking billing, and a stream cut mid-way billed for what it produced.
 */
const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../providers/openai-compatible/__fixtures__', name), 'utf8')
const CHANNEL_KEY = 'sk-upstream-canary'

let h: Harness
let upstream: ScriptedUpstream
let server: { url: string; close: () => Promise<void> }
let key: string

const types = Object.entries(openAICompatibleProviders)
  .map(([name, adapter]) => ({
    type: ChannelType[name as ChannelTypeName],
    adapter,
    label: CHANNEL_TYPES.find((info) => info.id === ChannelType[name as ChannelTypeName])?.label ?? adapter.id,
  }))
  .filter(({ adapter }) => adapter.endpoints.has('chat'))

beforeAll(async () => {
  upstream = await startScriptedUpstream()
  h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: 100_000_000 })
  const ratios: Record<string, number> = {}
  for (const { type } of types) {
    await addChannel(h, {
      name: `type-${type}`,
      type,
      baseUrl: upstream.url,
      models: `model-${type}`,
      key: CHANNEL_KEY,
    })
    ratios[`model-${type}`] = 1
  }
  await h.services.options.set('ModelRatio', JSON.stringify(ratios))
  key = (await addToken(h, user.id)).key
  server = await listen(h)
})
afterAll(async () => {
  await server.close()
  await h.close()
  await upstream.stop()
})

const chat = (model: string, extra: Record<string, unknown> = {}) =>
  fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Hello' }], ...extra }),
  })

describe.each(types)('channel type $type ($label)', ({ type, adapter }) => {
  const model = `model-${type}`

  it('relays an answer from its own path with the key in its place, usage and finish reason intact', async () => {
    upstream.answer = () => ({ json: JSON.parse(fixture('chat.json')) })
    upstream.seen.length = 0
    const response = await chat(model)
    const answer = (await response.json()) as {
      choices: { message: { content: string }; finish_reason: string }[]
      usage: { total_tokens: number }
    }
    expect(response.status).toBe(200)
    const seen = upstream.seen[0]
    // The provider's own path (its prefix: /v1, /compatible-mode/v1, /api/paas/v4, ...) on the channel's base URL.
    expect(seen?.path).toBe(
      adapter.buildUrl({ baseUrl: upstream.url, key: CHANNEL_KEY, organization: '' } as never, 'chat', model, false)
        .pathname
    )
    expect(seen?.path).toMatch(/\/chat\/completions$/)
    expect(seen?.headers.authorization).toBe(`Bearer ${CHANNEL_KEY}`)
    expect(seen?.body.model).toBe(model)
    expect(answer.choices[0]).toMatchObject({
      message: { content: 'Hello! How can I assist you today?' },
      finish_reason: 'stop',
    })
    expect(answer.usage.total_tokens).toBe(29)
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ model_name: model, prompt_tokens: 19, completion_tokens: 10 })
  })

  it('streams, bills the usage chunk, and keeps finish_reason length', async () => {
    const sse = fixture('chat.chunks.txt')
    upstream.answer = () => ({ sse })
    const text = await (await chat(model, { stream: true })).text()
    expect(text).toContain('"finish_reason":"length"')
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true)
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ model_name: model, prompt_tokens: 12, completion_tokens: 2 })
  })

  it("maps the upstream's 401 without leaking the channel key", async () => {
    upstream.answer = () => ({ status: 401, json: JSON.parse(fixture('error-401.json')) })
    const response = await chat(model)
    const body = (await response.json()) as { error: { message: string } }
    expect(response.status).toBe(401)
    expect(body.error.message).toContain('Incorrect API key provided')
    expect(JSON.stringify(body)).not.toContain(CHANNEL_KEY)
  })

  it('passes a malformed chunk on and still bills the usage that follows', async () => {
    const sse = fixture('chat.chunks.txt').replace(
      'data: {"id":"chatcmpl-123","object":"chat.completion.chunk","created":1694268190,"model":"upstream-model","system_fingerprint":"fp_44709d6fcb","choices":[{"index":0,"delta":{"content":" there"}',
      'data: {"broken": \n\ndata: {"id":"chatcmpl-123","object":"chat.completion.chunk","created":1694268190,"model":"upstream-model","system_fingerprint":"fp_44709d6fcb","choices":[{"index":0,"delta":{"content":" there"}'
    )
    upstream.answer = () => ({ sse })
    const text = await (await chat(model, { stream: true })).text()
    expect(text).toContain('data: {"broken":')
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ prompt_tokens: 12, completion_tokens: 2 })
  })

  it('bills a stream cut mid-way for what it produced and tells the client', async () => {
    const sse = fixture('chat.chunks.txt')
    upstream.answer = () => ({ sse, cutAfterBytes: sse.indexOf(' there') })
    const before = (await consumeLogs(h)).length
    const text = await (await chat(model, { stream: true })).text()
    expect(text).toContain('"content":"Hello"')
    expect(text).toContain('"error"')
    await settle(h)
    const logs = await consumeLogs(h)
    expect(logs.length).toBe(before + 1)
    expect(logs.at(-1)?.completion_tokens).toBeGreaterThan(0)
  })
})
