import { createServer, type Server } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import type { Hono } from 'hono'
import type { HonoEnv } from './context.ts'
import { lingerOnRefusedUploads } from './lingering-close.ts'
import { createRelayFastPath } from './routes/relay/node-fast-path.ts'
import { createRealtimeUpgrade } from './routes/relay/realtime-upgrade.ts'
import type { Services } from './services/container.ts'
import { attachGate, ShutdownGate } from './shutdown-gate.ts'

/**
 * The one HTTP server: the relay's hot endpoints go to the node fast path, everything else
 * (console, console API, the rest of the relay) to the Hono app. Every request and upgrade first
 * passes the shutdown gate, which refuses new work once shutdownGracefully() began.
 */
export function createHttpServer(services: Services, app: Hono<HonoEnv>): Server {
  const fastPath = createRelayFastPath(services)
  const honoListener = getRequestListener(app.fetch)
  const gate = new ShutdownGate(services.env.DEFAULT_LANGUAGE)
  const server = createServer((req, res) => {
    if (!gate.admit(req, res)) return
    if (!fastPath(req, res)) void honoListener(req, res)
  })
  attachGate(server, gate)
  lingerOnRefusedUploads(server)
  // WebSocket upgrades: only the realtime relay takes them.
  const realtime = createRealtimeUpgrade(services)
  server.on('upgrade', (req, socket, head) => {
    if (!gate.admitUpgrade(req, socket)) return
    if (!realtime(req, socket, head)) socket.destroy()
  })
  // Keep idle client connections a little longer than common proxies do, so they are not cut mid-reuse.
  server.keepAliveTimeout = 65_000
  return server
}
