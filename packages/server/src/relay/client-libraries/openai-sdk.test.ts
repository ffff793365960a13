import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CHANNELS,
  CITY_SCHEMA,
  CITY_VALUE,
  HANG,
  startClientMatrix,
  WEATHER_ARGS,
  WEATHER_PARAMETERS,
  WEATHER_RESULT,
  type ClientMatrix,
} from '../../../test/client-matrix.ts'

/**
 * The official openai client (chat completions and the Responses API) through the gateway to an
 * OpenAI, an Anthropic and a Gemini channel, each a strict fake: the answer, the usage the client
 * sees, tool round trips, structured output, embeddings, errors, aborts and the log rows.
 */
let m: ClientMatrix
let client: OpenAI

beforeAll(async () => {
  m = await startClientMatrix()
  client = new OpenAI({ apiKey: m.key, baseURL: `${m.url}/v1`, maxRetries: 0 })
})
afterAll(async () => {
  await m.close()
})

const tools: OpenAI.ChatCompletionTool[] = [
  {
    type: 'function',
    function: { name: 'get_weather', description: 'Weather in a city', parameters: WEATHER_PARAMETERS },
  },
]
const ask: OpenAI.ChatCompletionMessageParam = { role: 'user', content: 'What is the weather in Paris?' }

describe.each(CHANNELS)('openai chat completions on the $protocol channel', (channel) => {
  const { model } = channel

  it('completes a chat with the fake usage, and logs exactly those tokens', async () => {
    const since = await m.logCount()
    const completion = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'Hello' }] })
    expect(completion.choices[0]?.message.content).toBe(channel.text)
    expect(completion.choices[0]?.finish_reason).toBe('stop')
    expect(completion.usage).toMatchObject({
      prompt_tokens: channel.prompt,
      completion_tokens: channel.completion,
      total_tokens: channel.prompt + channel.completion,
    })
    const logs = await m.logsSince(since)
    expect(logs.map((l) => [l.model_name, l.prompt_tokens, l.completion_tokens])).toEqual([
      [model, channel.prompt, channel.completion],
    ])
  })

  it('streams a chat with the usage chunk the client asked for', async () => {
    const since = await m.logCount()
    const stream = await client.chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'Hello' }],
      stream: true,
      stream_options: { include_usage: true },
    })
    let text = ''
    let usage: OpenAI.CompletionUsage | undefined
    let finish: string | null | undefined
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? ''
      finish = chunk.choices[0]?.finish_reason ?? finish
      if (chunk.usage) usage = chunk.usage
    }
    expect(text).toBe(channel.text)
    expect(finish).toBe('stop')
    expect(usage).toMatchObject({ prompt_tokens: channel.prompt, completion_tokens: channel.completion })
    const logs = await m.logsSince(since)
    expect(logs.map((l) => [l.prompt_tokens, l.completion_tokens, Boolean(l.is_stream)])).toEqual([
      [channel.prompt, channel.completion, true],
    ])
  })

  it('runs a tool round trip: call, result, answer', async () => {
    const since = await m.logCount()
    const first = await client.chat.completions.create({ model, messages: [ask], tools })
    expect(first.choices[0]?.finish_reason).toBe('tool_calls')
    const call = first.choices[0]?.message.tool_calls?.[0]
    if (call?.type !== 'function')
      throw new Error(`expected a function call, got ${JSON.stringify(first.choices[0]?.message)}`)
    expect(call.function.name).toBe('get_weather')
    expect(JSON.parse(call.function.arguments)).toEqual(WEATHER_ARGS)
    const second = await client.chat.completions.create({
      model,
      tools,
      messages: [
        ask,
        first.choices[0]?.message as OpenAI.ChatCompletionMessageParam,
        { role: 'tool', tool_call_id: call.id, content: WEATHER_RESULT },
      ],
    })
    expect(second.choices[0]?.message.content).toBe(channel.toolAnswer(WEATHER_RESULT))
    expect(second.choices[0]?.finish_reason).toBe('stop')
    const logs = await m.logsSince(since)
    expect(logs.map((l) => [l.prompt_tokens, l.completion_tokens])).toEqual([
      [channel.prompt, channel.completion],
      [channel.prompt, channel.completion],
    ])
  })

  it('runs a streamed tool round trip', async () => {
    const stream = await client.chat.completions.create({ model, messages: [ask], tools, stream: true })
    let id = ''
    let name = ''
    let args = ''
    let finish: string | null | undefined
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta.tool_calls?.[0]
      id += delta?.id ?? ''
      name += delta?.function?.name ?? ''
      args += delta?.function?.arguments ?? ''
      finish = chunk.choices[0]?.finish_reason ?? finish
    }
    expect(finish).toBe('tool_calls')
    expect(name).toBe('get_weather')
    expect(JSON.parse(args)).toEqual(WEATHER_ARGS)
    expect(id).not.toBe('')
    const answer = await client.chat.completions.create({
      model,
      tools,
      stream: true,
      messages: [
        ask,
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id, type: 'function', function: { name, arguments: args } }],
        },
        { role: 'tool', tool_call_id: id, content: WEATHER_RESULT },
      ],
    })
    let text = ''
    for await (const chunk of answer) text += chunk.choices[0]?.delta.content ?? ''
    expect(text).toBe(channel.toolAnswer(WEATHER_RESULT))
  })

  it('answers structured output matching the JSON schema', async () => {
    const completion = await client.chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'Weather in Paris as JSON' }],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'city_weather', strict: true, schema: CITY_SCHEMA },
      },
    })
    expect(JSON.parse(completion.choices[0]?.message.content ?? 'null')).toEqual(CITY_VALUE)
  })

  it('answers a bad gateway key with the client’s AuthenticationError', async () => {
    const bad = new OpenAI({ apiKey: 'sk-not-a-gateway-key', baseURL: `${m.url}/v1`, maxRetries: 0 })
    const error = await bad.chat.completions
      .create({ model, messages: [{ role: 'user', content: 'Hello' }] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError)
    expect((error as InstanceType<typeof OpenAI.AuthenticationError>).status).toBe(401)
  })

  it('aborts mid-stream: the upstream is let go, the partial answer logged, the hold settled', async () => {
    const since = await m.logCount()
    const controller = new AbortController()
    const stream = await client.chat.completions.create(
      { model, messages: [{ role: 'user', content: HANG }], stream: true },
      { signal: controller.signal }
    )
    let text = ''
    const reading = (async () => {
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? ''
        if (text !== '') controller.abort()
      }
    })()
    // The client ends its iteration quietly when its own signal aborts it.
    await reading
    expect(controller.signal.aborted).toBe(true)
    expect(text).toBe(channel.text.split(' ')[0] + ' ')
    await expect.poll(() => m.upstreams[channel.protocol].openHangingStreams()).toBe(0)
    const logs = await m.logsSince(since)
    expect(logs).toHaveLength(1)
    expect(logs[0]?.model_name).toBe(model)
    expect(logs[0]?.completion_tokens).toBeGreaterThan(0)
    await m.expectLedgerBalanced()
  })
})

describe.each(CHANNELS.filter((c) => c.embeddingModel !== undefined))(
  'openai embeddings on the $protocol channel',
  (channel) => {
    it('embeds two inputs and logs one row', async () => {
      const since = await m.logCount()
      const result = await client.embeddings.create({
        model: channel.embeddingModel as string,
        input: ['hello', 'world'],
      })
      expect(result.data.map((d) => [d.index, d.embedding])).toEqual([
        [0, [0.25, -0.5, 0.75]],
        [1, [0.25, -0.5, 0.75]],
      ])
      const logs = await m.logsSince(since)
      expect(logs).toHaveLength(1)
      expect(logs[0]?.model_name).toBe(channel.embeddingModel)
      // OpenAI reports the tokens; Gemini reports none, so the gateway counts 'hello' and 'world' itself.
      if (channel.protocol === 'openai') expect([result.usage.prompt_tokens, logs[0]?.prompt_tokens]).toEqual([8, 8])
      else {
        expect(m.lastSent('gemini')).toMatchObject({
          path: '/v1beta/models/gemini-embedding-fake:batchEmbedContents',
          body: {
            requests: [
              { model: 'models/gemini-embedding-fake', content: { parts: [{ text: 'hello' }] } },
              { model: 'models/gemini-embedding-fake', content: { parts: [{ text: 'world' }] } },
            ],
          },
        })
        expect([result.usage.prompt_tokens, logs[0]?.prompt_tokens]).toEqual([2, 2])
      }
    })
  }
)

describe.each(CHANNELS)('openai Responses API on the $protocol channel', (channel) => {
  const { model } = channel

  it('answers a response with the fake usage and one log row', async () => {
    const since = await m.logCount()
    const response = await client.responses.create({ model, input: 'Hello' })
    expect(response.output_text).toBe(channel.text)
    expect(response.usage).toMatchObject({ input_tokens: channel.prompt, output_tokens: channel.completion })
    const logs = await m.logsSince(since)
    expect(logs.map((l) => [l.prompt_tokens, l.completion_tokens])).toEqual([[channel.prompt, channel.completion]])
  })

  it('streams a response', async () => {
    const stream = await client.responses.create({ model, input: 'Hello', stream: true })
    let text = ''
    let completed: OpenAI.Responses.Response | undefined
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') text += event.delta
      if (event.type === 'response.completed') completed = event.response
    }
    expect(text).toBe(channel.text)
    expect(completed?.usage).toMatchObject({ input_tokens: channel.prompt, output_tokens: channel.completion })
  })

  it('runs a function tool round trip with the whole input resent', async () => {
    const fnTools: OpenAI.Responses.Tool[] = [
      {
        type: 'function',
        name: 'get_weather',
        description: 'Weather in a city',
        parameters: WEATHER_PARAMETERS,
        strict: true,
      },
    ]
    const first = await client.responses.create({ model, input: 'What is the weather in Paris?', tools: fnTools })
    const call = first.output.find((item) => item.type === 'function_call')
    if (call?.type !== 'function_call') throw new Error(`expected a function call, got ${JSON.stringify(first.output)}`)
    expect([call.name, JSON.parse(call.arguments)]).toEqual(['get_weather', WEATHER_ARGS])
    const second = await client.responses.create({
      model,
      tools: fnTools,
      input: [
        { role: 'user', content: 'What is the weather in Paris?' },
        call,
        { type: 'function_call_output', call_id: call.call_id, output: WEATHER_RESULT },
      ],
    })
    expect(second.output_text).toBe(channel.toolAnswer(WEATHER_RESULT))
  })

  it('answers structured output (text.format json_schema)', async () => {
    const response = await client.responses.create({
      model,
      input: 'Weather in Paris as JSON',
      text: { format: { type: 'json_schema', name: 'city_weather', strict: true, schema: CITY_SCHEMA } },
    })
    expect(JSON.parse(response.output_text)).toEqual(CITY_VALUE)
  })
})

describe('openai client, gateway-level answers', () => {
  it('answers an unknown model with 404 model_not_found', async () => {
    const error = await client.chat.completions
      .create({ model: 'no-such-model', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OpenAI.NotFoundError)
    expect((error as InstanceType<typeof OpenAI.NotFoundError>).code).toBe('model_not_found')
  })

  it('kept the ledger: the user paid exactly the logged answers', async () => {
    await m.expectLedgerBalanced()
  })
})
