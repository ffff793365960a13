import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readRequestBody } from '../request-body.ts'

/** One request a fake upstream received, as it arrived (path with query, headers, parsed JSON body). */
export interface ReceivedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: Record<string, unknown>
}

export interface FakeServer {
  url: string
  /** every request received, oldest first; tests read the last one to see what the gateway sent */
  received: ReceivedRequest[]
  /** streams told to hang (see `hangAfterFirstChunk`) that are open now; an abort test waits for one */
  openHangingStreams: () => number
  stop(): Promise<void>
}

export type FakeHandler = (request: ReceivedRequest, reply: Reply) => void | Promise<void>

/** The ways a fake answers: JSON, or an SSE stream written event by event. */
export interface Reply {
  json(status: number, body: unknown): void
  sse(events: Array<{ event?: string; data: unknown }>, options?: { hang?: boolean }): void
}

/**
 * The socket layer every fake shares: it parses the body, records the request and gives the
 * protocol file a `Reply`. A stream asked to hang writes its first event and then waits until the
 * client goes away, so an abort test cuts a stream mid-answer without any timer.
 */
export async function startFakeServer(handle: FakeHandler): Promise<FakeServer> {
  const received: ReceivedRequest[] = []
  const hanging = new Set<ServerResponse>()
  const server = createServer((request, response) => {
    readRequestBody(request, (body) => {
      const seen: ReceivedRequest = {
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        headers: request.headers,
        body,
      }
      received.push(seen)
      const reply: Reply = {
        json(status, value) {
          response.writeHead(status, { 'content-type': 'application/json' })
          response.end(JSON.stringify(value))
        },
        sse(events, options = {}) {
          response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
          const frame = (e: { event?: string; data: unknown }) =>
            `${e.event === undefined ? '' : `event: ${e.event}\n`}data: ${typeof e.data === 'string' ? e.data : JSON.stringify(e.data)}\n\n`
          if (options.hang) {
            // Everything up to and including the first piece of text, then silence until the client leaves.
            hanging.add(response)
            response.on('close', () => hanging.delete(response))
            response.write(events.map(frame).join(''))
            return
          }
          response.end(events.map(frame).join(''))
        },
      }
      Promise.resolve(handle(seen, reply)).catch((error: unknown) => {
        if (!response.headersSent) reply.json(500, { error: { message: String(error) } })
        else response.destroy()
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    openHangingStreams: () => hanging.size,
    stop: () =>
      new Promise((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

/** The text a user message carries to ask a fake to hang its stream after the first piece. */
export const HANG = 'please hang'

/**
 * A value matching a JSON Schema (lower- or upper-case types), the same every time: how the fakes
 * honour structured output and fill tool arguments deterministically.
 */
export function sampleFor(schema: unknown): unknown {
  const s = (schema ?? {}) as {
    type?: string | string[]
    properties?: Record<string, unknown>
    items?: unknown
    enum?: unknown[]
    anyOf?: unknown[]
  }
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0]
  if (Array.isArray(s.anyOf) && s.anyOf.length > 0) return sampleFor(s.anyOf[0])
  const type = (Array.isArray(s.type) ? s.type.find((t) => t.toLowerCase() !== 'null') : s.type)?.toLowerCase()
  switch (type) {
    case 'string':
      return 'Paris'
    case 'number':
    case 'integer':
      return 21
    case 'boolean':
      return true
    case 'array':
      return [sampleFor(s.items)]
    case 'null':
      return null
    default: {
      const out: Record<string, unknown> = {}
      for (const [name, sub] of Object.entries(s.properties ?? {})) out[name] = sampleFor(sub)
      return out
    }
  }
}

/** Splits a text into the pieces a fake streams, so clients see more than one delta. */
export function pieces(text: string): string[] {
  return text.split(/(?<= )/)
}
