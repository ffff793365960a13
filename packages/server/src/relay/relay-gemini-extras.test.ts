import { createGoogleGenerativeAI } from '@ai-sdk/google'
import { ApiError, GoogleGenAI } from '@google/genai'
import { embed } from 'ai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, quotaOf, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'
import { fixtureReader } from '../../test/sse-fixtures.ts'

/**
 * Gemini's native embedContent, batchEmbedContents, countTokens and models.get/list, driven by
 * the real @google/genai client (and the Vercel AI SDK's Google provider for embedContent) over
 * a Gemini channel (the upstream's own methods) and an OpenAI-compatible one (converted).
 */
const reader = fixtureReader(new URL('../providers/gemini', import.meta.url).pathname)
const fixture = (name: string) => JSON.parse(reader.fixture(name)) as Record<string, unknown>

const GEMINI_EMBED = 'gemini-embedding-001'
const GEMINI_CHAT = 'gemini-2.5-flash'
const OPENAI_EMBED = 'text-embedding-3-small'
const OPENAI_CHAT = 'gpt-4o-mini'

let h: Harness
let google: ScriptedUpstream
let openaiUp: ScriptedUpstream
let server: { url: string; close: () => Promise<void> }
let ai: GoogleGenAI
let key: string
let limitedKey: string
let userId: number
let geminiChannel: number

/** The Gemini fake answers each method with its documented shape; embeddings one per request. */
function answerAsGemini(path: string, body: Record<string, unknown>) {
  if (path.endsWith(':batchEmbedContents')) {
    const requests = body.requests as unknown[]
    return { json: { embeddings: requests.map((_, i) => ({ values: [i + 0.25, i + 0.5, i + 0.75] })) } }
  }
  if (path.endsWith(':embedContent')) return { json: fixture('gemini-embed-response.json') }
  if (path.endsWith(':countTokens')) return { json: fixture('gemini-count-tokens-response.json') }
  return { status: 404, json: { error: { code: 404, message: 'no such method', status: 'NOT_FOUND' } } }
}

beforeAll(async () => {
  google = await startScriptedUpstream()
  openaiUp = await startScriptedUpstream()
  h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: 10_000_000 })
  userId = user.id
  geminiChannel = await addChannel(h, {
    name: 'gemini',
    type: 24,
    baseUrl: google.url,
    models: `${GEMINI_EMBED},${GEMINI_CHAT}`,
    key: 'AIza-channel-canary',
  })
  await addChannel(h, { name: 'openai', type: 1, baseUrl: openaiUp.url, models: `${OPENAI_EMBED},${OPENAI_CHAT}` })
  await h.services.options.set(
    'ModelRatio',
    JSON.stringify({ [GEMINI_EMBED]: 2, [OPENAI_EMBED]: 3, [GEMINI_CHAT]: 0.15, [OPENAI_CHAT]: 0.075 })
  )
  key = (await addToken(h, user.id)).key
  limitedKey = (await addToken(h, user.id, { modelLimits: GEMINI_EMBED })).key
  server = await listen(h)
  ai = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: server.url } })
})
afterAll(async () => {
  await server.close()
  await h.close()
  await google.stop()
  await openaiUp.stop()
})
beforeEach(() => {
  google.seen.length = 0
  openaiUp.seen.length = 0
  google.answer = answerAsGemini
  openaiUp.answer = () => ({ json: fixture('openai-embeddings-response.json') })
})

/** Runs `call`, lets billing finish, and tells what it added to the logs and took from the balance. */
async function billed(call: () => Promise<unknown>) {
  await settle(h)
  const logsBefore = (await consumeLogs(h)).length
  const quotaBefore = await quotaOf(h, userId)
  await call()
  await settle(h)
  const logs = await consumeLogs(h)
  return { newLogs: logs.slice(logsBefore), charged: quotaBefore - (await quotaOf(h, userId)) }
}

const post = (path: string, body: unknown, auth: Record<string, string> = { 'x-goog-api-key': key }) =>
  fetch(`${server.url}/v1beta/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify(body),
  })

describe('embeddings on a Gemini channel', () => {
  it("@google/genai's embedContent: the upstream's batchEmbedContents with the channel's key, vectors back, prompt counted by the tokenizer", async () => {
    let result: Awaited<ReturnType<typeof ai.models.embedContent>> | undefined
    const { newLogs, charged } = await billed(async () => {
      result = await ai.models.embedContent({
        model: GEMINI_EMBED,
        contents: ['What is the meaning of life?', 'How does the brain work?'],
        config: { outputDimensionality: 3, taskType: 'RETRIEVAL_DOCUMENT' },
      })
    })
    expect(result?.embeddings?.map((e) => e.values)).toEqual([
      [0.25, 0.5, 0.75],
      [1.25, 1.5, 1.75],
    ])
    const seen = google.seen[0]
    expect(seen?.path).toBe(`/v1beta/models/${GEMINI_EMBED}:batchEmbedContents`)
    expect(seen?.headers['x-goog-api-key']).toBe('AIza-channel-canary')
    expect(seen?.body).toEqual({
      requests: [
        {
          model: `models/${GEMINI_EMBED}`,
          content: { parts: [{ text: 'What is the meaning of life?' }], role: 'user' },
          taskType: 'RETRIEVAL_DOCUMENT',
          outputDimensionality: 3,
        },
        {
          model: `models/${GEMINI_EMBED}`,
          content: { parts: [{ text: 'How does the brain work?' }], role: 'user' },
          taskType: 'RETRIEVAL_DOCUMENT',
          outputDimensionality: 3,
        },
      ],
    })
    // Gemini reports no usage for embeddings: 7 + 6 tokens by cl100k, at model ratio 2.
    expect(newLogs).toHaveLength(1)
    expect(newLogs[0]).toMatchObject({
      model_name: GEMINI_EMBED,
      prompt_tokens: 13,
      completion_tokens: 0,
      quota: 26,
      channel_id: geminiChannel,
    })
    expect(Boolean(newLogs[0]?.is_stream)).toBe(false)
    expect(charged).toBe(26)
  })

  it("the Vercel AI SDK's embed: the upstream's embedContent, the model in the body the channel's", async () => {
    const google_ = createGoogleGenerativeAI({ apiKey: key, baseURL: `${server.url}/v1beta` })
    let embedding: number[] = []
    const { newLogs, charged } = await billed(async () => {
      ;({ embedding } = await embed({
        model: google_.embeddingModel(GEMINI_EMBED),
        value: 'What is the meaning of life?',
        providerOptions: { google: { outputDimensionality: 4 } },
      }))
    })
    expect(embedding).toEqual([0.0123, -0.0456, 0.0789, -0.0012])
    expect(google.seen[0]?.path).toBe(`/v1beta/models/${GEMINI_EMBED}:embedContent`)
    expect(google.seen[0]?.body).toEqual({
      model: `models/${GEMINI_EMBED}`,
      content: { parts: [{ text: 'What is the meaning of life?' }] },
      outputDimensionality: 4,
    })
    expect(newLogs.map((l) => [l.prompt_tokens, l.quota])).toEqual([[7, 14]])
    expect(charged).toBe(14)
  })

  it("an upstream failure answers in Google's shape and gives the reservation back", async () => {
    google.answer = () => ({
      status: 400,
      json: { error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' } },
    })
    let response: Response | undefined
    const { newLogs, charged } = await billed(async () => {
      response = await post(`models/${GEMINI_EMBED}:embedContent`, { content: { parts: [{ text: 'x' }] } })
    })
    expect(response?.status).toBe(400)
    const body = (await response?.json()) as { error: { code: number; status: string; message: string } }
    expect(body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' })
    expect(body.error.message).toContain('Request contains an invalid argument.')
    expect(newLogs).toHaveLength(0)
    expect(charged).toBe(0)
  })

  it('refuses a body without content before any upstream call', async () => {
    const response = await post(`models/${GEMINI_EMBED}:embedContent`, { text: 'not Gemini' })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } })
    expect(google.seen).toHaveLength(0)
  })
})

describe('embeddings on an OpenAI-compatible channel', () => {
  it('@google/genai embedContent becomes /v1/embeddings; vectors back in request order, billed by the upstream usage', async () => {
    const texts = ['What is the meaning of life?', 'How much wood would a woodchuck chuck?', 'How does the brain work?']
    let result: Awaited<ReturnType<typeof ai.models.embedContent>> | undefined
    const { newLogs, charged } = await billed(async () => {
      result = await ai.models.embedContent({
        model: OPENAI_EMBED,
        contents: texts,
        config: { outputDimensionality: 3 },
      })
    })
    expect(openaiUp.seen[0]?.path).toBe('/v1/embeddings')
    expect(openaiUp.seen[0]?.headers.authorization).toBe('Bearer sk-upstream-canary-key')
    expect(openaiUp.seen[0]?.body).toEqual({
      model: OPENAI_EMBED,
      input: texts,
      encoding_format: 'float',
      dimensions: 3,
    })
    expect(result?.embeddings?.map((e) => e.values)).toEqual(
      (fixture('gemini-batch-embed-response.json').embeddings as { values: number[] }[]).map((e) => e.values)
    )
    expect(newLogs).toHaveLength(1)
    expect(newLogs[0]).toMatchObject({ model_name: OPENAI_EMBED, prompt_tokens: 27, completion_tokens: 0, quota: 81 })
    expect(charged).toBe(81)
  })

  it('embedContent (one request) answers one embedding', async () => {
    openaiUp.answer = () => ({
      json: {
        object: 'list',
        data: [{ object: 'embedding', index: 0, embedding: [0.5, 0.25] }],
        model: OPENAI_EMBED,
        usage: { prompt_tokens: 5, total_tokens: 5 },
      },
    })
    const response = await post(
      `models/${OPENAI_EMBED}:embedContent?key=${key}`,
      { content: { parts: [{ text: 'Hello' }, { text: 'world' }] } },
      {}
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ embedding: { values: [0.5, 0.25] } })
    expect(openaiUp.seen[0]?.body).toEqual({ model: OPENAI_EMBED, input: ['Hello\nworld'], encoding_format: 'float' })
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ model_name: OPENAI_EMBED, prompt_tokens: 5, quota: 15 })
  })
})

describe('countTokens', () => {
  it("on a Gemini channel: the upstream's countTokens, free (no log row, no charge)", async () => {
    let result: Awaited<ReturnType<typeof ai.models.countTokens>> | undefined
    const { newLogs, charged } = await billed(async () => {
      result = await ai.models.countTokens({ model: GEMINI_CHAT, contents: 'Why is the sky blue?' })
    })
    expect(result?.totalTokens).toBe(31)
    expect(google.seen[0]?.path).toBe(`/v1beta/models/${GEMINI_CHAT}:countTokens`)
    expect(google.seen[0]?.headers['x-goog-api-key']).toBe('AIza-channel-canary')
    expect(google.seen[0]?.body).toEqual({ contents: [{ role: 'user', parts: [{ text: 'Why is the sky blue?' }] }] })
    expect(newLogs).toHaveLength(0)
    expect(charged).toBe(0)
  })

  it("a whole generateContent request names the channel's model", async () => {
    const response = await post(
      `models/${GEMINI_CHAT}:countTokens?key=${key}`,
      { generateContentRequest: { model: 'models/other', contents: [{ parts: [{ text: 'Hi' }] }] } },
      {}
    )
    expect(await response.json()).toEqual(fixture('gemini-count-tokens-response.json'))
    expect(google.seen[0]?.body).toEqual({
      generateContentRequest: { model: `models/${GEMINI_CHAT}`, contents: [{ parts: [{ text: 'Hi' }] }] },
    })
  })

  it('on an OpenAI channel: counted by the tokenizer over the converted prompt, nothing sent upstream, free', async () => {
    let result: Awaited<ReturnType<typeof ai.models.countTokens>> | undefined
    const { newLogs, charged } = await billed(async () => {
      result = await ai.models.countTokens({ model: OPENAI_CHAT, contents: 'Why is the sky blue?' })
    })
    // 3 for the reply's priming, 3 for the message, 1 for its role, 6 for the text (o200k).
    expect(result?.totalTokens).toBe(13)
    expect(openaiUp.seen).toHaveLength(0)
    expect(newLogs).toHaveLength(0)
    expect(charged).toBe(0)
  })

  it("a model no channel serves is not found, in Google's shape; a model outside the token's limits is refused", async () => {
    const missing = await post(`models/gemini-9-ultra:countTokens`, { contents: [{ parts: [{ text: 'x' }] }] })
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { error: unknown }).error).toMatchObject({ code: 404, status: 'NOT_FOUND' })
    const limited = await post(
      `models/${GEMINI_CHAT}:countTokens`,
      { contents: [{ parts: [{ text: 'x' }] }] },
      { 'x-goog-api-key': limitedKey }
    )
    expect(limited.status).toBe(403)
    expect(((await limited.json()) as { error: unknown }).error).toMatchObject({
      code: 403,
      status: 'PERMISSION_DENIED',
    })
    expect(google.seen).toHaveLength(0)
  })
})

describe('models', () => {
  it("models.get answers one model in Gemini's shape; a model the token cannot use is not found", async () => {
    const model = await ai.models.get({ model: GEMINI_CHAT })
    expect(model.name).toBe(`models/${GEMINI_CHAT}`)
    expect(model.displayName).toBe(GEMINI_CHAT)
    expect(model.supportedActions).toEqual(['generateContent', 'streamGenerateContent', 'countTokens'])
    const embedder = await ai.models.get({ model: `models/${GEMINI_EMBED}` })
    expect(embedder.supportedActions).toEqual(['embedContent', 'batchEmbedContents', 'countTokens'])

    const error = await ai.models.get({ model: 'gemini-9-ultra' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(404)
    const limited = new GoogleGenAI({ apiKey: limitedKey, httpOptions: { baseUrl: server.url } })
    expect(((await limited.models.get({ model: GEMINI_CHAT }).catch((e: unknown) => e)) as ApiError).status).toBe(404)
    expect((await limited.models.get({ model: GEMINI_EMBED })).name).toBe(`models/${GEMINI_EMBED}`)
  })

  it('models.list pages through every model the token may use', async () => {
    const pager = await ai.models.list({ config: { pageSize: 3 } })
    const names: string[] = []
    for await (const model of pager) names.push(model.name ?? '')
    expect(names).toEqual([GEMINI_CHAT, GEMINI_EMBED, OPENAI_CHAT, OPENAI_EMBED].sort().map((id) => `models/${id}`))

    const first = (await (await fetch(`${server.url}/v1beta/models?pageSize=3&key=${key}`)).json()) as {
      models: { name: string }[]
      nextPageToken?: string
    }
    expect(first.models).toHaveLength(3)
    expect(first.nextPageToken).toBe('3')
    const last = (await (await fetch(`${server.url}/v1beta/models?pageSize=3&pageToken=3&key=${key}`)).json()) as {
      models: { name: string }[]
      nextPageToken?: string
    }
    expect(last).toEqual({ models: [expect.objectContaining({ name: `models/${OPENAI_EMBED}` })] })
    const bad = await fetch(`${server.url}/v1beta/models?pageToken=zz&key=${key}`)
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: unknown }).error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' })
  })
})

describe("Gemini's auth forms on every new route", () => {
  const routes: [string, string, unknown][] = [
    ['POST', `models/${GEMINI_EMBED}:embedContent`, { content: { parts: [{ text: 'x' }] } }],
    [
      'POST',
      `models/${GEMINI_EMBED}:batchEmbedContents`,
      { requests: [{ model: `models/${GEMINI_EMBED}`, content: { parts: [{ text: 'x' }] } }] },
    ],
    ['POST', `models/${GEMINI_CHAT}:countTokens`, { contents: [{ parts: [{ text: 'x' }] }] }],
    ['GET', `models/${GEMINI_CHAT}`, undefined],
    ['GET', 'models', undefined],
  ]
  it.each(routes)(
    '%s %s takes x-goog-api-key and ?key=, and answers 401 UNAUTHENTICATED without a key',
    async (method, path, body) => {
      const send = (query: string, headers: Record<string, string>) =>
        fetch(`${server.url}/v1beta/${path}${query}`, {
          method,
          headers: { 'content-type': 'application/json', ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      expect((await send('', { 'x-goog-api-key': key })).status).toBe(200)
      expect((await send(`?key=${key}`, {})).status).toBe(200)
      const none = await send('', {})
      expect(none.status).toBe(401)
      expect(((await none.json()) as { error: unknown }).error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' })
      await settle(h)
    }
  )
})
