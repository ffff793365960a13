import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket, { WebSocketServer, type RawData } from 'ws'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, quotaOf, settle } from '../../test/relay-fixtures.ts'

/**
 * Issue 7: the realtime WebSocket, bridged byte for byte to the upstream with the channel's key,
 * each response.done billed from its usage, the session settled and logged once when it closes.
 */
const MODEL = 'gpt-4o-realtime-preview'
const CHANNEL_KEY = 'sk-realtime-canary'
const usage = {
  total_tokens: 253,
  input_tokens: 132,
  output_tokens: 121,
  input_token_details: { text_tokens: 119, audio_tokens: 13, cached_tokens: 64 },
  output_token_details: { text_tokens: 30, audio_tokens: 91 },
}
// (55 + 64 × 0.1 + 30 × 4 + 13 × 20 + 91 × 20 × 2) × 2.5 — cache ratio 0.1, completion ratio 4, model ratio 2.5.
const RESPONSE_QUOTA = Math.round((55 + 6.4 + 120 + 260 + 3640) * 2.5)

let h: Harness
let upstream: WebSocketServer
let upstreamSeen: { authorization?: string; messages: { data: Buffer; binary: boolean }[] }
let server: { url: string; close: () => Promise<void> }
let key: string
let userId: number

beforeAll(async () => {
  upstreamSeen = { messages: [] }
  upstream = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  // The upstream names the session in its upgrade answer, as OpenAI does.
  upstream.on('headers', (headers) => headers.push('x-request-id: req_realtime_1'))
  upstream.on('connection', (socket, request) => {
    upstreamSeen.authorization = request.headers.authorization
    socket.send(JSON.stringify({ type: 'session.created', session: { model: MODEL } }))
    socket.on('message', (data: RawData, binary) => {
      const buffer = Buffer.from(data as Buffer)
      upstreamSeen.messages.push({ data: buffer, binary })
      if (binary) return socket.send(buffer, { binary: true })
      const event = JSON.parse(buffer.toString()) as { type: string; big?: boolean }
      if (event.type !== 'response.create') return
      socket.send(JSON.stringify({ type: 'response.created' }))
      const big = event.big
        ? { ...usage, output_token_details: { text_tokens: 30, audio_tokens: 900_000 }, output_tokens: 900_030 }
        : usage
      socket.send(JSON.stringify({ type: 'response.done', response: { status: 'completed', usage: big } }))
    })
  })
  await new Promise((resolve) => upstream.once('listening', resolve))
  h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: 5_000_000 })
  userId = user.id
  await addChannel(h, {
    name: 'openai',
    type: 1,
    baseUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    models: MODEL,
    key: CHANNEL_KEY,
  })
  await h.services.options.set('ModelRatio', JSON.stringify({ [MODEL]: 2.5 }))
  await h.services.options.set('CacheRatio', JSON.stringify({ [MODEL]: 0.1 }))
  key = (await addToken(h, user.id)).key
  server = await listen(h)
})
afterAll(async () => {
  await server.close()
  await h.close()
  await new Promise((resolve) => upstream.close(resolve))
})

const wsUrl = () => `${server.url.replace('http', 'ws')}/v1/realtime?model=${MODEL}`

function open(options: {
  protocols?: string[]
  headers?: Record<string, string>
}): Promise<{ socket: WebSocket; received: { text?: string; binary?: Buffer }[] }> {
  const socket = new WebSocket(wsUrl(), options.protocols ?? [], { headers: options.headers ?? {} })
  const received: { text?: string; binary?: Buffer }[] = []
  socket.on('message', (data: RawData, binary) =>
    received.push(binary ? { binary: Buffer.from(data as Buffer) } : { text: data.toString() })
  )
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, received }))
    socket.once('unexpected-response', (_req, res) =>
      reject(Object.assign(new Error(`status ${res.statusCode}`), { status: res.statusCode }))
    )
    socket.once('error', reject)
  })
}

const until = async (check: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 150 && !(await check()); i++) await new Promise((done) => setTimeout(done, 20))
}
/** The HTTP status a refused upgrade answered. */
const refusedWith = (url: string, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const socket = new WebSocket(url, { headers })
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0))
    socket.once('open', () => reject(new Error('opened')))
  })
const closed = (socket: WebSocket) =>
  new Promise<number>((resolve) =>
    socket.readyState === WebSocket.CLOSED ? resolve(socket.readyState) : socket.once('close', (code) => resolve(code))
  )

describe('realtime relay', () => {
  it('bridges both ways byte for byte with the channel key, and bills response.done once when the session ends', async () => {
    const before = await quotaOf(h, userId)
    const { socket, received } = await open({ headers: { authorization: `Bearer ${key}` } })
    const audio = Buffer.from([0, 1, 2, 250, 251, 252])
    socket.send(audio, { binary: true })
    socket.send(JSON.stringify({ type: 'response.create' }))
    await until(() => received.some((m) => m.text?.includes('response.done')))
    expect(upstreamSeen.authorization).toBe(`Bearer ${CHANNEL_KEY}`)
    expect(upstreamSeen.messages[0]).toEqual({ data: audio, binary: true })
    expect(received.find((m) => m.binary)?.binary).toEqual(audio)
    expect(received.map((m) => m.text && JSON.parse(m.text).type).filter(Boolean)).toEqual([
      'session.created',
      'response.created',
      'response.done',
    ])
    const logsBefore = (await consumeLogs(h)).length
    socket.close()
    await closed(socket)
    await until(async () => {
      await settle(h)
      return (await consumeLogs(h)).length > logsBefore
    })
    expect(before - (await quotaOf(h, userId))).toBe(RESPONSE_QUOTA)
    const log = (await consumeLogs(h)).at(-1)
    expect(log).toMatchObject({
      model_name: MODEL,
      quota: RESPONSE_QUOTA,
      prompt_tokens: 132,
      completion_tokens: 121,
      upstream_request_id: 'req_realtime_1',
    })
    expect(log?.request_id).toMatch(/^\d{14}[0-9a-f]{6}/)
    expect(JSON.parse(log?.other ?? '{}')).toMatchObject({
      ws: true,
      audio_input: 13,
      audio_output: 91,
      text_input: 119,
      text_output: 30,
      audio_ratio: 20,
      audio_completion_ratio: 2,
    })
  })

  it('accepts the browser form of the key (a subprotocol) and answers with "realtime"', async () => {
    const { socket } = await open({
      protocols: ['realtime', `openai-insecure-api-key.${key}`, 'openai-beta.realtime-v1'],
    })
    expect(socket.protocol).toBe('realtime')
    socket.close()
    await closed(socket)
  })

  it('refuses a bad key, an unknown model, and a balance too small to open, with HTTP errors', async () => {
    expect(await refusedWith(wsUrl(), { authorization: 'Bearer sk-nope' })).toBe(401)
    expect(
      await refusedWith(`${server.url.replace('http', 'ws')}/v1/realtime?model=nothing`, {
        authorization: `Bearer ${key}`,
      })
    ).toBe(404)
    const poor = await h.createUser(1, { quota: 10 })
    const poorKey = (await addToken(h, poor.id)).key
    expect(await refusedWith(wsUrl(), { authorization: `Bearer ${poorKey}` })).toBe(403)
    expect(await quotaOf(h, poor.id)).toBe(10)
  })

  it('ends a session whose responses outrun the balance with an error event, never below zero', async () => {
    const modest = await h.createUser(1, { quota: 50_000 })
    const modestKey = (await addToken(h, modest.id)).key
    const { socket, received } = await open({ headers: { authorization: `Bearer ${modestKey}` } })
    socket.send(JSON.stringify({ type: 'response.create', big: true }))
    const code = await closed(socket)
    expect(code).toBe(1008)
    expect(received.some((m) => m.text?.includes('insufficient_quota'))).toBe(true)
    await until(async () => {
      await settle(h)
      return (await quotaOf(h, modest.id)) === 0
    })
    expect(await quotaOf(h, modest.id)).toBe(0)
  })
})
