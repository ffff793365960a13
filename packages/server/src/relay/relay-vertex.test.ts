import { createVerify, generateKeyPairSync } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'

/**
 * Issue 7: Vertex AI channels. The service-account key signs a JWT that the (fake) token endpoint
 * verifies and trades for an access token, reused until it nears expiry; Gemini models speak
 * generateContent, Claude models rawPredict with Vertex's anthropic_version.
 */
const fixtures = join(import.meta.dirname, '../providers')
const fixture = (name: string) => readFileSync(join(fixtures, name), 'utf8')
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })

let h: Harness
let google: ScriptedUpstream
let server: { url: string; close: () => Promise<void> }
let client: OpenAI
let tokenExchanges = 0

const tokenPath = '/token'

beforeAll(async () => {
  google = await startScriptedUpstream()
  google.answer = (path, body) => route(path, body)
  h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: 50_000_000 })
  const serviceAccount = {
    type: 'service_account',
    project_id: 'acme-ai',
    private_key_id: 'k1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: 'relay@acme-ai.iam.gserviceaccount.com',
    token_uri: `${google.url}${tokenPath}`,
  }
  await addChannel(h, {
    name: 'vertex',
    type: 41,
    baseUrl: google.url,
    models: 'gemini-2.5-flash,claude-sonnet-4@20250514',
    key: JSON.stringify(serviceAccount),
    other: JSON.stringify({ default: 'us-east5', 'gemini-2.5-flash': 'global' }),
  })
  await h.services.options.set(
    'ModelRatio',
    JSON.stringify({ 'gemini-2.5-flash': 0.15, 'claude-sonnet-4@20250514': 1.5 })
  )
  server = await listen(h)
  client = new OpenAI({ apiKey: (await addToken(h, user.id)).key, baseURL: `${server.url}/v1`, maxRetries: 0 })
})
afterAll(async () => {
  await server.close()
  await h.close()
  await google.stop()
})
beforeEach(() => {
  google.seen.length = 0
})

/** The fake Google: a token endpoint that checks the JWT's signature and claims, and the models. */
function route(path: string, body: Record<string, unknown>) {
  if (path === tokenPath) {
    const assertion = String((body as { unparsed?: string }).unparsed ?? '').match(/assertion=([^&]+)/)?.[1] ?? ''
    const [header, claims, signature] = assertion.split('.')
    const valid = createVerify('RSA-SHA256')
      .update(`${header}.${claims}`)
      .verify(publicKey, Buffer.from(signature ?? '', 'base64url'))
    const payload = JSON.parse(Buffer.from(claims ?? '', 'base64url').toString()) as {
      iss?: string
      aud?: string
      scope?: string
    }
    if (
      !valid ||
      payload.iss !== 'relay@acme-ai.iam.gserviceaccount.com' ||
      payload.aud !== `${google.url}${tokenPath}`
    )
      return { status: 400, json: { error: 'invalid_grant' } }
    tokenExchanges++
    return { json: { access_token: `ya29.token-${tokenExchanges}`, expires_in: 3599, token_type: 'Bearer' } }
  }
  if (path.includes('/publishers/google/models/'))
    return { json: JSON.parse(fixture('gemini/__fixtures__/gemini-text.json')) }
  if (path.includes(':streamRawPredict')) return { sse: fixture('anthropic/__fixtures__/anthropic-text.chunks.txt') }
  if (path.includes(':rawPredict'))
    return { json: JSON.parse(fixture('anthropic/__fixtures__/anthropic-tool-use.json')) }
  return { status: 404, json: { error: { message: `no route ${path}` } } }
}

describe('Vertex AI channels', () => {
  it('trade the service account for a token once, and call Gemini models in their region', async () => {
    const answer = await client.chat.completions.create({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'Tides?' }],
    })
    expect(answer.choices[0]?.message.content).toBe("The moon's gravity pulls the oceans.")
    const call = google.seen.find((seen) => seen.path.includes('/publishers/'))
    expect(call?.path).toBe(
      '/v1/projects/acme-ai/locations/global/publishers/google/models/gemini-2.5-flash:generateContent'
    )
    expect(call?.headers.authorization).toBe('Bearer ya29.token-1')
    await client.chat.completions.create({ model: 'gemini-2.5-flash', messages: [{ role: 'user', content: 'Again' }] })
    expect(tokenExchanges).toBe(1)
  })

  it('call Claude models through rawPredict with anthropic_version and no model in the body', async () => {
    const answer = await client.chat.completions.create({
      model: 'claude-sonnet-4@20250514',
      messages: [{ role: 'user', content: 'Weather?' }],
      max_tokens: 100,
    })
    expect(answer.choices[0]?.finish_reason).toBe('tool_calls')
    const call = google.seen.find((seen) => seen.path.includes('/publishers/'))
    expect(call?.path).toBe(
      '/v1/projects/acme-ai/locations/us-east5/publishers/anthropic/models/claude-sonnet-4@20250514:rawPredict'
    )
    expect(call?.body).toMatchObject({ anthropic_version: 'vertex-2023-10-16', max_tokens: 100 })
    expect(call?.body.model).toBeUndefined()

    // The answer above is billed after it was sent: settle it first so the stream's log row is the last one.
    await settle(h)
    const stream = await client.chat.completions.create({
      model: 'claude-sonnet-4@20250514',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    })
    let text = ''
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? ''
    expect(text).toBe('Hello!')
    expect(google.seen.at(-1)?.path).toContain(':streamRawPredict')
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({
      model_name: 'claude-sonnet-4@20250514',
      prompt_tokens: 135,
      completion_tokens: 15,
    })
  })

  it('pass a Claude client’s anthropic-beta on as the header, without ?beta=true', async () => {
    const user = await h.createUser(1, { quota: 50_000_000 })
    const response = await fetch(`${server.url}/v1/messages?beta=true`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': (await addToken(h, user.id)).key,
        'anthropic-version': '2023-06-01',
        'anthropic-beta': 'context-1m-2025-08-07',
      },
      body: JSON.stringify({
        model: 'claude-sonnet-4@20250514',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'Weather?' }],
      }),
    })
    expect(response.status).toBe(200)
    const call = google.seen.find((seen) => seen.path.includes('/publishers/'))
    expect(call?.path).toBe(
      '/v1/projects/acme-ai/locations/us-east5/publishers/anthropic/models/claude-sonnet-4@20250514:rawPredict'
    )
    expect(call?.headers['anthropic-beta']).toBe('context-1m-2025-08-07')
    expect(call?.body.anthropic_beta).toBeUndefined()
  })

  it('answer a clear upstream error when the key is not a service account', async () => {
    await addChannel(h, {
      name: 'vertex-broken',
      type: 41,
      baseUrl: google.url,
      models: 'gemini-broken',
      key: 'not json',
    })
    await h.services.options.set(
      'ModelRatio',
      JSON.stringify({ 'gemini-2.5-flash': 0.15, 'claude-sonnet-4@20250514': 1.5, 'gemini-broken': 1 })
    )
    const error = await client.chat.completions
      .create({ model: 'gemini-broken', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e)
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(502)
    expect((error as Error).message).toContain('service-account JSON')
  })
})
