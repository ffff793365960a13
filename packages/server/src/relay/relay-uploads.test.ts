import OpenAI, { toFile } from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, quotaOf, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'

/** Issue 7: uploads through the official openai client: transcriptions, translations, image edits. */
let h: Harness
let upstream: ScriptedUpstream
let server: { url: string; close: () => Promise<void> }
let client: OpenAI
let userId: number

const audio = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(64_000, 7)])
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

beforeAll(async () => {
  upstream = await startScriptedUpstream()
  h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: 10_000_000 })
  userId = user.id
  await addChannel(h, {
    name: 'openai',
    type: 1,
    baseUrl: upstream.url,
    models: 'whisper-1,dall-e-2,whisper-mapped',
    modelMapping: { 'whisper-mapped': 'whisper-large-v3' },
  })
  await h.services.options.set('ModelPrice', JSON.stringify({ 'dall-e-2': 0.02 }))
  await h.services.options.set('ModelRatio', JSON.stringify({ 'whisper-1': 15, 'whisper-mapped': 15 }))
  server = await listen(h)
  client = new OpenAI({ apiKey: (await addToken(h, user.id)).key, baseURL: `${server.url}/v1`, maxRetries: 0 })
})
afterAll(async () => {
  await server.close()
  await h.close()
  await upstream.stop()
})
beforeEach(() => {
  upstream.seen.length = 0
})

const sentForm = () => String((upstream.seen[0]?.body as { unparsed?: string } | undefined)?.unparsed ?? '')

describe('audio uploads', () => {
  it('forward the upload as it came and bill the minutes upstream reports', async () => {
    upstream.answer = () => ({ json: { text: 'Hello world', usage: { type: 'duration', seconds: 61 } } })
    const answer = await client.audio.transcriptions.create({
      file: await toFile(audio, 'speech.mp3', { type: 'audio/mpeg' }),
      model: 'whisper-1',
    })
    expect(answer.text).toBe('Hello world')
    expect(upstream.seen[0]?.path).toBe('/v1/audio/transcriptions')
    expect(upstream.seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(sentForm()).toContain('name="model"')
    expect(sentForm()).toContain('whisper-1')
    await settle(h)
    // ceil(61 s) → 1017 tokens (1000 per minute) × ratio 15.
    expect((await consumeLogs(h)).at(-1)).toMatchObject({
      model_name: 'whisper-1',
      prompt_tokens: 1017,
      completion_tokens: 0,
      quota: 15_255,
    })
  })

  it('send a mapped model in a re-encoded form, and pass a text transcript through', async () => {
    upstream.answer = () => ({ raw: Buffer.from('Bonjour\n'), contentType: 'text/plain; charset=utf-8' })
    const text = await client.audio.translations.create({
      file: await toFile(audio, 'speech.mp3'),
      model: 'whisper-mapped',
      response_format: 'text',
    })
    expect(String(text)).toBe('Bonjour\n')
    expect(upstream.seen[0]?.path).toBe('/v1/audio/translations')
    expect(sentForm()).toContain('whisper-large-v3')
    expect(sentForm()).not.toContain('whisper-mapped')
    await settle(h)
    // No duration from upstream: 64,003 bytes at an assumed 16,000 bytes/s is 5 s → 83 tokens.
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ model_name: 'whisper-mapped', prompt_tokens: 83 })
  })

  it('refuse a body that is not a form, or a form without its file', async () => {
    const notForm = await fetch(`${server.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.apiKey}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(notForm.status).toBe(400)
    const form = new FormData()
    form.set('model', 'whisper-1')
    const noFile = await fetch(`${server.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.apiKey}` },
      body: form,
    })
    expect(noFile.status).toBe(400)
    expect(((await noFile.json()) as { error: { message: string } }).error.message).toContain('file')
    expect(upstream.seen).toHaveLength(0)
  })
})

describe('image edits', () => {
  it('are priced per image by size and n, and charged once', async () => {
    upstream.answer = () => ({
      json: { created: 1, data: [{ url: 'https://img.example/a.png' }, { url: 'https://img.example/b.png' }] },
    })
    const before = await quotaOf(h, userId)
    const answer = await client.images.edit({
      image: await toFile(png, 'cat.png', { type: 'image/png' }),
      prompt: 'add a hat',
      model: 'dall-e-2',
      n: 2,
      size: '512x512',
    })
    expect(answer.data).toHaveLength(2)
    expect(upstream.seen[0]?.path).toBe('/v1/images/edits')
    await settle(h)
    // 0.02 × 0.45 (512x512) × 2 = 0.018 dollars = 9,000 quota.
    expect(before - (await quotaOf(h, userId))).toBe(9_000)
  })
})
