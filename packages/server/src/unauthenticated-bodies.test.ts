import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServerProcess, type ServerProcess } from '../test/server-process.ts'

/**
 * Finding: the hot relay routes read up to 32 MiB of body before looking at the key, so a few
 * dozen made-up keys could take the server's memory. Now every route decides who is calling
 * from the headers first, and the console's public routes take at most 64 KiB. This measures
 * the real process: 64 uploads of 30 MiB at once, each with a key that does not exist.
 */
const BODY_BYTES = 30 * 1024 * 1024
const PARALLEL = 64
const MiB = 1024 * 1024

// Where a route's own limit is below 30 MiB, a second upload stays just under it, so the key
// check (not only the declared length) is what refuses it.
const routes: { path: string; status: number; contentType?: string; bytes?: number }[] = [
  { path: '/v1/chat/completions', status: 401 },
  { path: '/v1/completions', status: 401 },
  { path: '/v1/embeddings', status: 401 },
  { path: '/v1/messages', status: 401 },
  { path: '/v1/responses', status: 401 },
  { path: '/v1beta/models/gemini-2.0-flash:generateContent', status: 401 },
  { path: '/v1/audio/transcriptions', status: 401, contentType: 'multipart/form-data; boundary=x' },
  { path: '/mj/submit/imagine', status: 401 },
  { path: '/suno/submit/music', status: 413 },
  { path: '/suno/submit/music', status: 401, bytes: 1024 * 1024 - 1 },
  { path: '/api/user/login', status: 413 },
  { path: '/api/user/login', status: 413, bytes: 1024 * 1024 - 1 },
  { path: '/api/token/', status: 413 },
  { path: '/api/token/', status: 401, bytes: 1024 * 1024 - 1 },
]

let server: ServerProcess
let dir: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gateway-bodies-'))
  server = await startServerProcess({ SQLITE_PATH: join(dir, 'gateway.db'), GLOBAL_API_RATE_LIMIT_ENABLE: 'false' })
}, 30_000)
afterAll(async () => {
  await server?.terminate()
  rmSync(dir, { recursive: true, force: true })
}, 30_000)

function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? Number.NaN) * 1024
}

/**
 * Starts an upload of `declared` bytes and keeps sending while the server takes them; resolves
 * with the answer's status (0 if the connection closed without one) and how much was sent.
 */
function upload(
  path: string,
  declared: number,
  contentType = 'application/json'
): Promise<{ status: number; sent: number }> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1')
    const chunk = Buffer.alloc(256 * 1024, 0x61)
    let sent = 0
    let status = 0
    let answered = false
    const finish = () => {
      socket.destroy()
      resolve({ status, sent })
    }
    const pump = () => {
      while (!answered && sent < declared) {
        const piece = declared - sent < chunk.length ? chunk.subarray(0, declared - sent) : chunk
        sent += piece.length
        if (!socket.write(piece)) return
      }
    }
    socket.on('error', () => undefined)
    socket.on('close', finish)
    socket.on('drain', pump)
    socket.on('data', (data: Buffer) => {
      const match = /^HTTP\/1\.1 (\d{3})/.exec(data.toString('latin1'))
      if (match && !answered) {
        answered = true
        status = Number(match[1])
        finish()
      }
    })
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer sk-made-up-key-${Math.random().toString(36).slice(2)}\r\n` +
          `Content-Type: ${contentType}\r\nContent-Length: ${declared}\r\n\r\n`
      )
      pump()
    })
  })
}

describe('bodies of callers who are not signed in', () => {
  it('are refused before they are read: 64 parallel 30 MiB uploads grow the process by less than 20 MiB', async () => {
    const pid = server.child.pid as number
    // Warm every route up with small bodies, so the measure is the uploads, not first-call code loading.
    for (const route of routes) {
      const warm = await upload(route.path, 64, route.contentType)
      expect(warm.status, route.path).toBe(route.path === '/api/user/login' ? 200 : 401)
    }
    // Part of the measure: let the warm-up's garbage and buffers settle before the baseline is read.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const before = rssBytes(pid)
    let peak = before
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssBytes(pid))
    }, 10)
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => {
        const route = routes[i % routes.length] as (typeof routes)[number]
        return upload(route.path, route.bytes ?? BODY_BYTES, route.contentType).then((result) => ({ ...result, route }))
      })
    )
    clearInterval(sampler)
    peak = Math.max(peak, rssBytes(pid))
    const growth = peak - before
    console.log(
      `RSS before ${(before / MiB).toFixed(1)} MiB, peak ${(peak / MiB).toFixed(1)} MiB, growth ${(growth / MiB).toFixed(1)} MiB`
    )
    // Each upload is answered with its refusal, or, under load, the closing connection resets before
    // the client reads the answer (status 0): refused unread either way. The warm-up above checked
    // every route's refusal status with small bodies.
    expect(
      results.filter((r) => r.status !== r.route.status && r.status !== 0).map((r) => `${r.route.path} ${r.status}`)
    ).toEqual([])
    // Each answer came long before its body was all sent: the server never waited to read it.
    for (const result of results)
      if (!result.route.bytes) expect(result.sent, result.route.path).toBeLessThan(BODY_BYTES)
    expect(growth).toBeLessThan(20 * MiB)
  }, 60_000)

  // The answer goes out while the client is still uploading; closing at once made the kernel reset
  // the connection, and the SDK reported that reset instead of the answer (all of 10 tries at 20 MiB).
  it('are answered so that a client still uploading reads the 401 (official openai SDK, 20 MiB prompts)', async () => {
    const client = new OpenAI({ apiKey: 'sk-made-up', baseURL: `http://127.0.0.1:${server.port}/v1`, maxRetries: 0 })
    const prompt = 'a'.repeat(20 * MiB)
    const outcomes: string[] = []
    for (let round = 0; round < 3; round++) {
      const calls = await Promise.allSettled([
        // the node fast path and a Hono route
        client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: prompt }] }),
        client.responses.create({ model: 'gpt-4o-mini', input: prompt }),
      ])
      for (const call of calls)
        outcomes.push(
          call.status === 'fulfilled' ? 'answered' : `${call.reason?.constructor?.name} ${call.reason?.status}`
        )
    }
    expect(outcomes).toEqual(Array(6).fill('AuthenticationError 401'))
  }, 60_000)

  it('stop being read a moment after the answer when the client keeps sending', async () => {
    // Half-open allowed: the client goes on sending after the server's FIN, as an uploading client does.
    const socket = connect({ port: server.port, host: '127.0.0.1', allowHalfOpen: true })
    const chunk = Buffer.alloc(64 * 1024, 0x61)
    let answer = ''
    let answeredAt = 0
    const closedAt = new Promise<number>((resolve) => socket.on('close', () => resolve(performance.now())))
    socket.on('error', () => undefined)
    socket.on('data', (data: Buffer) => {
      answer ||= data.toString('latin1')
      answeredAt ||= performance.now()
    })
    socket.write(
      'POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer sk-made-up\r\n' +
        'Content-Type: application/json\r\nContent-Length: 1073741824\r\n\r\n'
    )
    // A client that ignores the answer and never stops: a few chunks every 10 ms.
    const sender = setInterval(() => {
      if (!socket.destroyed) for (let i = 0; i < 4; i++) socket.write(chunk)
    }, 10)
    try {
      const closed = await closedAt
      expect(answer).toMatch(/^HTTP\/1\.1 401 /)
      expect(answer.toLowerCase()).toContain('connection: close')
      // The server's lingering close ends 2 s after the answer; a client that goes on is cut then.
      expect(closed - answeredAt).toBeGreaterThan(1_500)
      expect(closed - answeredAt).toBeLessThan(5_000)
    } finally {
      clearInterval(sender)
      socket.destroy()
    }
  }, 20_000)
})
