import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedAnswer, type ScriptedUpstream } from '../../test/scripted-upstream.ts'
import { testChannel } from './test-channel.ts'

/**
 * Issue 7: Baidu Qianfan ERNIE (v1) channels. The key APIKey|SecretKey is traded for an access
 * token at the (fake) OAuth endpoint, once per key however many requests arrive together; chats go
 * to each model's endpoint with the token in the query, and Baidu's answers, including the errors
 * it sends with HTTP 200, come back to OpenAI clients converted.
 */
const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../providers/baidu/__fixtures__', name), 'utf8')
const API_KEY = 'qianfan-api-key-0001'
const SECRET_KEY = 'qianfan-secret-key-0002'
const CHAT = '/rpc/2.0/ai_custom/v1/wenxinworkshop/chat'

let h: Harness
let baidu: ScriptedUpstream
let server: { url: string; close: () => Promise<void> }
let client: OpenAI
let apiKey: string
let channelId: number
let exchanges = 0
let shortLivedExchanges = 0
const SHORT_LIVED_KEY = 'short-lived-api-key'
/** the token the fake Baidu accepts now */
let validToken = ''
/** what the chat endpoint answers when the token is valid */
let chatAnswer: (path: string) => ScriptedAnswer = () => ({ json: JSON.parse(fixture('baidu-text.json')) })

const tokenOf = (n: number) => `24.6c5e1ff107f0e8bcef8c46d3424a0e7${n % 10}.2592000.1485516651.282335-857407${n % 10}`
const post = (body: Record<string, unknown>) =>
  fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

function route(path: string): ScriptedAnswer {
  const url = new URL(path, 'http://baidu.test')
  if (url.pathname === '/oauth/2.0/token') {
    const query = url.searchParams
    if (query.get('client_id') === SHORT_LIVED_KEY) {
      shortLivedExchanges++
      return { json: { access_token: `24.${'0'.repeat(32)}.120.1.1-${shortLivedExchanges}`, expires_in: 120 } }
    }
    if (
      query.get('grant_type') !== 'client_credentials' ||
      query.get('client_id') !== API_KEY ||
      query.get('client_secret') !== SECRET_KEY
    ) {
      return { status: 401, json: JSON.parse(fixture('baidu-token-error.json')) }
    }
    exchanges++
    validToken = tokenOf(exchanges)
    return { json: { ...JSON.parse(fixture('baidu-token.json')), access_token: validToken } }
  }
  if (url.pathname.startsWith(`${CHAT}/ernie-novel-8k`)) return { json: JSON.parse(fixture('baidu-text.json')) }
  if (url.pathname.startsWith(`${CHAT}/`)) {
    if (url.searchParams.get('access_token') !== validToken)
      return { json: { error_code: 110, error_msg: 'Access token invalid or no longer valid' } }
    return chatAnswer(path)
  }
  return { status: 404, json: { error_code: 3, error_msg: 'Unsupported openapi method' } }
}

beforeAll(async () => {
  baidu = await startScriptedUpstream()
  baidu.answer = (path) => route(path)
  h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: 50_000_000 })
  channelId = await addChannel(h, {
    name: 'ernie',
    type: 15,
    baseUrl: baidu.url,
    models: 'ERNIE-4.0-8K,ERNIE-Speed-8K,my-endpoint',
    key: `${API_KEY}|${SECRET_KEY}`,
  })
  await addChannel(h, {
    name: 'ernie-wrong-key',
    type: 15,
    baseUrl: baidu.url,
    models: 'ERNIE-Lite-8K',
    key: `${API_KEY}|wrong-secret-9999`,
    autoBan: false,
  })
  await addChannel(h, {
    name: 'ernie-short-lived',
    type: 15,
    baseUrl: baidu.url,
    models: 'ERNIE-Novel-8K',
    key: `${SHORT_LIVED_KEY}|secret`,
  })
  await addChannel(h, {
    name: 'ernie-no-secret',
    type: 15,
    baseUrl: baidu.url,
    models: 'ERNIE-Tiny-8K',
    key: 'just-one-part-key',
    autoBan: false,
  })
  await h.services.options.set(
    'ModelRatio',
    JSON.stringify({
      'ERNIE-4.0-8K': 0.12,
      'ERNIE-Speed-8K': 0.1,
      'my-endpoint': 0.1,
      'ERNIE-Lite-8K': 0.1,
      'ERNIE-Tiny-8K': 0.1,
      'ERNIE-Novel-8K': 0.1,
    })
  )
  await h.services.options.set('AutomaticDisableChannelEnabled', 'true')
  apiKey = (await addToken(h, user.id)).key
  server = await listen(h)
  client = new OpenAI({ apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 })
})
afterAll(async () => {
  await server.close()
  await h.close()
  await baidu.stop()
})
beforeEach(() => {
  baidu.seen.length = 0
  chatAnswer = () => ({ json: JSON.parse(fixture('baidu-text.json')) })
})

describe('Baidu ERNIE channels', () => {
  it('trade the key for one token shared by concurrent requests, and call the model’s endpoint with it', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        client.chat.completions.create({
          model: 'ERNIE-4.0-8K',
          messages: [
            { role: 'system', content: 'Answer in Chinese.' },
            { role: 'user', content: 'Who are you?' },
            { role: 'user', content: 'Briefly.' },
          ],
          temperature: 1.5,
          max_tokens: 100,
          user: 'user-7',
        })
      )
    )
    expect(exchanges).toBe(1)
    for (const answer of answers) {
      expect(answer.choices[0]?.message.content).toBe('您好，我是文心一言，英文名是ERNIE Bot。')
      expect(answer.choices[0]?.finish_reason).toBe('stop')
      expect(answer.model).toBe('ERNIE-4.0-8K')
      expect(answer.usage).toMatchObject({ prompt_tokens: 4, completion_tokens: 17, total_tokens: 21 })
    }
    const token = baidu.seen.find((seen) => seen.path.startsWith('/oauth/'))
    expect(token?.path).toBe(
      `/oauth/2.0/token?grant_type=client_credentials&client_id=${API_KEY}&client_secret=${SECRET_KEY}`
    )
    const chat = baidu.seen.find((seen) => seen.path.startsWith(CHAT))
    expect(chat?.path).toBe(`${CHAT}/completions_pro?access_token=${tokenOf(1)}`)
    expect(chat?.headers.authorization).toBeUndefined()
    expect(chat?.body).toEqual({
      system: 'Answer in Chinese.',
      messages: [{ role: 'user', content: 'Who are you?\nBriefly.' }],
      temperature: 1,
      max_output_tokens: 100,
      user_id: 'user-7',
    })
    await settle(h)
    const logs = await consumeLogs(h)
    expect(logs.length).toBe(8)
    expect(logs.at(-1)).toMatchObject({
      model_name: 'ERNIE-4.0-8K',
      prompt_tokens: 4,
      completion_tokens: 17,
      channel_id: channelId,
    })
  })

  it('stream the answer as OpenAI chunks, billed from Baidu’s usage, and send other model names as the endpoint', async () => {
    chatAnswer = () => ({ sse: fixture('baidu-text.chunks.txt') })
    const stream = await client.chat.completions.create({
      model: 'ERNIE-Speed-8K',
      messages: [{ role: 'user', content: 'Road trip?' }],
      stream: true,
      stream_options: { include_usage: true },
    })
    let text = ''
    let finish: string | null | undefined
    let usage: OpenAI.CompletionUsage | null | undefined
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? ''
      finish = chunk.choices[0]?.finish_reason ?? finish
      usage = chunk.usage ?? usage
    }
    expect(text).toBe('当然可以，以下是一些建议的自驾游路线。')
    expect(finish).toBe('stop')
    expect(usage).toMatchObject({ prompt_tokens: 5, completion_tokens: 11 })
    expect(baidu.seen[0]?.path).toBe(`${CHAT}/ernie_speed?access_token=${tokenOf(1)}`)
    expect(baidu.seen[0]?.body).toMatchObject({ stream: true, messages: [{ role: 'user', content: 'Road trip?' }] })
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({
      model_name: 'ERNIE-Speed-8K',
      prompt_tokens: 5,
      completion_tokens: 11,
    })

    chatAnswer = () => ({ sse: fixture('baidu-length.chunks.txt') })
    const custom = await client.chat.completions.create({
      model: 'my-endpoint',
      messages: [{ role: 'user', content: 'Autumn?' }],
      stream: true,
    })
    let last: string | null | undefined
    for await (const chunk of custom) last = chunk.choices[0]?.finish_reason ?? last
    expect(last).toBe('length')
    expect(baidu.seen.at(-1)?.path).toBe(`${CHAT}/my-endpoint?access_token=${tokenOf(1)}`)
  })

  it('answer 401 for an expired token without leaking it, drop it, and mint a new one for the next request', async () => {
    chatAnswer = () => ({ json: JSON.parse(fixture('baidu-token-expired.json')) })
    const error = (await client.chat.completions
      .create({ model: 'ERNIE-4.0-8K', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>
    expect(error.status).toBe(401)
    expect(error.message).toContain('Access token expired')
    expect(error.message).not.toContain(tokenOf(1))
    expect(exchanges).toBe(1)
    // A streamed request gets the same answer: Baidu reports it as a JSON body before any chunk.
    const streamed = await post({ model: 'ERNIE-4.0-8K', messages: [{ role: 'user', content: 'x' }], stream: true })
    expect(streamed.status).toBe(401)
    expect(await streamed.text()).not.toContain(tokenOf(2))
    expect(exchanges).toBe(2)

    chatAnswer = () => ({ json: JSON.parse(fixture('baidu-text.json')) })
    const answer = await client.chat.completions.create({
      model: 'ERNIE-4.0-8K',
      messages: [{ role: 'user', content: 'Again' }],
    })
    expect(answer.choices[0]?.message.content).toContain('文心一言')
    expect(exchanges).toBe(3)
    expect(baidu.seen.at(-1)?.path).toBe(`${CHAT}/completions_pro?access_token=${tokenOf(3)}`)
    // An expired token is not the channel's fault: it stays enabled.
    const channel = await h.services.db
      .selectFrom('channels')
      .select('status')
      .where('id', '=', channelId)
      .executeTakeFirstOrThrow()
    expect(channel.status).toBe(1)
  })

  it('map Baidu’s rate limits to 429 and request errors to 400, scrubbing tokens and URLs from messages', async () => {
    await settle(h)
    const logsBefore = (await consumeLogs(h)).length
    chatAnswer = () => ({ json: JSON.parse(fixture('baidu-qps-limit.json')) })
    const limited = (await client.chat.completions
      .create({ model: 'ERNIE-4.0-8K', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>
    expect(limited.status).toBe(429)

    chatAnswer = () => ({ json: JSON.parse(fixture('baidu-invalid-argument.json')) })
    const invalid = (await client.chat.completions
      .create({ model: 'ERNIE-4.0-8K', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>
    expect(invalid.status).toBe(400)
    expect(invalid.message).toContain('the length of messages must be an odd number')

    chatAnswer = (path) => ({
      json: { error_code: 336000, error_msg: `internal error calling ${baidu.url}${path} with ${validToken}` },
    })
    const internal = await post({ model: 'ERNIE-4.0-8K', messages: [{ role: 'user', content: 'x' }] })
    expect(internal.status).toBe(502)
    const text = await internal.text()
    expect(text).toContain('internal error calling')
    expect(text).not.toContain(validToken)
    expect(text).not.toContain('access_token=')
    expect(text).not.toContain(baidu.url)
    await settle(h)
    // Failures bill nothing.
    expect(await consumeLogs(h)).toHaveLength(logsBefore)
  })

  it('end a stream with an OpenAI error frame when Baidu reports an error inside it', async () => {
    chatAnswer = () => ({ sse: fixture('baidu-stream-error.chunks.txt') })
    const response = await post({ model: 'ERNIE-4.0-8K', messages: [{ role: 'user', content: 'Hi' }], stream: true })
    const body = await response.text()
    expect(body).toContain('"content":"好的"')
    expect(body).toContain('"code":"baidu_336100"')
    expect(body).toContain('try again later')
    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true)
  })

  it('skip a malformed chunk, and bill what was produced when the stream is cut', async () => {
    const sse = fixture('baidu-text.chunks.txt')
    const broken = sse.replace(
      '\n\ndata: {"id":"as-vb0m37ti8y","object":"chat.completion","created":1709089504',
      '\n\ndata: {"id": broken\n\ndata: {"id":"as-vb0m37ti8y","object":"chat.completion","created":1709089504'
    )
    chatAnswer = () => ({ sse: broken })
    const stream = await client.chat.completions.create({
      model: 'ERNIE-4.0-8K',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    })
    let text = ''
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? ''
    expect(text).toBe('当然可以，以下是一些建议的自驾游路线。')

    await settle(h)
    const logsBefore = (await consumeLogs(h)).length
    chatAnswer = () => ({ sse, cutAfterBytes: sse.indexOf('以下') })
    const response = await post({ model: 'ERNIE-4.0-8K', messages: [{ role: 'user', content: 'Hi' }], stream: true })
    const body = await response.text()
    expect(body).toContain('"content":"当然可以，"')
    expect(body).toContain('"error"')
    expect(body).not.toContain('以下')
    await settle(h)
    const logs = await consumeLogs(h)
    expect(logs.length).toBe(logsBefore + 1)
    expect(logs.at(-1)?.prompt_tokens).toBe(5)
  })

  it('answer a clear 502 when the key is refused or not APIKey|SecretKey, without the secret', async () => {
    const refused = (await client.chat.completions
      .create({ model: 'ERNIE-Lite-8K', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>
    expect(refused.status).toBe(502)
    expect(refused.message).toContain('unknown client id')
    expect(refused.message).not.toContain('wrong-secret-9999')
    expect(baidu.seen.some((seen) => seen.path.startsWith(CHAT))).toBe(false)

    const malformed = (await client.chat.completions
      .create({ model: 'ERNIE-Tiny-8K', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>
    expect(malformed.status).toBe(502)
    expect(malformed.message).toContain('APIKey|SecretKey')
    expect(malformed.message).not.toContain('just-one-part-key')
  })

  it('mint a new token when the cached one is about to expire', async () => {
    for (let i = 0; i < 2; i++)
      await client.chat.completions.create({ model: 'ERNIE-Novel-8K', messages: [{ role: 'user', content: 'x' }] })
    // Tokens that live two minutes are inside the renewal margin: each request mints its own.
    expect(shortLivedExchanges).toBe(2)
    expect(baidu.seen.at(-1)?.path).toBe(`${CHAT}/ernie-novel-8k?access_token=24.${'0'.repeat(32)}.120.1.1-2`)
  })

  it('test the channel with a real call through the token', async () => {
    const result = await testChannel(h.services, channelId, 'ERNIE-Speed-8K')
    expect(result).toMatchObject({ success: true, message: '' })
    expect(baidu.seen.at(-1)?.path).toBe(`${CHAT}/ernie_speed?access_token=${validToken}`)
    expect(baidu.seen.at(-1)?.body).toMatchObject({
      messages: [{ role: 'user', content: 'hi' }],
      max_output_tokens: 10,
    })

    // Baidu's errors come with HTTP 200: the test reads the answer, fails, and drops the refused token.
    chatAnswer = () => ({ json: JSON.parse(fixture('baidu-token-expired.json')) })
    const before = exchanges
    expect(await testChannel(h.services, channelId, 'ERNIE-Speed-8K')).toMatchObject({
      success: false,
      message: 'Access token expired',
    })
    chatAnswer = () => ({ json: JSON.parse(fixture('baidu-text.json')) })
    expect(await testChannel(h.services, channelId, 'ERNIE-Speed-8K')).toMatchObject({ success: true })
    expect(exchanges).toBe(before + 1)
  })
})
