import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, quotaOf, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'

/** Issue 7: images, moderations, speech and rerank through OpenAI-protocol channels, each billed by its rule. */
let h: Harness
let upstream: ScriptedUpstream
let server: { url: string; close: () => Promise<void> }
let client: OpenAI
let key: string
let userId: number

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
    models: 'dall-e-3,gpt-image-1,tts-1,omni-moderation-latest,text-moderation-stable',
  })
  await addChannel(h, { name: 'jina', type: 38, baseUrl: upstream.url, models: 'jina-reranker-v2-base-multilingual' })
  await h.services.options.set('ModelPrice', JSON.stringify({ 'dall-e-3': 0.04 }))
  await h.services.options.set(
    'ModelRatio',
    JSON.stringify({
      'gpt-image-1': 8,
      'tts-1': 7.5,
      'omni-moderation-latest': 0.1,
      'text-moderation-stable': 0.1,
      'jina-reranker-v2-base-multilingual': 0.01,
    })
  )
  key = (await addToken(h, user.id)).key
  server = await listen(h)
  client = new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0 })
})
afterAll(async () => {
  await server.close()
  await h.close()
  await upstream.stop()
})
beforeEach(() => {
  upstream.seen.length = 0
})

describe('images', () => {
  it('charges the per-image price × HD factor × n, exactly once', async () => {
    upstream.answer = () => ({
      json: { created: 1, data: [{ url: 'https://img.example/1.png' }, { url: 'https://img.example/2.png' }] },
    })
    const before = await quotaOf(h, userId)
    const answer = await client.images.generate({
      model: 'dall-e-3',
      prompt: 'a lighthouse',
      n: 2,
      quality: 'hd',
      size: '1024x1024',
    })
    expect(answer.data?.map((image) => image.url)).toEqual(['https://img.example/1.png', 'https://img.example/2.png'])
    expect(upstream.seen[0]?.path).toBe('/v1/images/generations')
    await settle(h)
    // 0.04 × 2 (hd) × 2 images = 0.16 dollars = 80,000 quota.
    expect(before - (await quotaOf(h, userId))).toBe(80_000)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ model_name: 'dall-e-3', quota: 80_000, prompt_tokens: 2 })
  })

  it('prices a ratio-only model per image, and refuses a bad size before calling upstream', async () => {
    upstream.answer = () => ({ json: { created: 1, data: [{ b64_json: 'AAAA' }] } })
    const before = await quotaOf(h, userId)
    await client.images.generate({ model: 'gpt-image-1', prompt: 'a fox' })
    await settle(h)
    // 0.0025 × 8 = 0.02 dollars = 10,000 quota.
    expect(before - (await quotaOf(h, userId))).toBe(10_000)
    const bad = await client.images
      .generate({ model: 'gpt-image-1', prompt: 'a fox', size: '1024×1024' as '1024x1024' })
      .catch((e: unknown) => e)
    expect((bad as InstanceType<typeof OpenAI.APIError>).status).toBe(400)
    expect(upstream.seen).toHaveLength(1)
  })
})

describe('speech, moderations and rerank', () => {
  it('passes generated audio through byte for byte and bills tts per character', async () => {
    const audio = Buffer.from([0xff, 0xf3, 0x44, 0xc4, 0x00, 0x01, 0x02, 0x80, 0xfe])
    upstream.answer = () => ({ raw: audio, contentType: 'audio/mpeg' })
    const response = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Hello, 世界!' })
    expect(response.headers.get('content-type')).toBe('audio/mpeg')
    expect(Buffer.from(await response.arrayBuffer())).toEqual(audio)
    expect(upstream.seen[0]?.path).toBe('/v1/audio/speech')
    await settle(h)
    // 10 characters × ratio 7.5 = 75.
    expect((await consumeLogs(h)).at(-1)).toMatchObject({
      model_name: 'tts-1',
      prompt_tokens: 10,
      completion_tokens: 0,
      quota: 75,
    })
  })

  it('relays moderations with the default model when none is named', async () => {
    upstream.answer = () => ({
      json: {
        id: 'modr-1',
        model: 'text-moderation-007',
        results: [{ flagged: false, categories: {}, category_scores: {} }],
      },
    })
    const response = await fetch(`${server.url}/v1/moderations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'I like cats' }),
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { results: unknown[] }).results).toHaveLength(1)
    expect(upstream.seen[0]?.body).toMatchObject({ model: 'text-moderation-stable', input: 'I like cats' })
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ model_name: 'text-moderation-stable' })
  })

  it('relays rerank to a Jina channel, counting query and documents', async () => {
    upstream.answer = () => ({
      json: {
        model: 'jina-reranker-v2-base-multilingual',
        results: [{ index: 1, relevance_score: 0.9 }],
        usage: { total_tokens: 12 },
      },
    })
    const response = await fetch(`${server.url}/v1/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'jina-reranker-v2-base-multilingual',
        query: 'organic skincare',
        documents: ['cheap shoes', { text: 'organic face cream' }],
        top_n: 1,
      }),
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { results: { index: number }[] }).results[0]?.index).toBe(1)
    expect(upstream.seen[0]?.path).toBe('/v1/rerank')
    const missing = await fetch(`${server.url}/v1/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'jina-reranker-v2-base-multilingual', query: 'x' }),
    })
    expect(missing.status).toBe(400)
    await settle(h)
    expect((await consumeLogs(h)).at(-1)?.prompt_tokens).toBeGreaterThan(3)
  })
})
