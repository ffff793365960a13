import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Anthropic from '@anthropic-ai/sdk'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, quotaOf, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'
import { countTextTokens } from './token-counter.ts'

/**
 * What Claude clients need beyond /v1/messages: their anthropic-beta flags (and the SDK's
 * ?beta=true) reaching Claude upstreams only, /v1/messages/count_tokens, and the model list in
 * Anthropic's shape.
 */
const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../providers/anthropic/__fixtures__', name), 'utf8')
const CLAUDE = 'claude-3-5-sonnet-20241022'
const BEDROCK_CLAUDE = 'claude-3-haiku-20240307'
const GPT = 'gpt-4o-mini'
const CHAT_ANSWER = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: GPT,
  choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
}

let h: Harness
let claude: ScriptedUpstream
let openaiUpstream: ScriptedUpstream
let aws: ScriptedUpstream
let server: { url: string; close: () => Promise<void> }
let anthropic: Anthropic
let userId: number
let apiKey: string

beforeAll(async () => {
  claude = await startScriptedUpstream()
  openaiUpstream = await startScriptedUpstream()
  aws = await startScriptedUpstream()
  h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: 50_000_000 })
  userId = user.id
  await addChannel(h, {
    name: 'claude',
    type: 14,
    baseUrl: claude.url,
    models: `${CLAUDE},claude-alias`,
    modelMapping: { 'claude-alias': CLAUDE },
    key: 'sk-ant-channel',
  })
  await addChannel(h, { name: 'openai', type: 1, baseUrl: openaiUpstream.url, models: GPT })
  await addChannel(h, {
    name: 'bedrock',
    type: 33,
    baseUrl: aws.url,
    models: BEDROCK_CLAUDE,
    key: 'AKIDEXAMPLE|wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY|us-west-2',
  })
  apiKey = (await addToken(h, user.id)).key
  server = await listen(h)
  anthropic = new Anthropic({ apiKey, baseURL: server.url, maxRetries: 0 })
})
afterAll(async () => {
  await server.close()
  await h.close()
  await claude.stop()
  await openaiUpstream.stop()
  await aws.stop()
})
beforeEach(() => {
  claude.seen.length = 0
  openaiUpstream.seen.length = 0
  aws.seen.length = 0
  claude.answer = () => ({ json: JSON.parse(fixture('anthropic-tool-use.json')) })
  openaiUpstream.answer = () => ({ json: CHAT_ANSWER })
  aws.answer = () => ({ json: JSON.parse(fixture('anthropic-tool-use.json')) })
})

const postMessages = (path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey, 'anthropic-version': '2023-06-01', ...headers },
    body: JSON.stringify(body),
  })

describe('anthropic-beta from Claude clients', () => {
  it('reaches an Anthropic channel as the header, from the SDK’s beta call', async () => {
    await anthropic.beta.messages.create({
      model: CLAUDE,
      max_tokens: 64,
      messages: [{ role: 'user', content: 'hi' }],
      betas: ['interleaved-thinking-2025-05-14', 'context-1m-2025-08-07'],
    })
    expect(claude.seen[0]?.headers['anthropic-beta']).toBe('interleaved-thinking-2025-05-14,context-1m-2025-08-07')
    // The gateway's pinned version: its conversions and usage reading are written for it.
    expect(claude.seen[0]?.headers['anthropic-version']).toBe('2023-06-01')
  })

  it('is not invented when the client sent none', async () => {
    await anthropic.messages.create({ model: CLAUDE, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] })
    expect(claude.seen[0]?.path).toBe('/v1/messages')
    expect(claude.seen[0]?.headers['anthropic-beta']).toBeUndefined()
  })

  // Older SDKs add ?beta=true to beta calls (this one keeps it to itself): sent by hand.
  it('carries ?beta=true to an Anthropic channel', async () => {
    const response = await postMessages(
      '/v1/messages?beta=true',
      { model: CLAUDE, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] },
      { 'anthropic-beta': 'fine-grained-tool-streaming-2025-05-14' }
    )
    expect(response.status).toBe(200)
    expect(claude.seen[0]?.path).toBe('/v1/messages?beta=true')
    expect(claude.seen[0]?.headers['anthropic-beta']).toBe('fine-grained-tool-streaming-2025-05-14')
  })

  it('goes into the body as anthropic_beta on a Bedrock channel', async () => {
    const response = await postMessages(
      '/v1/messages?beta=true',
      { model: BEDROCK_CLAUDE, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] },
      { 'anthropic-beta': 'computer-use-2025-01-24, token-efficient-tools-2025-02-19' }
    )
    expect(response.status).toBe(200)
    expect(aws.seen[0]?.path).toBe('/model/anthropic.claude-3-haiku-20240307-v1%3A0/invoke')
    expect(aws.seen[0]?.body.anthropic_beta).toEqual(['computer-use-2025-01-24', 'token-efficient-tools-2025-02-19'])
    expect(aws.seen[0]?.headers['anthropic-beta']).toBeUndefined()
  })

  it('never reaches an OpenAI-compatible channel', async () => {
    const message = await anthropic.beta.messages.create({
      model: GPT,
      max_tokens: 64,
      messages: [{ role: 'user', content: 'hi' }],
      betas: ['interleaved-thinking-2025-05-14'],
    })
    expect(message.content[0]).toMatchObject({ type: 'text', text: 'Hi' })
    const response = await postMessages(
      '/v1/messages?beta=true',
      { model: GPT, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] },
      { 'anthropic-beta': 'x-2025' }
    )
    expect(response.status).toBe(200)
    expect(
      openaiUpstream.seen.map((seen) => [seen.path, seen.headers['anthropic-beta'], seen.body.anthropic_beta])
    ).toEqual([
      ['/v1/chat/completions', undefined, undefined],
      ['/v1/chat/completions', undefined, undefined],
    ])
  })
})

describe('POST /v1/messages/count_tokens', () => {
  it('asks an Anthropic channel, with the mapped model and the client’s betas, and bills nothing', async () => {
    await settle(h)
    const logsBefore = (await consumeLogs(h)).length
    const quotaBefore = await quotaOf(h, userId)
    claude.answer = (path) =>
      path.startsWith('/v1/messages/count_tokens') ? { json: { input_tokens: 1234 } } : { status: 500, json: {} }
    const counted = await anthropic.messages.countTokens({
      model: 'claude-alias',
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Hello, world' }],
    })
    expect(counted).toEqual({ input_tokens: 1234 })
    expect(claude.seen).toHaveLength(1)
    expect(claude.seen[0]?.path).toBe('/v1/messages/count_tokens')
    expect(claude.seen[0]?.headers['x-api-key']).toBe('sk-ant-channel')
    expect(claude.seen[0]?.body).toEqual({
      model: CLAUDE,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Hello, world' }],
    })

    const beta = await anthropic.beta.messages.countTokens({
      model: CLAUDE,
      messages: [{ role: 'user', content: 'Hello' }],
      betas: ['context-1m-2025-08-07'],
    })
    expect(beta.input_tokens).toBe(1234)
    expect(claude.seen[1]?.headers['anthropic-beta']).toBe('context-1m-2025-08-07,token-counting-2024-11-01')

    await settle(h)
    expect(await consumeLogs(h)).toHaveLength(logsBefore)
    expect(await quotaOf(h, userId)).toBe(quotaBefore)
  })

  it('answers the gateway’s count over the converted prompt on an OpenAI channel, without calling it', async () => {
    const counted = await anthropic.messages.countTokens({
      model: GPT,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Hello, world' }],
    })
    // OpenAI's way over the chat the request becomes: 3 for priming, per message 3 + role + content.
    const expected =
      3 +
      (3 + (await countTextTokens(GPT, 'system')) + (await countTextTokens(GPT, 'Be brief.'))) +
      (3 + (await countTextTokens(GPT, 'user')) + (await countTextTokens(GPT, 'Hello, world')))
    expect(counted).toEqual({ input_tokens: expected })
    expect(openaiUpstream.seen).toHaveLength(0)
  })

  it('estimates when the Anthropic channel cannot count now, and passes on its refusal of a bad request', async () => {
    claude.answer = () => ({
      status: 529,
      json: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    })
    const estimated = await anthropic.messages.countTokens({
      model: CLAUDE,
      messages: [{ role: 'user', content: 'Hello, world' }],
    })
    expect(estimated.input_tokens).toBe(
      3 + 3 + (await countTextTokens(CLAUDE, 'user')) + (await countTextTokens(CLAUDE, 'Hello, world'))
    )

    claude.answer = () => ({
      status: 400,
      json: { type: 'error', error: { type: 'invalid_request_error', message: 'messages.0.content: bad block' } },
    })
    const refused = await anthropic.messages
      .countTokens({ model: CLAUDE, messages: [{ role: 'user', content: 'Hello' }] })
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(Anthropic.BadRequestError)
    expect((refused as InstanceType<typeof Anthropic.BadRequestError>).error).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error' },
    })
    expect((refused as Error).message).toContain('messages.0.content: bad block')
  })

  it('routes like a request: 404 for a model no channel lists, 403 outside the token’s models, 401 without a key', async () => {
    const unknown = await anthropic.messages
      .countTokens({ model: 'claude-none', messages: [{ role: 'user', content: 'x' }] })
      .catch((error: unknown) => error)
    expect(unknown).toBeInstanceOf(Anthropic.NotFoundError)
    expect((unknown as InstanceType<typeof Anthropic.NotFoundError>).error).toMatchObject({
      type: 'error',
      error: { type: 'not_found_error' },
    })

    const limited = new Anthropic({
      apiKey: (await addToken(h, userId, { modelLimits: GPT })).key,
      baseURL: server.url,
      maxRetries: 0,
    })
    await expect(
      limited.messages.countTokens({ model: CLAUDE, messages: [{ role: 'user', content: 'x' }] })
    ).rejects.toBeInstanceOf(Anthropic.PermissionDeniedError)
    await expect(
      new Anthropic({ apiKey: 'sk-nope', baseURL: server.url, maxRetries: 0 }).messages.countTokens({
        model: CLAUDE,
        messages: [{ role: 'user', content: 'x' }],
      })
    ).rejects.toBeInstanceOf(Anthropic.AuthenticationError)
    expect(claude.seen).toHaveLength(0)
  })
})

describe('GET /v1/models', () => {
  it('lists in Anthropic’s shape for the Anthropic client, page by page', async () => {
    const first = await anthropic.models.list({ limit: 2 })
    expect(first.data).toEqual([
      { type: 'model', id: CLAUDE, display_name: CLAUDE, created_at: '2023-11-14T22:13:20Z' },
      { type: 'model', id: BEDROCK_CLAUDE, display_name: BEDROCK_CLAUDE, created_at: '2023-11-14T22:13:20Z' },
    ])
    expect(first).toMatchObject({ has_more: true, first_id: CLAUDE, last_id: BEDROCK_CLAUDE })
    const all: string[] = []
    for await (const model of anthropic.models.list({ limit: 2 })) all.push(model.id)
    expect(all).toEqual([CLAUDE, BEDROCK_CLAUDE, 'claude-alias', GPT])

    const before = await fetch(`${server.url}/v1/models?before_id=${GPT}&limit=2`, { headers: { 'x-api-key': apiKey } })
    expect(await before.json()).toMatchObject({
      data: [{ id: BEDROCK_CLAUDE }, { id: 'claude-alias' }],
      has_more: true,
      first_id: BEDROCK_CLAUDE,
      last_id: 'claude-alias',
    })
    const badLimit = await fetch(`${server.url}/v1/models?limit=0`, { headers: { 'x-api-key': apiKey } })
    expect(badLimit.status).toBe(400)
    expect(await badLimit.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } })
  })

  it('retrieves one model in Anthropic’s shape, 404 not_found_error for another', async () => {
    expect(await anthropic.models.retrieve(CLAUDE)).toEqual({
      type: 'model',
      id: CLAUDE,
      display_name: CLAUDE,
      created_at: '2023-11-14T22:13:20Z',
    })
    const missing = await anthropic.models.retrieve('claude-none').catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(Anthropic.NotFoundError)
    expect((missing as InstanceType<typeof Anthropic.NotFoundError>).error).toMatchObject({
      type: 'error',
      error: { type: 'not_found_error' },
    })
  })

  it('keeps OpenAI’s shape for OpenAI clients', async () => {
    const openai = new OpenAI({ apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 })
    const ids: string[] = []
    for await (const model of openai.models.list()) {
      expect(model).toMatchObject({ object: 'model', owned_by: 'gateway' })
      ids.push(model.id)
    }
    expect(ids).toEqual([CLAUDE, BEDROCK_CLAUDE, 'claude-alias', GPT])
    expect(await openai.models.retrieve(GPT)).toMatchObject({ id: GPT, object: 'model' })
    // anthropic-version alone marks a Claude client, whatever carries the key.
    const claudeShaped = await fetch(`${server.url}/v1/models`, {
      headers: { authorization: `Bearer ${apiKey}`, 'anthropic-version': '2023-06-01' },
    })
    expect(await claudeShaped.json()).toMatchObject({
      has_more: false,
      first_id: CLAUDE,
      last_id: GPT,
      data: { length: 4, 0: { type: 'model', id: CLAUDE } },
    })
  })
})
