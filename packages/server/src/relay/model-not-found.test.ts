import Anthropic from '@anthropic-ai/sdk'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness, type TestUser } from '../../test/harness.ts'
import { addChannel, addToken, listen } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'

/**
 * A model that no channel of the caller's groups lists is a wrong name, not an outage: 404
 * model_not_found in the client's protocol, which no SDK retries. A model that channels list but
 * none can serve now (all disabled) stays a 503.
 */
let h: Harness
let upstream: ScriptedUpstream
let server: { url: string; close: () => Promise<void> }
let user: TestUser
let apiKey: string
/** requests that reached the gateway, as the clients' fetch saw them */
let calls = 0
const countingFetch: typeof fetch = (input, init) => {
  calls++
  return fetch(input, init)
}

beforeAll(async () => {
  upstream = await startScriptedUpstream()
  h = await createHarness()
  await h.setupRoot()
  user = await h.createUser(1, { quota: 1_000_000 })
  await addChannel(h, { baseUrl: upstream.url, models: 'gpt-4o-mini' })
  await addChannel(h, { baseUrl: upstream.url, models: 'vip-only', groups: 'vip' })
  const disabled = await addChannel(h, { baseUrl: upstream.url, models: 'resting-model' })
  await h.services.db.updateTable('channels').set({ status: 2 }).where('id', '=', disabled).execute()
  await h.services.db.updateTable('abilities').set({ enabled: false }).where('channel_id', '=', disabled).execute()
  await h.services.changes.publish({ kind: 'channels' })
  apiKey = (await addToken(h, user.id)).key
  server = await listen(h)
})
afterAll(async () => {
  await server.close()
  await h.close()
  await upstream.stop()
})

describe('a model no channel lists', () => {
  it('is a NotFoundError with code model_not_found for the openai client, asked once despite retries', async () => {
    const client = new OpenAI({ apiKey, baseURL: `${server.url}/v1`, maxRetries: 2, fetch: countingFetch })
    calls = 0
    const error = await client.chat.completions
      .create({ model: 'no-such-model', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OpenAI.NotFoundError)
    expect(error).toMatchObject({ status: 404, code: 'model_not_found', type: 'invalid_request_error' })
    expect((error as Error).message).toContain('no-such-model')
    expect(calls).toBe(1)
  })

  it('is a not_found_error for the Anthropic client, asked once despite retries', async () => {
    const client = new Anthropic({ apiKey, baseURL: server.url, maxRetries: 2, fetch: countingFetch })
    calls = 0
    const error = await client.messages
      .create({ model: 'claude-none', max_tokens: 16, messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Anthropic.NotFoundError)
    expect((error as InstanceType<typeof Anthropic.NotFoundError>).error).toMatchObject({
      type: 'error',
      error: { type: 'not_found_error' },
    })
    expect(calls).toBe(1)
  })

  it('is NOT_FOUND on Gemini’s native API', async () => {
    const response = await fetch(`${server.url}/v1beta/models/gemini-none:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': apiKey },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'x' }] }] }),
    })
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } })
  })

  it('counts only the caller’s groups: a model of another group is not found', async () => {
    const client = new OpenAI({ apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 })
    await expect(
      client.chat.completions.create({ model: 'vip-only', messages: [{ role: 'user', content: 'x' }] })
    ).rejects.toMatchObject({ status: 404, code: 'model_not_found' })
  })

  it('is a 404 in the playground too', async () => {
    const response = await h.request('POST', '/pg/chat/completions', {
      as: user,
      body: { model: 'no-such-model', messages: [{ role: 'user', content: 'hi' }] },
    })
    expect(response.status).toBe(404)
    expect(response.json).toMatchObject({ error: { type: 'invalid_request_error', code: 'model_not_found' } })
  })
})

describe('a model only disabled channels list', () => {
  it('stays 503: it exists, and may come back', async () => {
    const client = new OpenAI({ apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 })
    const error = await client.chat.completions
      .create({ model: 'resting-model', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OpenAI.InternalServerError)
    expect(error).toMatchObject({ status: 503, code: 'model_not_found' })
    expect(upstream.seen).toHaveLength(0)
  })
})
