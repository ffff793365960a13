import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, quotaOf, settle } from '../../test/relay-fixtures.ts'

/** The official openai client, pointed at the gateway with a token, against the mock upstream. */
let mock: MockUpstream
let h: Harness
let server: { url: string; close: () => Promise<void> }
let client: OpenAI
let userId: number

beforeAll(async () => {
  mock = await startMockUpstream()
  h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: 10_000_000 })
  userId = user.id
  await addChannel(h, { baseUrl: mock.url, models: 'gpt-4o-mini,gpt-3.5-turbo-instruct,text-embedding-3-small' })
  const { key } = await addToken(h, user.id)
  server = await listen(h)
  client = new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0 })
})
afterAll(async () => {
  await server.close()
  await h.close()
  await mock.stop()
})

describe('official openai client', () => {
  it('completes a chat', async () => {
    const completion = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hello there' }],
    })
    expect(completion.choices[0]?.message.content).toBeTruthy()
    expect(completion.choices[0]?.finish_reason).toBe('stop')
    expect(completion.usage?.total_tokens).toBeGreaterThan(0)
  })

  it('streams a chat, with and without the usage chunk', async () => {
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Count' }],
      stream: true,
    })
    let text = ''
    let sawUsage = false
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? ''
      if (chunk.usage) sawUsage = true
    }
    expect(text.length).toBeGreaterThan(0)
    // The gateway asked upstream for usage; a client that did not ask never sees it.
    expect(sawUsage).toBe(false)
    expect(
      (mock.requests.at(-1)?.body as { stream_options?: { include_usage?: boolean } } | undefined)?.stream_options
        ?.include_usage
    ).toBe(true)

    const withUsage = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Count' }],
      stream: true,
      stream_options: { include_usage: true },
    })
    let usage: OpenAI.CompletionUsage | undefined
    for await (const chunk of withUsage) if (chunk.usage) usage = chunk.usage
    expect(usage?.completion_tokens).toBeGreaterThan(0)
  })

  it('completes a chat with tools (plain and streamed)', async () => {
    const tools: OpenAI.ChatCompletionTool[] = [
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Weather in a city',
          parameters: { type: 'object', properties: { city: { type: 'string' } } },
        },
      },
    ]
    const completion = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'What is the weather in Paris?' }],
      tools,
    })
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls')
    const call = completion.choices[0]?.message.tool_calls?.[0]
    expect(call?.type === 'function' && call.function.name).toBeTruthy()

    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'What is the weather in Paris?' }],
      tools,
      stream: true,
    })
    let finish: string | null | undefined
    let args = ''
    for await (const chunk of stream) {
      finish = chunk.choices[0]?.finish_reason ?? finish
      args += chunk.choices[0]?.delta.tool_calls?.[0]?.function?.arguments ?? ''
    }
    expect(finish).toBe('tool_calls')
    expect(() => JSON.parse(args)).not.toThrow()
  })

  it('completes a legacy completion and an embedding', async () => {
    const completion = await client.completions.create({ model: 'gpt-3.5-turbo-instruct', prompt: 'Once upon a time' })
    expect(completion.choices[0]?.text).toBeTruthy()
    const embedding = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['hello', 'world'] })
    expect(embedding.data).toHaveLength(2)
    expect(embedding.data[0]?.embedding.length).toBeGreaterThan(0)
  })

  it('lists and retrieves the models the token may use', async () => {
    const ids: string[] = []
    for await (const model of client.models.list()) ids.push(model.id)
    expect(ids).toEqual(['gpt-3.5-turbo-instruct', 'gpt-4o-mini', 'text-embedding-3-small'])
    expect((await client.models.retrieve('gpt-4o-mini')).id).toBe('gpt-4o-mini')
    await expect(client.models.retrieve('no-such-model')).rejects.toMatchObject({ status: 404 })
  })

  it('raises typed errors with the status', async () => {
    const bad = new OpenAI({ apiKey: 'sk-not-a-real-key', baseURL: `${server.url}/v1`, maxRetries: 0 })
    await expect(
      bad.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] })
    ).rejects.toBeInstanceOf(OpenAI.AuthenticationError)
    await expect(
      client.chat.completions.create({ model: 'unknown-model', messages: [{ role: 'user', content: 'x' }] })
    ).rejects.toMatchObject({ status: 404, code: 'model_not_found' })
  })

  it('billed every successful call', async () => {
    await settle(h)
    const logs = await consumeLogs(h)
    const total = logs.reduce((sum, log) => sum + Number(log.quota), 0)
    // chat, two streams, two tool calls, a completion and an embedding
    expect(logs.length).toBe(7)
    expect(await quotaOf(h, userId)).toBe(10_000_000 - total)
  })
})
