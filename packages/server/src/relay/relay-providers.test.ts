import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'

/** Upstream kinds whose URLs, headers or bodies differ from OpenAI's: Azure, effort suffixes. */
let h: Harness
let scripted: ScriptedUpstream
let mock: MockUpstream
let server: { url: string; close: () => Promise<void> }
let client: OpenAI

const completion = {
  id: 'chatcmpl-az',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-35-turbo',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Hi from Azure' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 },
}

beforeAll(async () => {
  scripted = await startScriptedUpstream()
  scripted.answer = () => ({ json: completion })
  mock = await startMockUpstream()
  h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: 10_000_000 })
  await addChannel(h, {
    name: 'azure',
    type: 3,
    baseUrl: `${scripted.url}/`,
    models: 'gpt-3.5-turbo',
    key: 'azure-key-canary',
  })
  await addChannel(h, {
    name: 'azure-versioned',
    type: 3,
    baseUrl: scripted.url,
    models: 'gpt-4.1',
    key: 'azure-key-2',
    other: '2025-04-01-preview',
  })
  await addChannel(h, { name: 'openai', type: 1, baseUrl: mock.url, models: 'o3-mini,o3-mini-high,gpt-4o-mini' })
  await addChannel(h, {
    name: 'deepseek',
    type: 43,
    baseUrl: scripted.url,
    models: 'deepseek-reasoner',
    setting: { thinking_to_content: true },
  })
  await addChannel(h, {
    name: 'cohere',
    type: 34,
    baseUrl: scripted.url,
    models: 'command-a-03-2025,rerank-v3.5',
    key: 'cohere-key',
  })
  await addChannel(h, {
    name: 'cloudflare',
    type: 39,
    baseUrl: scripted.url,
    models: '@cf/meta/llama-3.1-8b-instruct',
    key: 'cf-token',
    other: 'acct-123',
  })
  await h.services.options.set(
    'ModelRatio',
    JSON.stringify({
      'gpt-3.5-turbo': 0.25,
      'gpt-4.1': 1,
      'o3-mini': 0.55,
      'o3-mini-high': 0.55,
      'gpt-4o-mini': 0.075,
      'deepseek-reasoner': 0.275,
      'command-a-03-2025': 1.25,
      'rerank-v3.5': 1,
      '@cf/meta/llama-3.1-8b-instruct': 0.1,
    })
  )
  const { key } = await addToken(h, user.id)
  server = await listen(h)
  client = new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0 })
})
afterAll(async () => {
  await server.close()
  await h.close()
  await scripted.stop()
  await mock.stop()
})
beforeEach(() => {
  scripted.seen.length = 0
  scripted.answer = () => ({ json: completion })
})

describe('Azure OpenAI channels', () => {
  it('call the deployment named after the model without dots, with the api-key header and the default API version', async () => {
    const answer = await client.chat.completions.create({
      model: 'gpt-3.5-turbo',
      messages: [{ role: 'user', content: 'Hi' }],
    })
    expect(answer.choices[0]?.message.content).toBe('Hi from Azure')
    const seen = scripted.seen[0]
    expect(seen?.path).toBe('/openai/deployments/gpt-35-turbo/chat/completions?api-version=2024-12-01-preview')
    expect(seen?.headers['api-key']).toBe('azure-key-canary')
    expect(seen?.headers.authorization).toBeUndefined()
  })

  it("use the channel's API version when it names one", async () => {
    await client.chat.completions.create({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'Hi' }] })
    expect(scripted.seen[0]?.path).toBe('/openai/deployments/gpt-41/chat/completions?api-version=2025-04-01-preview')
  })
})

describe('reasoning effort from the model name', () => {
  it('o3-mini-high asks o3-mini with reasoning_effort high and logs it', async () => {
    await client.chat.completions.create({ model: 'o3-mini-high', messages: [{ role: 'user', content: 'Think' }] })
    expect(mock.requests.at(-1)?.body).toMatchObject({ model: 'o3-mini', reasoning_effort: 'high' })
    await settle(h)
    const log = (await consumeLogs(h)).at(-1)
    expect(log?.model_name).toBe('o3-mini-high')
    expect(JSON.parse(log?.other ?? '{}')).toMatchObject({ reasoning_effort: 'high', upstream_model_name: 'o3-mini' })
  })

  it('leaves an effort the client set, and names without a suffix, alone', async () => {
    await client.chat.completions.create({
      model: 'o3-mini-high',
      reasoning_effort: 'low',
      messages: [{ role: 'user', content: 'Think' }],
    })
    expect(mock.requests.at(-1)?.body).toMatchObject({ model: 'o3-mini-high', reasoning_effort: 'low' })
    await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] })
    expect((mock.requests.at(-1)?.body as Record<string, unknown> | undefined)?.reasoning_effort).toBeUndefined()
  })
})

describe('thinking_to_content', () => {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'deepseek-reasoner', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
  const usageChunk = `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'deepseek-reasoner', choices: [], usage: { prompt_tokens: 7, completion_tokens: 11, total_tokens: 18 } })}\n\n`

  it('streams reasoning as <think> content, hides the usage chunk it asked for, and bills it', async () => {
    scripted.answer = () => ({
      sse:
        chunk({ role: 'assistant', reasoning_content: 'Let me ' }) +
        chunk({ reasoning_content: 'think.' }) +
        chunk({ content: 'Answer' }) +
        chunk({}, 'stop') +
        usageChunk +
        'data: [DONE]\n\n',
    })
    const stream = await client.chat.completions.create({
      model: 'deepseek-reasoner',
      messages: [{ role: 'user', content: 'Q' }],
      stream: true,
    })
    let text = ''
    let sawUsage = false
    for await (const part of stream) {
      text += part.choices[0]?.delta.content ?? ''
      expect((part.choices[0]?.delta as { reasoning_content?: string } | undefined)?.reasoning_content).toBeUndefined()
      if (part.usage) sawUsage = true
    }
    expect(text).toBe('<think>Let me think.</think>Answer')
    expect(sawUsage).toBe(false)
    expect(scripted.seen[0]?.body).toMatchObject({ stream_options: { include_usage: true } })
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({
      model_name: 'deepseek-reasoner',
      prompt_tokens: 7,
      completion_tokens: 11,
    })
  })

  it('puts the reasoning of a JSON answer before its content', async () => {
    scripted.answer = () => ({
      json: {
        ...completion,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: '42', reasoning_content: 'Compute.' },
            finish_reason: 'stop',
          },
        ],
      },
    })
    const answer = await client.chat.completions.create({
      model: 'deepseek-reasoner',
      messages: [{ role: 'user', content: 'Q' }],
    })
    expect(answer.choices[0]?.message.content).toBe('<think>Compute.</think>42')
  })
})

describe('Cohere and Cloudflare channels', () => {
  it('Cohere: chat through its compatibility API, rerank through /v2/rerank, with the key as bearer', async () => {
    const answer = await client.chat.completions.create({
      model: 'command-a-03-2025',
      messages: [{ role: 'user', content: 'Hi' }],
    })
    expect(answer.choices[0]?.message.content).toBe('Hi from Azure')
    expect(scripted.seen[0]?.path).toBe('/compatibility/v1/chat/completions')
    expect(scripted.seen[0]?.headers.authorization).toBe('Bearer cohere-key')
    scripted.answer = () => ({
      json: { id: 'r1', results: [{ index: 2, relevance_score: 0.98 }], meta: { billed_units: { search_units: 1 } } },
    })
    const rerank = await fetch(`${client.baseURL}/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'rerank-v3.5',
        query: 'capital of the US',
        documents: ['Carson City', 'Saipan', 'Washington, D.C.'],
        top_n: 1,
      }),
    })
    expect(((await rerank.json()) as { results: { index: number }[] }).results[0]?.index).toBe(2)
    expect(scripted.seen[1]?.path).toBe('/v2/rerank')
  })

  it('Cloudflare: the account from the channel in the Workers AI path', async () => {
    await client.chat.completions.create({
      model: '@cf/meta/llama-3.1-8b-instruct',
      messages: [{ role: 'user', content: 'Hi' }],
    })
    expect(scripted.seen[0]?.path).toBe('/client/v4/accounts/acct-123/ai/v1/chat/completions')
    expect(scripted.seen[0]?.headers.authorization).toBe('Bearer cf-token')
  })
})
