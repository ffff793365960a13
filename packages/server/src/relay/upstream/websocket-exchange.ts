import type { IncomingHttpHeaders } from 'node:http'
import { PassThrough, Readable } from 'node:stream'
import WebSocket, { type RawData } from 'ws'
import type { OutboundPolicy } from '../../lib/outbound/address-policy.ts'
import { createGuardedLookup, outboundTlsOptions, systemResolver } from '../../lib/outbound/guarded-dispatcher.ts'
import { checkOutboundUrl } from '../../lib/outbound/url-check.ts'
import type { BodySource } from './upstream-body.ts'

/** What the relay reads of an upstream answer, whatever carried it. */
export interface UpstreamAnswer {
  statusCode: number
  headers: IncomingHttpHeaders
  body: BodySource
}

const MAX_FRAME_BYTES = 16 * 1024 * 1024

/** A frame that ends the answer: Spark's header.status 2, or any error code. */
function isLastFrame(text: string): boolean {
  try {
    const header = (JSON.parse(text) as { header?: { status?: unknown; code?: unknown } }).header
    return header?.status === 2 || (typeof header?.code === 'number' && header.code !== 0)
  } catch {
    return false
  }
}

/**
 * One exchange over a WebSocket (iFlytek Spark answers chat this way): connect through the
 * outbound guard (policy checked, DNS answer pinned), send the request frame, and hand the answer
 * frames back as an HTTP-like answer: as SSE `data:` lines while they come for a stream, or
 * collected into `{"frames": [...]}` otherwise. A refused handshake comes back with its status and
 * body, so the usual upstream error mapping applies.
 */
export function sendOverWebSocket(options: {
  url: URL
  body: string
  stream: boolean
  signal: AbortSignal
  policy: OutboundPolicy
  idleMs: number
}): Promise<UpstreamAnswer> {
  const checked = new URL(options.url)
  checked.protocol = checked.protocol === 'wss:' ? 'https:' : 'http:'
  checkOutboundUrl(checked, options.policy)
  const socket = new WebSocket(options.url, {
    lookup: createGuardedLookup(options.policy, systemResolver),
    ...outboundTlsOptions(),
    handshakeTimeout: 10_000,
    followRedirects: false,
    maxPayload: MAX_FRAME_BYTES,
  })
  return new Promise((resolve, reject) => {
    let settled = false
    const settle = (answer: UpstreamAnswer | Error) => {
      if (settled) return
      settled = true
      if (answer instanceof Error) reject(answer)
      else resolve(answer)
    }
    const frames: string[] = []
    let opened = false
    let refused = false
    const stream = options.stream ? new PassThrough() : undefined
    let idle: NodeJS.Timeout | undefined
    const armIdle = () => {
      clearTimeout(idle)
      idle = setTimeout(
        () => fail(Object.assign(new Error('upstream went silent'), { name: 'TimeoutError' })),
        options.idleMs
      )
    }
    const fail = (error: Error) => {
      clearTimeout(idle)
      socket.terminate()
      if (stream && settled) stream.destroy(error)
      else settle(error)
    }
    const finish = () => {
      clearTimeout(idle)
      if (socket.readyState === WebSocket.OPEN) socket.close()
      if (stream) stream.end()
      else
        settle({
          statusCode: 200,
          headers: { 'content-type': 'application/json' },
          body: Readable.from([
            Buffer.from(JSON.stringify({ frames: frames.map((frame) => JSON.parse(frame) as unknown) })),
          ]),
        })
    }
    options.signal.addEventListener('abort', () => fail(Object.assign(new Error('aborted'), { name: 'AbortError' })), {
      once: true,
    })
    socket.once('unexpected-response', (_request, response) => {
      refused = true
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        settle({
          statusCode: response.statusCode ?? 502,
          headers: response.headers,
          body: Readable.from([Buffer.concat(chunks)]),
        })
      )
      socket.terminate()
    })
    socket.once('open', () => {
      opened = true
      socket.send(options.body)
      armIdle()
      if (stream) settle({ statusCode: 200, headers: { 'content-type': 'text/event-stream' }, body: stream })
    })
    socket.on('message', (data: RawData) => {
      armIdle()
      const text = data.toString()
      if (stream) stream.write(`data: ${text}\n\n`)
      else {
        try {
          JSON.parse(text)
          frames.push(text)
        } catch {
          // an unreadable frame is not part of the answer
        }
      }
      if (isLastFrame(text)) finish()
    })
    socket.once('close', () => {
      // Before the handshake completed: a refusal answers with its status; anything else is a failure.
      if (!opened) {
        if (!refused) fail(new Error('the upstream closed the connection'))
        return
      }
      finish()
    })
    socket.once('error', (error) => {
      if (!refused) fail(error)
    })
    // A client that leaves ends the socket (the stream's consumer destroys it).
    stream?.once('close', () => {
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.terminate()
    })
  })
}
