import { createHmac } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocketServer, type WebSocket } from 'ws'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, quotaOf, settle } from '../../test/relay-fixtures.ts'

/**
 * Issue 7: iFlytek Spark channels, whose chat runs over one WebSocket per request with a signed
 * URL. The fake Spark checks the signature the way its documentation describes, then answers in
 * frames (header.status 2 marks the last, with the usage).
 */
const APP_ID = 'app123'
const API_SECRET = 'secret-canary'
const API_KEY = 'key-canary'

type Script = (socket: WebSocket, request: Record<string, unknown>) => void
let script: Script
let seen: { path: string; request?: Record<string, unknown>; signatureValid?: boolean }[] = []
let spark: WebSocketServer
let h: Harness
let server: { url: string; close: () => Promise<void> }
let client: OpenAI
let userId: number

const frame = (status: number, content: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    header: { code: 0, message: 'Success', sid: 'cht000b920a@dx18f1', status },
    payload: { choices: { status, seq: 0, text: [{ content, role: 'assistant', index: 0 }] }, ...extra },
  })
const usage = { usage: { text: { question_tokens: 4, prompt_tokens: 5, completion_tokens: 9, total_tokens: 14 } } }

beforeAll(async () => {
  spark = new WebSocketServer({
    port: 0,
    host: '127.0.0.1',
    // Spark refuses a bad signature during the handshake (HTTP 401 with a JSON message).
    verifyClient: (info, done) => {
      const url = new URL(info.req.url ?? '/', `http://${info.req.headers.host}`)
      const authorization = Buffer.from(url.searchParams.get('authorization') ?? '', 'base64').toString()
      const date = url.searchParams.get('date') ?? ''
      const expected = createHmac('sha256', API_SECRET)
        .update(`host: ${url.searchParams.get('host')}\ndate: ${date}\nGET ${url.pathname} HTTP/1.1`)
        .digest('base64')
      const valid = authorization.includes(`api_key="${API_KEY}"`) && authorization.includes(`signature="${expected}"`)
      seen.push({ path: url.pathname, signatureValid: valid })
      if (valid) done(true)
      else done(false, 401, 'Unauthorized', { 'content-type': 'application/json' })
    },
  })
  spark.on('connection', (socket) => {
    socket.once('message', (data) => {
      const request = JSON.parse(data.toString()) as Record<string, unknown>
      const entry = seen.at(-1)
      if (entry) entry.request = request
      script(socket, request)
    })
  })
  await new Promise((resolve) => spark.once('listening', resolve))
  h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: 10_000_000 })
  userId = user.id
  const base = `ws://127.0.0.1:${(spark.address() as AddressInfo).port}`
  await addChannel(h, {
    name: 'spark',
    type: 18,
    baseUrl: base,
    models: 'spark-max',
    key: `${APP_ID}|${API_SECRET}|${API_KEY}`,
    other: 'v3.5',
  })
  await addChannel(h, {
    name: 'spark-bad-key',
    type: 18,
    baseUrl: base,
    models: 'spark-bad',
    key: `${APP_ID}|wrong-secret|${API_KEY}`,
    other: 'v3.5',
  })
  await h.services.options.set('ModelRatio', JSON.stringify({ 'spark-max': 1, 'spark-bad': 1 }))
  client = new OpenAI({
    apiKey: (await addToken(h, user.id)).key,
    baseURL: `${(server = await listen(h)).url}/v1`,
    maxRetries: 0,
  })
})
afterAll(async () => {
  await server.close()
  await h.close()
  await new Promise((resolve) => spark.close(resolve))
})

describe('iFlytek Spark channels', () => {
  it('sign the WebSocket URL, send the chat frame with the app id and domain, and assemble the answer', async () => {
    seen = []
    script = (socket) => {
      socket.send(frame(0, 'Hello'))
      socket.send(frame(1, ', world'))
      socket.send(frame(2, '!', usage))
    }
    const answer = await client.chat.completions.create({
      model: 'spark-max',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
      temperature: 0.5,
    })
    expect(seen[0]).toMatchObject({ path: '/v3.5/chat', signatureValid: true })
    expect(seen[0]?.request).toEqual({
      header: { app_id: APP_ID, uid: 'gateway' },
      parameter: { chat: { domain: 'generalv3.5', temperature: 0.5 } },
      payload: {
        message: {
          text: [
            { role: 'system', content: 'Be brief.' },
            { role: 'user', content: 'Hi' },
          ],
        },
      },
    })
    expect(answer.choices[0]?.message.content).toBe('Hello, world!')
    expect(answer.usage).toMatchObject({ prompt_tokens: 5, completion_tokens: 9 })
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({
      model_name: 'spark-max',
      prompt_tokens: 5,
      completion_tokens: 9,
    })
  })

  it('streams frames as chunks while they come', async () => {
    script = (socket) => {
      socket.send(frame(0, 'One'))
      setTimeout(() => socket.send(frame(1, ' two')), 20)
      setTimeout(() => socket.send(frame(2, ' three', usage)), 40)
    }
    const stream = await client.chat.completions.create({
      model: 'spark-max',
      messages: [{ role: 'user', content: 'Count' }],
      stream: true,
      stream_options: { include_usage: true },
    })
    let text = ''
    let billed: OpenAI.CompletionUsage | undefined
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? ''
      if (chunk.usage) billed = chunk.usage
    }
    expect(text).toBe('One two three')
    expect(billed).toMatchObject({ prompt_tokens: 5, completion_tokens: 9 })
  })

  it("maps Spark's error frame and a refused signature to OpenAI errors, refunding the reservation", async () => {
    await settle(h)
    const before = await quotaOf(h, userId)
    script = (socket) =>
      socket.send(
        JSON.stringify({ header: { code: 10013, message: 'input content audit failed', sid: 'x', status: 2 } })
      )
    const audit = await client.chat.completions
      .create({ model: 'spark-max', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e)
    expect((audit as InstanceType<typeof OpenAI.APIError>).status).toBe(400)
    expect((audit as Error).message).toContain('audit')
    const refused = await client.chat.completions
      .create({ model: 'spark-bad', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e)
    expect((refused as InstanceType<typeof OpenAI.APIError>).status).toBe(401)
    await settle(h)
    expect(await quotaOf(h, userId)).toBe(before)
  })

  it('a socket closed mid-answer ends the stream and bills what came', async () => {
    script = (socket) => {
      socket.send(frame(0, 'Partial'))
      setTimeout(() => socket.terminate(), 20)
    }
    await settle(h)
    const logsBefore = (await consumeLogs(h)).length
    const response = await fetch(`${client.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'spark-max', messages: [{ role: 'user', content: 'Hi' }], stream: true }),
    })
    const body = await response.text()
    expect(body).toContain('"content":"Partial"')
    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true)
    await settle(h)
    const logs = await consumeLogs(h)
    expect(logs.length).toBe(logsBefore + 1)
    expect(logs.at(-1)?.completion_tokens).toBeGreaterThan(0)
  })
})
