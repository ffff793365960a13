import { ApiError, GoogleGenAI, Type, type Content, type GenerateContentResponse } from '@google/genai'
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
 * Google's @google/genai client on the gateway's Gemini-native routes (/v1beta), against a Gemini
 * channel (passed through), an OpenAI channel (converted) and an Anthropic channel: generateContent,
 * streams, function calling, response schemas, embeddings, token counts, errors, aborts.
 */
let m: ClientMatrix

beforeAll(async () => {
  m = await startClientMatrix()
})
afterAll(async () => {
  await m.close()
})

const genai = (apiKey = m.key) =>
  new GoogleGenAI({ apiKey, httpOptions: { baseUrl: m.url, retryOptions: { attempts: 1 } } })

const ask: Content = { role: 'user', parts: [{ text: 'What is the weather in Paris?' }] }
/** The same tool in Gemini's own schema dialect (OpenAPI with upper-case types). */
const weatherUpperCase = {
  name: 'get_weather',
  description: 'Weather in a city',
  parameters: { type: Type.OBJECT, properties: { city: { type: Type.STRING } }, required: ['city'] },
}
const weatherJsonSchema = {
  name: 'get_weather',
  description: 'Weather in a city',
  parametersJsonSchema: WEATHER_PARAMETERS,
}

describe.each(CHANNELS)('@google/genai on the $protocol channel', (channel) => {
  const { model } = channel
  it('generateContent answers with the fake usage, logged exactly', async () => {
    const since = await m.logCount()
    const response = await genai().models.generateContent({ model, contents: 'Hello' })
    expect(response.text).toBe(channel.text)
    expect(response.candidates?.[0]?.finishReason).toBe('STOP')
    expect(response.usageMetadata).toMatchObject({
      promptTokenCount: channel.prompt,
      candidatesTokenCount: channel.completion,
      totalTokenCount: channel.prompt + channel.completion,
    })
    const logs = await m.logsSince(since)
    expect(logs.map((l) => [l.model_name, l.prompt_tokens, l.completion_tokens])).toEqual([
      [model, channel.prompt, channel.completion],
    ])
  })

  it('generateContentStream streams the answer; the last chunk has the usage', async () => {
    const since = await m.logCount()
    let text = ''
    let last: GenerateContentResponse | undefined
    for await (const chunk of await genai().models.generateContentStream({ model, contents: 'Hello' })) {
      text += chunk.text ?? ''
      last = chunk
    }
    expect(text).toBe(channel.text)
    expect(last?.usageMetadata).toMatchObject({
      promptTokenCount: channel.prompt,
      candidatesTokenCount: channel.completion,
    })
    const logs = await m.logsSince(since)
    expect(logs.map((l) => [l.prompt_tokens, l.completion_tokens, Boolean(l.is_stream)])).toEqual([
      [channel.prompt, channel.completion, true],
    ])
  })

  it('function calling round trip with Gemini’s upper-case schema types', async () => {
    const tools = [{ functionDeclarations: [weatherUpperCase] }]
    const first = await genai().models.generateContent({ model, contents: [ask], config: { tools } })
    expect(first.functionCalls?.map((c) => [c.name, c.args])).toEqual([['get_weather', WEATHER_ARGS]])
    const second = await genai().models.generateContent({
      model,
      config: { tools },
      contents: [
        ask,
        first.candidates?.[0]?.content as Content,
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { result: WEATHER_RESULT } } }] },
      ],
    })
    expect(second.text).toBe(
      channel.toolAnswer(channel.protocol === 'gemini' ? WEATHER_RESULT : JSON.stringify({ result: WEATHER_RESULT }))
    )
  })

  it('function calling round trip with parametersJsonSchema, streamed', async () => {
    const tools = [{ functionDeclarations: [weatherJsonSchema] }]
    const calls: Array<[string | undefined, unknown]> = []
    let modelTurn: Content | undefined
    for await (const chunk of await genai().models.generateContentStream({
      model,
      contents: [ask],
      config: { tools },
    })) {
      for (const c of chunk.functionCalls ?? []) calls.push([c.name, c.args])
      modelTurn ??= chunk.candidates?.[0]?.content
    }
    expect(calls).toEqual([['get_weather', WEATHER_ARGS]])
    const sentTools = {
      openai: { tools: [{ function: { name: 'get_weather', parameters: WEATHER_PARAMETERS } }] },
      anthropic: { tools: [{ name: 'get_weather', input_schema: WEATHER_PARAMETERS }] },
      gemini: { tools: [{ functionDeclarations: [weatherJsonSchema] }] },
    }
    expect(m.lastSent(channel.protocol)?.body).toMatchObject(sentTools[channel.protocol])
    let text = ''
    const history = [
      ask,
      modelTurn as Content,
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { result: WEATHER_RESULT } } }] },
    ]
    for await (const chunk of await genai().models.generateContentStream({
      model,
      contents: history,
      config: { tools },
    }))
      text += chunk.text ?? ''
    expect(text).toBe(
      channel.toolAnswer(channel.protocol === 'gemini' ? WEATHER_RESULT : JSON.stringify({ result: WEATHER_RESULT }))
    )
  })

  it('responseSchema: the answer is JSON of that schema', async () => {
    const response = await genai().models.generateContent({
      model,
      contents: 'Weather in Paris as JSON',
      config: {
        responseMimeType: 'application/json',
        responseSchema: {
          type: Type.OBJECT,
          properties: { city: { type: Type.STRING }, temperature: { type: Type.NUMBER } },
          required: ['city', 'temperature'],
        },
      },
    })
    expect(JSON.parse(response.text ?? 'null')).toEqual(CITY_VALUE)
  })

  it('responseJsonSchema: the answer is JSON of that schema', async () => {
    const response = await genai().models.generateContent({
      model,
      contents: 'Weather in Paris as JSON',
      config: { responseMimeType: 'application/json', responseJsonSchema: CITY_SCHEMA },
    })
    expect(JSON.parse(response.text ?? 'null')).toEqual(CITY_VALUE)
  })

  it('a bad gateway key fails with the client’s ApiError', async () => {
    const error = await genai('sk-not-a-gateway-key')
      .models.generateContent({ model, contents: 'Hello' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(401)
  })

  it('an abort mid-stream lets the upstream go, logs the partial answer and settles the hold', async () => {
    const since = await m.logCount()
    const controller = new AbortController()
    let text = ''
    const reading = (async () => {
      for await (const chunk of await genai().models.generateContentStream({
        model,
        contents: HANG,
        config: { abortSignal: controller.signal },
      })) {
        text += chunk.text ?? ''
        controller.abort()
      }
    })()
    await reading.catch((error: unknown) => expect(String((error as Error).message)).toMatch(/abort/i))
    expect(text).toBe(channel.text.split(' ')[0] + ' ')
    await expect.poll(() => m.upstreams[channel.protocol].openHangingStreams()).toBe(0)
    const logs = await m.logsSince(since)
    expect(logs).toHaveLength(1)
    expect(logs[0]?.completion_tokens).toBeGreaterThan(0)
    await m.expectLedgerBalanced()
  })
})

describe('@google/genai, Gemini-native endpoints beyond generateContent', () => {
  it('embedContent on the Gemini channel', async () => {
    const result = await genai().models.embedContent({ model: 'gemini-embedding-fake', contents: ['hello', 'world'] })
    expect(result.embeddings?.map((e) => e.values)).toEqual([
      [0.25, -0.5, 0.75],
      [0.25, -0.5, 0.75],
    ])
  })

  it('countTokens on the Gemini channel', async () => {
    const result = await genai().models.countTokens({ model: 'gemini-fake', contents: 'Hello' })
    expect(result.totalTokens).toBe(17)
  })

  it('models.get describes a model the token may use', async () => {
    const model = await genai().models.get({ model: 'gemini-fake' })
    expect(model.name).toBe('models/gemini-fake')
  })

  it('answers an unknown model with 404 NOT_FOUND', async () => {
    const error = await genai()
      .models.generateContent({ model: 'no-such-model', contents: 'Hello' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(404)
  })

  it('kept the ledger: the user paid exactly the logged answers', async () => {
    await m.expectLedgerBalanced()
  })
})
