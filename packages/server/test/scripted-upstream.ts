import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readRequestBody } from './request-body.ts'

export interface ScriptedAnswer {
  status?: number
  /** a JSON value (sent as application/json) or SSE text (sent as text/event-stream) */
  json?: unknown
  sse?: string
  /** stop after this many bytes of `sse` and destroy the connection (a cut stream) */
  cutAfterBytes?: number
  /** bytes sent as they are, with this content type */
  raw?: Buffer
  contentType?: string
  /** more response headers (an upstream's request id, say) */
  headers?: Record<string, string>
}

export interface ScriptedUpstream {
  url: string
  /** decides the answer to each request from its path, parsed body and headers */
  answer: (path: string, body: Record<string, unknown>, headers: IncomingHttpHeaders) => ScriptedAnswer
  seen: { path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }[]
  stop(): Promise<void>
}

/**
 * A loopback upstream whose answers the test scripts, for protocols the OpenAI mock does not
 * speak (Anthropic's Messages API and others): recorded fixtures in, every request recorded.
 */
export async function startScriptedUpstream(): Promise<ScriptedUpstream> {
  const upstream: ScriptedUpstream = {
    url: '',
    answer: () => ({ status: 404, json: { error: { message: 'no answer scripted' } } }),
    seen: [],
    stop: async () => {},
  }
  const server = createServer((request, response) => {
    readRequestBody(request, (body) => {
      const path = request.url ?? '/'
      upstream.seen.push({ path, headers: request.headers, body })
      const answer = upstream.answer(path, body, request.headers)
      if (answer.raw !== undefined) {
        response.writeHead(answer.status ?? 200, {
          'content-type': answer.contentType ?? 'application/octet-stream',
          ...answer.headers,
        })
        response.end(answer.raw)
        return
      }
      if (answer.sse !== undefined) {
        response.writeHead(answer.status ?? 200, { 'content-type': 'text/event-stream', ...answer.headers })
        if (answer.cutAfterBytes !== undefined) {
          response.write(answer.sse.slice(0, answer.cutAfterBytes))
          setTimeout(() => response.destroy(), 20)
          return
        }
        response.end(answer.sse)
        return
      }
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers })
      response.end(JSON.stringify(answer.json ?? {}))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  upstream.stop = () =>
    new Promise((done) => {
      server.close(() => done())
      server.closeAllConnections()
    })
  return upstream
}
