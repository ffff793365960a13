import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'
import { testChannel } from './test-channel.ts'

/**
 * Issue 7: Dify channels. OpenAI chat clients are served by a Dify chat app through
 * /v1/chat-messages: the conversation becomes the query, the answer (blocking JSON or the SSE
 * events of a basic assistant, agent or chatflow) becomes an OpenAI completion, billed from
 * Dify's metadata.usage.
 */
const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../providers/dify/__fixtures__', name), 'utf8')
const MODEL = 'dify-iphone-helper'
const APP_KEY = 'app-dify-canary-key-0123456789'

let h: Harness
let dify: ScriptedUpstream
let server: { url: string; close: () => Promise<void> }
let client: OpenAI
let channelId: number

beforeAll(async () => {
  dify = await startScriptedUpstream()
  h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: 50_000_000 })
  // The base URL as Dify's console shows it, with /v1.
  channelId = await addChannel(h, { name: 'dify', type: 37, baseUrl: `${dify.url}/v1`, models: MODEL, key: APP_KEY })
  await h.services.options.set('ModelRatio', JSON.stringify({ [MODEL]: 1 }))
  server = await listen(h)
  client = new OpenAI({ apiKey: (await addToken(h, user.id)).key, baseURL: `${server.url}/v1`, maxRetries: 0 })
})
afterAll(async () => {
  await server.close()
  await h.close()
  await dify.stop()
})
beforeEach(async () => {
  // Billing is not awaited by the client: the previous test's log is written before this one's, so `.at(-1)` is this test's.
  await settle(h)
  dify.seen.length = 0
})

const rawChat = (body: Record<string, unknown>) =>
  fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${client.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: MODEL, ...body }),
  })

describe('Dify channels', () => {
  it('send a lone question as the query in blocking mode and answer an OpenAI completion billed from metadata.usage', async () => {
    dify.answer = () => ({ json: JSON.parse(fixture('dify-chat.json')) })
    const answer = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'What are the specs of the iPhone 13 Pro Max?' }],
    })
    const seen = dify.seen[0]
    expect(seen?.path).toBe('/v1/chat-messages')
    expect(seen?.headers.authorization).toBe(`Bearer ${APP_KEY}`)
    expect(seen?.body).toEqual({
      inputs: {},
      query: 'What are the specs of the iPhone 13 Pro Max?',
      response_mode: 'blocking',
      user: 'gateway',
      auto_generate_name: false,
    })
    expect(answer.choices[0]?.message.content).toBe('iPhone 13 Pro Max specs are listed here:...')
    expect(answer.choices[0]?.finish_reason).toBe('stop')
    expect(answer.model).toBe(MODEL)
    expect(answer.usage).toMatchObject({ prompt_tokens: 1033, completion_tokens: 128, total_tokens: 1161 })
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({
      model_name: MODEL,
      prompt_tokens: 1033,
      completion_tokens: 128,
      channel_id: channelId,
    })
  })

  it('flatten a conversation with history into the query, with image URLs as files and the client’s user', async () => {
    dify.answer = () => ({ json: JSON.parse(fixture('dify-chat.json')) })
    await client.chat.completions.create({
      model: MODEL,
      user: 'customer-7',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Which phones do you know?' },
        { role: 'assistant', content: 'iPhones.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Which one is this?' },
            { type: 'image_url', image_url: { url: 'https://cloud.dify.ai/logo/logo-site.png' } },
          ],
        },
      ],
    })
    expect(dify.seen[0]?.body).toEqual({
      inputs: {},
      query: 'system: Be brief.\n\nuser: Which phones do you know?\n\nassistant: iPhones.\n\nuser: Which one is this?',
      response_mode: 'blocking',
      user: 'customer-7',
      auto_generate_name: false,
      files: [{ type: 'image', transfer_method: 'remote_url', url: 'https://cloud.dify.ai/logo/logo-site.png' }],
    })
  })

  it('take the app’s inputs from the channel’s parameter override', async () => {
    const id = await addChannel(h, {
      name: 'dify-inputs',
      type: 37,
      baseUrl: dify.url,
      models: 'dify-with-inputs',
      key: APP_KEY,
    })
    await h.services.db
      .updateTable('channels')
      .set({ param_override: JSON.stringify({ inputs: { language: 'en' } }) })
      .where('id', '=', id)
      .execute()
    await h.services.changes.publish({ kind: 'channels' })
    await h.services.options.set('ModelRatio', JSON.stringify({ [MODEL]: 1, 'dify-with-inputs': 1 }))
    dify.answer = () => ({ json: JSON.parse(fixture('dify-chat.json')) })
    await client.chat.completions.create({ model: 'dify-with-inputs', messages: [{ role: 'user', content: 'Hi' }] })
    expect(dify.seen[0]?.path).toBe('/v1/chat-messages')
    expect(dify.seen[0]?.body).toMatchObject({ inputs: { language: 'en' }, query: 'Hi' })
  })

  it('stream the answer as OpenAI chunks with the usage chunk, billed from message_end', async () => {
    dify.answer = () => ({ sse: fixture('dify-chat.chunks.txt') })
    const stream = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
    })
    let text = ''
    let finish: string | null | undefined
    let usage: OpenAI.CompletionUsage | undefined | null
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? ''
      finish = chunk.choices[0]?.finish_reason ?? finish
      if (chunk.usage) usage = chunk.usage
    }
    expect(dify.seen[0]?.body.response_mode).toBe('streaming')
    expect(text).toBe(" I'm glad to meet you")
    expect(finish).toBe('stop')
    expect(usage).toMatchObject({ prompt_tokens: 1033, completion_tokens: 135 })
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({
      model_name: MODEL,
      prompt_tokens: 1033,
      completion_tokens: 135,
    })
  })

  it('stream an agent’s answer with the image its tool made, and a chatflow’s without its workflow events', async () => {
    dify.answer = () => ({ sse: fixture('dify-agent.chunks.txt') })
    let text = ''
    for await (const chunk of await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'Draw' }],
      stream: true,
    }))
      text += chunk.choices[0]?.delta.content ?? ''
    expect(text).toMatch(
      /^\n!\[image\]\(https:\/\/upload\.dify\.ai\/files\/tools\/.+\.png\?.+\)\nI have created an image of a cute Japanese anime girl with white hair\.$/
    )
    // Settled before the next call: the two logs would otherwise be queued in whichever order their billing ends.
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ prompt_tokens: 2181, completion_tokens: 43 })

    dify.answer = () => ({ sse: fixture('dify-chatflow.chunks.txt') })
    text = ''
    for await (const chunk of await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    }))
      text += chunk.choices[0]?.delta.content ?? ''
    expect(text).toBe('Hi there')
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ prompt_tokens: 42, completion_tokens: 2 })
  })

  it('end a moderated answer with content_filter', async () => {
    dify.answer = () => ({ sse: fixture('dify-replace.chunks.txt') })
    let finish: string | null | undefined
    for await (const chunk of await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
    }))
      finish = chunk.choices[0]?.finish_reason ?? finish
    expect(finish).toBe('content_filter')
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ prompt_tokens: 20, completion_tokens: 9 })
  })

  it('map Dify’s error answers to OpenAI errors with their status, never echoing the app key', async () => {
    dify.answer = () => ({
      status: 400,
      json: { status: 400, code: 'invalid_param', message: `Invalid app key ${APP_KEY}` },
    })
    const error = (await client.chat.completions
      .create({ model: MODEL, messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>
    expect(error).toBeInstanceOf(OpenAI.APIError)
    expect(error.status).toBe(400)
    expect(error.message).toContain('Invalid app key [key]')
    expect(error.message).not.toContain(APP_KEY)
    expect((error.error as { code?: string }).code).toBe('invalid_param')

    // An error body with status 200: not an empty completion, but Dify's error.
    dify.answer = () => ({
      json: { status: 400, code: 'app_unavailable', message: 'App unavailable, please check your app configurations.' },
    })
    const inBody = (await client.chat.completions
      .create({ model: MODEL, messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>
    expect(inBody.status).toBe(400)
    expect(inBody.message).toContain('App unavailable')
  })

  it('end a stream with Dify’s error event as an OpenAI error frame', async () => {
    dify.answer = () => ({ sse: fixture('dify-error.chunks.txt') })
    const response = await rawChat({ messages: [{ role: 'user', content: 'Hi' }], stream: true })
    const body = await response.text()
    expect(body).toContain('"content":"Partial"')
    expect(body).toContain('"code":"provider_quota_exceeded"')
    expect(body).toContain('Your quota for Dify Hosted Model Provider has been exhausted.')
    expect(body).not.toContain('"finish_reason":"stop"')
    await settle(h)
  })

  it('skip a malformed chunk and keep the rest of the answer', async () => {
    dify.answer = () => ({ sse: fixture('dify-malformed.chunks.txt') })
    let text = ''
    for await (const chunk of await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
    }))
      text += chunk.choices[0]?.delta.content ?? ''
    expect(text).toBe('Half done')
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ prompt_tokens: 8, completion_tokens: 2 })
  })

  it('bill a stream cut mid-way once, from the text produced, and end it with an error', async () => {
    const sse = fixture('dify-chat.chunks.txt')
    dify.answer = () => ({ sse, cutAfterBytes: sse.indexOf('" meet"') })
    const logsBefore = (await consumeLogs(h)).length
    const response = await rawChat({ messages: [{ role: 'user', content: 'Hi' }], stream: true })
    const body = await response.text()
    expect(body).toContain('"content":" glad"')
    expect(body).not.toContain('" meet"')
    expect(body).toContain('"error"')
    await settle(h)
    const logs = await consumeLogs(h)
    expect(logs.length).toBe(logsBefore + 1)
    expect(logs.at(-1)?.completion_tokens).toBeGreaterThan(0)
    expect(logs.at(-1)?.quota).toBeGreaterThan(0)
  })

  it('answer 501 for endpoints a Dify app does not have', async () => {
    const error = (await client.embeddings
      .create({ model: MODEL, input: 'x' })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>
    expect(error.status).toBe(501)
    expect(dify.seen).toEqual([])
  })

  it('can be tested from the channel list with a blocking call', async () => {
    dify.answer = () => ({ json: JSON.parse(fixture('dify-chat.json')) })
    const result = await testChannel(h.services, channelId)
    expect(result).toMatchObject({ success: true })
    expect(dify.seen[0]?.path).toBe('/v1/chat-messages')
    expect(dify.seen[0]?.body.response_mode).toBe('blocking')
  })
})
