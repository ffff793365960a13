import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * The yardstick for the gateway's own cost: the least a Node relay can do. node:http in, one
 * keep-alive agent out, bytes piped both ways; no auth, no channel choice, no billing, no log row.
 * Whatever the gateway spends above this per request is what its features cost.
 */
export interface BareRelay {
  port: number
  server: Server
  stop(): Promise<void>
}

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are not forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
])

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name)) out[name] = value
  return out
}

export async function startBareRelay(upstreamUrl: string, port = 0): Promise<BareRelay> {
  const upstream = new URL(upstreamUrl)
  const agent = new Agent({ keepAlive: true, maxSockets: 512 })
  const server = createServer((incoming, outgoing) => {
    const proxied = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: forwardable(incoming.headers),
        agent,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, forwardable(answer.headers))
        answer.pipe(outgoing)
      }
    )
    proxied.on('error', (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' })
      outgoing.end(`bare relay: ${error.message}`)
    })
    incoming.pipe(proxied)
  })
  server.keepAliveTimeout = 65_000
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done))
  return {
    port: (server.address() as AddressInfo).port,
    server,
    stop: async () => {
      server.closeAllConnections()
      await new Promise((done) => server.close(done))
      agent.destroy()
    },
  }
}
