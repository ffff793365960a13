import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'

/**
 * Issue 7: the official openai client against a Gemini channel (converted), and Gemini's native
 * API (/v1beta/models/{model}:generateContent) against a Gemini channel (passed through) and an
 * OpenAI channel (converted), with usage billed from each protocol.
 */
const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../providers/gemini/__fixtures__', name), 'utf8')
const GEMINI = 'gemini-2.5-flash'

let h: Harness
let google: ScriptedUpstream
let mock: MockUpstream
let server: { url: string; close: () => Promise<void> }
let openai: OpenAI
let key: string

beforeAll(async () => {
  google = await startScriptedUpstream()
  mock = await startMockUpstream()
  h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: 50_000_000 })
  await addChannel(h, { name: 'gemini', type: 24, baseUrl: google.url, models: GEMINI, key: 'AIza-channel-canary' })
  await addChannel(h, { name: 'openai', type: 1, baseUrl: mock.url, models: 'gpt-4o-mini' })
  await h.services.options.set('ModelRatio', JSON.stringify({ [GEMINI]: 0.15, 'gpt-4o-mini': 0.075 }))
  key = (await addToken(h, user.id)).key
  server = await listen(h)
  openai = new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0 })
})
afterAll(async () => {
  await server.close()
  await h.close()
  await google.stop()
  await mock.stop()
})
beforeEach(() => {
  google.seen.length = 0
})

const generate = (
  model: string,
  body: unknown,
  stream = false,
  auth: Record<string, string> = { 'x-goog-api-key': key }
) =>
  fetch(`${server.url}/v1beta/models/${model}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify(body),
  })

describe('openai client on a Gemini channel', () => {
  it('calls generateContent with the key in a header, and converts answer and usage', async () => {
    google.answer = () => ({ json: JSON.parse(fixture('gemini-text.json')) })
    const answer = await openai.chat.completions.create({
      model: GEMINI,
      messages: [
        { role: 'system', content: 'Short.' },
        { role: 'user', content: 'Why tides?' },
      ],
    })
    const seen = google.seen[0]
    expect(seen?.path).toBe(`/v1beta/models/${GEMINI}:generateContent`)
    expect(seen?.headers['x-goog-api-key']).toBe('AIza-channel-canary')
    expect(seen?.body).toMatchObject({
      systemInstruction: { parts: [{ text: 'Short.' }] },
      contents: [{ role: 'user', parts: [{ text: 'Why tides?' }] }],
    })
    expect(answer.choices[0]?.message.content).toBe("The moon's gravity pulls the oceans.")
    expect(answer.usage).toMatchObject({ prompt_tokens: 20, completion_tokens: 14 })
    await settle(h)
    const log = (await consumeLogs(h)).at(-1)
    expect(log).toMatchObject({ model_name: GEMINI, prompt_tokens: 20, completion_tokens: 14 })
    expect(JSON.parse(log?.other ?? '{}')).toMatchObject({ cache_tokens: 8 })
  })

  it("sends the deployment's safety threshold (GEMINI_SAFETY_SETTING, default OFF) for every harm category", async () => {
    google.answer = () => ({ json: JSON.parse(fixture('gemini-text.json')) })
    await openai.chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'Why tides?' }] })
    const sent = google.seen[0]?.body as { safetySettings?: Array<{ category: string; threshold: string }> }
    expect(sent.safetySettings?.map((s) => s.threshold)).toEqual(['OFF', 'OFF', 'OFF', 'OFF'])
    await settle(h)
  })

  it('streams through streamGenerateContent with alt=sse', async () => {
    google.answer = () => ({ sse: fixture('gemini-text.chunks.txt') })
    const stream = await openai.chat.completions.create({
      model: GEMINI,
      messages: [{ role: 'user', content: 'Story' }],
      stream: true,
    })
    let text = ''
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? ''
    expect(google.seen[0]?.path).toBe(`/v1beta/models/${GEMINI}:streamGenerateContent?alt=sse`)
    expect(text).toBe('Once upon a time, a magic backpack.')
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ prompt_tokens: 11, completion_tokens: 14 })
  })

  it('a stream cut mid-way ends with an error chunk and bills what was produced', async () => {
    const sse = fixture('gemini-text.chunks.txt')
    google.answer = () => ({ sse, cutAfterBytes: sse.indexOf(' a time') })
    await settle(h)
    const before = (await consumeLogs(h)).length
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: GEMINI, messages: [{ role: 'user', content: 'Story' }], stream: true }),
    })
    const body = await response.text()
    expect(body).toContain('"content":"Once upon"')
    expect(body).toContain('"error"')
    await settle(h)
    const logs = await consumeLogs(h)
    expect(logs.length).toBe(before + 1)
    expect(logs.at(-1)?.prompt_tokens).toBe(11)
  })

  it("passes Google's error message on with its status", async () => {
    google.answer = () => ({
      status: 400,
      json: {
        error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' },
      },
    })
    const error = await openai.chat.completions
      .create({ model: GEMINI, messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e)
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(400)
    expect((error as Error).message).toContain('API key not valid')
  })
})

describe("Gemini's native API", () => {
  it('on a Gemini channel: passed through, the key accepted from ?key=', async () => {
    google.answer = () => ({ json: JSON.parse(fixture('gemini-function-call.json')) })
    const body = {
      contents: [{ role: 'user', parts: [{ text: 'Weather in Boston?' }] }],
      tools: [{ functionDeclarations: [{ name: 'get_current_weather' }] }],
    }
    const response = await fetch(`${server.url}/v1beta/models/${GEMINI}:generateContent?key=${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(JSON.parse(fixture('gemini-function-call.json')))
    expect(google.seen[0]?.body).toEqual(body)
    expect(google.seen[0]?.path).not.toContain('key=')
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ prompt_tokens: 51, completion_tokens: 9 })
  })

  it('on a Gemini channel: a stream passed through event by event', async () => {
    google.answer = () => ({ sse: fixture('gemini-text.chunks.txt') })
    const response = await generate(GEMINI, { contents: [{ parts: [{ text: 'Story' }] }] }, true)
    const text = await response.text()
    expect(text).toBe(fixture('gemini-text.chunks.txt'))
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ prompt_tokens: 11, completion_tokens: 14 })
  })

  it('on an OpenAI channel: converted there and back, JSON and stream', async () => {
    const response = await generate('gpt-4o-mini', {
      systemInstruction: { parts: [{ text: 'Brief.' }] },
      contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
    })
    const answer = (await response.json()) as {
      candidates: { content: { parts: { text: string }[] }; finishReason: string }[]
      usageMetadata: { candidatesTokenCount: number }
    }
    expect(mock.requests.at(-1)?.body).toMatchObject({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'Brief.' },
        { role: 'user', content: 'Hello' },
      ],
    })
    expect(answer.candidates[0]?.finishReason).toBe('STOP')
    expect(answer.candidates[0]?.content.parts[0]?.text.length).toBeGreaterThan(0)
    expect(answer.usageMetadata.candidatesTokenCount).toBeGreaterThan(0)

    const streamed = await (await generate('gpt-4o-mini', { contents: [{ parts: [{ text: 'Hi' }] }] }, true)).text()
    const events = streamed
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: '))
      .map(
        (frame) => JSON.parse(frame.slice(6)) as { candidates: { finishReason?: string }[]; usageMetadata?: unknown }
      )
    expect(events.length).toBeGreaterThan(1)
    expect(events.at(-1)?.candidates[0]?.finishReason).toBe('STOP')
    expect(events.at(-1)?.usageMetadata).toBeDefined()
  })

  it("answers errors in Google's shape", async () => {
    const bad = await generate(GEMINI, { contents: [] })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } })
    const noKey = await generate(GEMINI, { contents: [{ parts: [{ text: 'x' }] }] }, false, {})
    expect(noKey.status).toBe(401)
    expect(await noKey.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } })
    const unknownAction = await fetch(`${server.url}/v1beta/models/${GEMINI}:predictLongRunning`, {
      method: 'POST',
      headers: { 'x-goog-api-key': key },
      body: '{}',
    })
    expect(unknownAction.status).toBe(404)
  })
})
