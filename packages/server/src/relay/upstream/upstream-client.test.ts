import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { errors } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOutboundPolicy } from '../../lib/outbound/address-policy.ts'
import { readBounded } from '../relay-answers.ts'
import { UpstreamClient, type UpstreamTimeouts } from './upstream-client.ts'

const loopback = createOutboundPolicy('channel', true)
const timeouts: UpstreamTimeouts = { connectMs: 2000, headersMs: 2000, idleMs: 2000, totalMs: 0 }

let server: Server
let base: string
/** responses the test holds open, ended after it */
const held: ServerResponse[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      if (req.url === '/echo') {
        res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'up-1' })
        res.end(
          JSON.stringify({
            method: req.method,
            body: Buffer.concat(chunks).toString(),
            auth: req.headers.authorization,
          })
        )
      } else if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' })
        for (let i = 0; i < 64; i++) res.write(Buffer.alloc(64 * 1024, i))
        res.end()
      } else if (req.url === '/hang') {
        held.push(res)
      } else if (req.url === '/half') {
        res.writeHead(200, { 'content-type': 'text/event-stream' })
        res.write('data: {"a":1}\n\n')
        held.push(res)
      } else {
        res.writeHead(404)
        res.end('no')
      }
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  for (const res of held) res.destroy()
  server.closeAllConnections()
  await new Promise((done) => server.close(done))
})

const post = (path: string, signal = new AbortController().signal) => ({
  url: new URL(path, base),
  method: 'POST' as const,
  headers: { 'content-type': 'application/json', authorization: 'Bearer sk-up' },
  body: '{"hello":"world"}',
  signal,
})

describe('UpstreamClient.send', () => {
  it('answers the status, the headers and the body of a request as it was sent', async () => {
    const client = new UpstreamClient(timeouts)
    const answer = await client.send(post('/echo'), loopback)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['x-request-id']).toBe('up-1')
    expect(JSON.parse(await readBounded(answer.body, 1024))).toEqual({
      method: 'POST',
      body: '{"hello":"world"}',
      auth: 'Bearer sk-up',
    })
    await client.close()
  })

  it('hands a non-200 answer back as it is', async () => {
    const client = new UpstreamClient(timeouts)
    const answer = await client.send(post('/nowhere'), loopback)
    expect(answer.statusCode).toBe(404)
    expect(await readBounded(answer.body, 1024)).toBe('no')
    await client.close()
  })

  it('reads a body larger than a socket read, with backpressure from a paused reader', async () => {
    const client = new UpstreamClient(timeouts)
    const answer = await client.send(post('/big'), loopback)
    let size = 0
    await new Promise<void>((done, fail) => {
      answer.body.on('data', (chunk) => {
        size += chunk.length
        // A slow client: stop the upstream for a moment after every chunk.
        answer.body.pause()
        setTimeout(() => answer.body.resume(), 1)
      })
      answer.body.on('end', () => done())
      answer.body.on('error', fail)
    })
    expect(size).toBe(64 * 64 * 1024)
    await client.close()
  })

  it('rejects when the signal aborts before the head came', async () => {
    const client = new UpstreamClient(timeouts)
    const abort = new AbortController()
    const sending = client.send(post('/hang', abort.signal), loopback)
    setTimeout(() => abort.abort(), 20)
    await expect(sending).rejects.toThrow()
    await client.close()
  })

  it('fails the body when the signal aborts after the head', async () => {
    const client = new UpstreamClient(timeouts)
    const abort = new AbortController()
    const answer = await client.send(post('/half', abort.signal), loopback)
    const failed = new Promise<Error>((done) => answer.body.on('error', done))
    answer.body.on('data', () => {})
    abort.abort()
    expect(await failed).toBeInstanceOf(Error)
    await client.close()
  })

  it('gives up on the whole exchange after RELAY_TIMEOUT', async () => {
    const client = new UpstreamClient({ ...timeouts, totalMs: 50 })
    const started = performance.now()
    await expect(client.send(post('/hang'), loopback)).rejects.toMatchObject({ name: 'TimeoutError' })
    expect(performance.now() - started).toBeLessThan(1500)
    await client.close()
  })

  it('aborts a call whose head does not come within the headers timeout, as undici would', async () => {
    const client = new UpstreamClient({ ...timeouts, headersMs: 100 })
    await expect(client.send(post('/hang'), loopback)).rejects.toBeInstanceOf(errors.HeadersTimeoutError)
    await client.close()
  })

  it('fails a body that stays silent longer than the idle timeout', async () => {
    const client = new UpstreamClient({ ...timeouts, idleMs: 100 })
    const answer = await client.send(post('/half'), loopback)
    const failed = new Promise<Error>((done) => answer.body.on('error', done))
    answer.body.on('data', () => {})
    expect(await failed).toBeInstanceOf(errors.BodyTimeoutError)
    await client.close()
  })

  it('refuses a loopback upstream under a policy without private networks', async () => {
    const client = new UpstreamClient(timeouts)
    await expect(client.send(post('/echo'), createOutboundPolicy('channel', false))).rejects.toThrow()
    await client.close()
  })
})
