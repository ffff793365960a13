import { readFileSync } from 'node:fs'
import type { IncomingHttpHeaders } from 'node:http'
import { join } from 'node:path'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, quotaOf, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedAnswer, type ScriptedUpstream } from '../../test/scripted-upstream.ts'
import { signTc3 } from '../providers/tencent/tc3-signature.ts'

/**
 * Issue 7: Tencent Hunyuan channels (type 23). The official openai client talks to the gateway;
 * the fake Tencent endpoint checks the TC3-HMAC-SHA256 signature the way Tencent does (recomputed
 * from the secret, the Host, the timestamp header and the body) and answers recorded fixtures:
 * JSON, SSE, errors inside HTTP 200 answers, a malformed line and a cut stream.
 */
const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../providers/tencent/__fixtures__', name), 'utf8')
const MODEL = 'hunyuan-lite'
const TOOLS_MODEL = 'hunyuan-functioncall'
const SECRET_ID = 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE'
const SECRET_KEY = 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLEsecret'

let h: Harness
let tencent: ScriptedUpstream
let server: { url: string; close: () => Promise<void> }
let openai: OpenAI
let apiKey: string
let userId: number

/** What Tencent's gateway checks: the signature over what it received, with the caller's timestamp. */
function verifySignature(headers: IncomingHttpHeaders, body: Record<string, unknown>): boolean {
  const timestamp = Number(headers['x-tc-timestamp'])
  const expected = signTc3(
    {
      host: String(headers.host),
      path: '/',
      query: '',
      contentType: String(headers['content-type']),
      body: JSON.stringify(body),
      service: 'hunyuan',
      timestamp,
    },
    { secretId: SECRET_ID, secretKey: SECRET_KEY }
  )
  return headers.authorization === expected.authorization && Math.abs(timestamp - Date.now() / 1000) < 300
}

const authFailure = { json: JSON.parse(fixture('hunyuan-auth-error.json')) as unknown }

beforeAll(async () => {
  tencent = await startScriptedUpstream()
  h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: 50_000_000 })
  userId = user.id
  await addChannel(h, {
    name: 'hunyuan',
    type: 23,
    baseUrl: tencent.url,
    models: `${MODEL},${TOOLS_MODEL}`,
    key: `1300000000|${SECRET_ID}|${SECRET_KEY}`,
    autoBan: false,
  })
  await h.services.options.set('ModelRatio', JSON.stringify({ [MODEL]: 1, [TOOLS_MODEL]: 2 }))
  apiKey = (await addToken(h, user.id)).key
  server = await listen(h)
  openai = new OpenAI({ apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 })
})
afterAll(async () => {
  await server.close()
  await h.close()
  await tencent.stop()
})
beforeEach(() => {
  tencent.seen.length = 0
})

/** The scripted answer, but only for a correctly signed ChatCompletions call. */
function answerSigned(answer: ScriptedAnswer) {
  tencent.answer = (_path, body) => {
    const seen = tencent.seen.at(-1)
    return seen && verifySignature(seen.headers, body) ? answer : authFailure
  }
}

const rawStream = (body: Record<string, unknown>) =>
  fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: '你好' }], stream: true, ...body }),
  })

describe('Tencent Hunyuan channels', () => {
  it('sign ChatCompletions with TC3 and convert the JSON answer, billed from its usage', async () => {
    answerSigned({ json: JSON.parse(fixture('hunyuan-text.json')) })
    const answer = await openai.chat.completions.create({
      model: MODEL,
      messages: [
        { role: 'system', content: '简洁回答' },
        { role: 'user', content: '你好' },
      ],
      temperature: 0.3,
    })
    const seen = tencent.seen[0]
    expect(seen?.path).toBe('/')
    expect(seen?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-tc-action': 'ChatCompletions',
      'x-tc-version': '2023-09-01',
    })
    expect(seen?.headers['x-tc-timestamp']).toMatch(/^\d{10}$/)
    expect(seen?.headers.authorization).toMatch(
      new RegExp(
        `^TC3-HMAC-SHA256 Credential=${SECRET_ID}/\\d{4}-\\d{2}-\\d{2}/hunyuan/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$`
      )
    )
    expect(seen?.headers['x-tc-region']).toBeUndefined()
    expect(JSON.stringify(seen?.headers)).not.toContain(SECRET_KEY)
    expect(seen?.body).toEqual({
      Model: MODEL,
      Messages: [
        { Role: 'system', Content: '简洁回答' },
        { Role: 'user', Content: '你好' },
      ],
      Stream: false,
      Temperature: 0.3,
    })

    expect(answer.model).toBe(MODEL)
    expect(answer.choices[0]?.message.content).toBe('你好！我是腾讯混元大模型，很高兴为你服务。')
    expect(answer.choices[0]?.finish_reason).toBe('stop')
    expect(answer.usage).toMatchObject({ prompt_tokens: 4, completion_tokens: 13, total_tokens: 17 })
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ model_name: MODEL, prompt_tokens: 4, completion_tokens: 13 })
  })

  it('send tools as Hunyuan tools and answer tool calls', async () => {
    answerSigned({ json: JSON.parse(fixture('hunyuan-tool-calls.json')) })
    const answer = await openai.chat.completions.create({
      model: TOOLS_MODEL,
      messages: [{ role: 'user', content: '北京天气？' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_current_weather',
            parameters: { type: 'object', properties: { location: { type: 'string' } } },
          },
        },
      ],
      tool_choice: 'auto',
    })
    expect(tencent.seen[0]?.body).toMatchObject({
      Model: TOOLS_MODEL,
      ToolChoice: 'auto',
      Tools: [
        {
          Type: 'function',
          Function: {
            Name: 'get_current_weather',
            Parameters: '{"type":"object","properties":{"location":{"type":"string"}}}',
          },
        },
      ],
    })
    expect(answer.choices[0]?.finish_reason).toBe('tool_calls')
    const call = answer.choices[0]?.message.tool_calls?.[0]
    expect(
      call?.type === 'function' ? [call.id, call.function.name, JSON.parse(call.function.arguments)] : undefined
    ).toEqual(['call_cp2ms0ec8cpo3dfrqqp0', 'get_current_weather', { location: '北京' }])
  })

  it('stream converted chunks with the usage chunk the client asked for, billed from the last usage', async () => {
    answerSigned({ sse: fixture('hunyuan-text.chunks.txt') })
    const stream = await openai.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: '你好' }],
      stream: true,
      stream_options: { include_usage: true },
    })
    let text = ''
    let finish: string | null | undefined
    let usage: OpenAI.CompletionUsage | undefined
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? ''
      finish = chunk.choices[0]?.finish_reason ?? finish
      if (chunk.usage) usage = chunk.usage
    }
    expect(tencent.seen[0]?.body.Stream).toBe(true)
    expect(text).toBe('你好！有什么可以帮你？')
    expect(finish).toBe('stop')
    expect(usage).toMatchObject({ prompt_tokens: 4, completion_tokens: 7 })
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ model_name: MODEL, prompt_tokens: 4, completion_tokens: 7 })
  })

  it('stream tool calls that the SDK puts back together', async () => {
    answerSigned({ sse: fixture('hunyuan-tool-calls.chunks.txt') })
    const final = await openai.chat.completions
      .stream({
        model: TOOLS_MODEL,
        messages: [{ role: 'user', content: '北京天气？' }],
        tools: [{ type: 'function', function: { name: 'get_current_weather', parameters: { type: 'object' } } }],
      })
      .finalChatCompletion()
    expect(final.choices[0]?.finish_reason).toBe('tool_calls')
    const call = final.choices[0]?.message.tool_calls?.[0]
    expect(call?.type === 'function' ? [call.function.name, call.function.arguments] : undefined).toEqual([
      'get_current_weather',
      '{"location": "北京"}',
    ])
  })

  it('map an error in an HTTP 200 answer to the OpenAI error of its status, refund, and leak no key', async () => {
    // The previous stream's settlement must land first, or it would look like a missing refund.
    await settle(h)
    const before = await quotaOf(h, userId)
    // A wrong signature: the fake Tencent answers AuthFailure.SignatureFailure with HTTP 200.
    tencent.answer = () => authFailure
    const error = await openai.chat.completions
      .create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OpenAI.APIError)
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(401)
    expect((error as Error).message).toContain('could not be validated')
    expect((error as Error).message).not.toContain(SECRET_KEY)

    tencent.answer = () => ({
      json: {
        Response: {
          Error: { Code: 'InvalidParameterValue.Model', Message: `model not found for SecretId ${SECRET_ID}` },
          RequestId: 'r-1',
        },
      },
    })
    const invalid = await openai.chat.completions
      .create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e)
    expect((invalid as InstanceType<typeof OpenAI.APIError>).status).toBe(400)
    expect((invalid as Error).message).toContain('model not found')
    expect((invalid as Error).message).not.toContain(SECRET_ID)

    tencent.answer = () => ({
      json: {
        Response: { Error: { Code: 'RequestLimitExceeded', Message: '请求的次数超过了频率限制。' }, RequestId: 'r-2' },
      },
    })
    const limited = await openai.chat.completions
      .create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true })
      .catch((e: unknown) => e)
    expect((limited as InstanceType<typeof OpenAI.APIError>).status).toBe(429)

    await settle(h)
    expect(await quotaOf(h, userId)).toBe(before)
  })

  it('end a stream with an OpenAI error frame when Hunyuan reports a failure inside it, billing what came', async () => {
    answerSigned({ sse: fixture('hunyuan-error.chunks.txt') })
    const logsBefore = (await consumeLogs(h)).length
    const body = await (await rawStream({})).text()
    expect(body).toContain('"content":"你好"')
    expect(body).toContain('请求模型超时')
    expect(body).not.toContain('"finish_reason":"stop"')
    await settle(h)
    const logs = await consumeLogs(h)
    expect(logs.length).toBe(logsBefore + 1)
    expect(logs.at(-1)?.prompt_tokens).toBe(4)
  })

  it('skip a malformed line and still bill the usage that follows', async () => {
    const lines = fixture('hunyuan-text.chunks.txt').split('\n\n')
    answerSigned({ sse: [lines[0], 'data: {"Choices": [{"Delta": oops', ...lines.slice(1)].join('\n\n') })
    const body = await (await rawStream({ stream_options: { include_usage: true } })).text()
    const text = body
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: {'))
      .map(
        (frame) =>
          (JSON.parse(frame.slice(6)) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? ''
      )
      .join('')
    expect(text).toBe('你好！有什么可以帮你？')
    expect(body).toContain('"completion_tokens":7')
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({ prompt_tokens: 4, completion_tokens: 7 })
  })

  it('end a stream cut mid-way with an error event and bill what was produced', async () => {
    const sse = fixture('hunyuan-text.chunks.txt')
    answerSigned({ sse, cutAfterBytes: sse.indexOf('可以帮你') })
    const logsBefore = (await consumeLogs(h)).length
    const body = await (await rawStream({})).text()
    expect(body).toContain('"content":"你好"')
    expect(body).toContain('"error"')
    expect(body).not.toContain('可以帮你')
    await settle(h)
    const logs = await consumeLogs(h)
    expect(logs.length).toBe(logsBefore + 1)
    expect(logs.at(-1)).toMatchObject({ prompt_tokens: 4, completion_tokens: 3 })
  })
})
