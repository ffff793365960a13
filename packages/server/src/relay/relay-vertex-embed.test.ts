import { generateKeyPairSync } from 'node:crypto'
import { GoogleGenAI } from '@google/genai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, quotaOf, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'
import { fixtureReader } from '../../test/sse-fixtures.ts'

/**
 * Gemini's native embedding and countTokens methods on a Vertex AI channel: embeddings through
 * Vertex's predict (billed by Vertex's own token counts), countTokens through Vertex's countTokens
 * with the access token minted from the service account.
 */
const vertex = fixtureReader(new URL('../providers/vertex', import.meta.url).pathname)
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const EMBED = 'text-embedding-005'
const CHAT = 'gemini-2.5-flash'
const MODELS = '/v1/projects/acme-ai/locations/us-central1/publishers/google/models'

let h: Harness
let google: ScriptedUpstream
let server: { url: string; close: () => Promise<void> }
let ai: GoogleGenAI
let userId: number

beforeAll(async () => {
  google = await startScriptedUpstream()
  h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: 10_000_000 })
  userId = user.id
  const serviceAccount = {
    type: 'service_account',
    project_id: 'acme-ai',
    private_key_id: 'k1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: 'relay@acme-ai.iam.gserviceaccount.com',
    token_uri: `${google.url}/token`,
  }
  await addChannel(h, {
    name: 'vertex',
    type: 41,
    baseUrl: google.url,
    models: `${EMBED},${CHAT}`,
    key: JSON.stringify(serviceAccount),
  })
  await h.services.options.set('ModelRatio', JSON.stringify({ [EMBED]: 2, [CHAT]: 0.15 }))
  server = await listen(h)
  ai = new GoogleGenAI({ apiKey: (await addToken(h, user.id)).key, httpOptions: { baseUrl: server.url } })
})
afterAll(async () => {
  await server.close()
  await h.close()
  await google.stop()
})
beforeEach(() => {
  google.seen.length = 0
  google.answer = (path) => {
    if (path === '/token') return { json: { access_token: 'ya29.vertex', expires_in: 3599, token_type: 'Bearer' } }
    if (path.endsWith(':predict')) return { json: JSON.parse(vertex.fixture('vertex-embed-predict.json')) }
    if (path.endsWith(':countTokens')) return { json: JSON.parse(vertex.fixture('vertex-count-tokens.json')) }
    return { status: 404, json: { error: { code: 404, message: `no route ${path}`, status: 'NOT_FOUND' } } }
  }
})

const upstreamCalls = () => google.seen.filter((seen) => seen.path !== '/token')

describe('Gemini-native clients on a Vertex AI channel', () => {
  it("embedContent goes to Vertex's predict; vectors back; billed by Vertex's token counts", async () => {
    await settle(h)
    const logsBefore = (await consumeLogs(h)).length
    const quotaBefore = await quotaOf(h, userId)
    const result = await ai.models.embedContent({
      model: EMBED,
      contents: ['What is the meaning of life?', 'How does the brain work?'],
      config: { taskType: 'RETRIEVAL_QUERY', outputDimensionality: 3 },
    })
    expect(result.embeddings?.map((e) => e.values)).toEqual([
      [0.0107, -0.0312, 0.0452],
      [-0.0221, 0.0118, 0.0674],
    ])
    const call = upstreamCalls()[0]
    expect(call?.path).toBe(`${MODELS}/${EMBED}:predict`)
    expect(call?.headers.authorization).toBe('Bearer ya29.vertex')
    expect(call?.body).toEqual({
      instances: [
        { content: 'What is the meaning of life?', task_type: 'RETRIEVAL_QUERY' },
        { content: 'How does the brain work?', task_type: 'RETRIEVAL_QUERY' },
      ],
      parameters: { outputDimensionality: 3 },
    })
    await settle(h)
    const logs = (await consumeLogs(h)).slice(logsBefore)
    expect(logs.map((l) => [l.model_name, l.prompt_tokens, l.completion_tokens, l.quota])).toEqual([[EMBED, 17, 0, 34]])
    expect(quotaBefore - (await quotaOf(h, userId))).toBe(34)
  })

  it("countTokens goes to Vertex's countTokens, the generateContent fields unwrapped, and costs nothing", async () => {
    await settle(h)
    const logsBefore = (await consumeLogs(h)).length
    const quotaBefore = await quotaOf(h, userId)
    const counted = await ai.models.countTokens({ model: CHAT, contents: 'Why is the sky blue?' })
    expect(counted.totalTokens).toBe(9)
    expect(upstreamCalls()[0]?.path).toBe(`${MODELS}/${CHAT}:countTokens`)
    expect(upstreamCalls()[0]?.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Why is the sky blue?' }] }],
    })

    const key = (await addToken(h, userId)).key
    const wrapped = await fetch(`${server.url}/v1beta/models/${CHAT}:countTokens?key=${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        generateContentRequest: {
          model: `models/${CHAT}`,
          contents: [{ parts: [{ text: 'Hi' }] }],
          systemInstruction: { parts: [{ text: 'Brief.' }] },
        },
      }),
    })
    expect(wrapped.status).toBe(200)
    expect(upstreamCalls()[1]?.body).toEqual({
      contents: [{ parts: [{ text: 'Hi' }] }],
      systemInstruction: { parts: [{ text: 'Brief.' }] },
    })
    await settle(h)
    expect((await consumeLogs(h)).length).toBe(logsBefore)
    expect(await quotaOf(h, userId)).toBe(quotaBefore)
  })
})
