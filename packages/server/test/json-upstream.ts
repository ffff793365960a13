import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface JsonUpstream {
  url: string
  /** path (with query) -> [status, body]; change it between calls. A string body goes out as it is, as text/html. */
  routes: Map<string, [number, unknown]>
  /** every request seen: path with query and headers */
  seen: { path: string; headers: IncomingHttpHeaders }[]
  stop(): Promise<void>
}

/**
 * A tiny loopback HTTP server answering fixed JSON per path (query ignored when no exact match),
 * for upstream shapes the mock upstream does not speak (billing, balances, Gemini's model list).
 */
export async function startJsonUpstream(): Promise<JsonUpstream> {
  const routes = new Map<string, [number, unknown]>()
  const seen: JsonUpstream['seen'] = []
  const server = createServer((request, response) => {
    const path = request.url ?? '/'
    seen.push({ path, headers: request.headers })
    const answer = routes.get(path) ??
      routes.get(path.split('?')[0] as string) ?? [404, { error: { message: `no route ${path}` } }]
    const raw = typeof answer[1] === 'string'
    response.writeHead(answer[0], { 'content-type': raw ? 'text/html' : 'application/json' })
    response.end(raw ? answer[1] : JSON.stringify(answer[1]))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    routes,
    seen,
    stop: () =>
      new Promise((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}
