import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { openRawConnection, rawRequest, type RawConnection } from '../test/raw-http.ts'
import { createLogger } from './lib/logger.ts'
import type { Services } from './services/container.ts'
import { attachGate, ShutdownGate } from './shutdown-gate.ts'
import { shutdownGracefully } from './shutdown.ts'

/**
 * The WebSocket side of the gate, on a bare server wired like createHttpServer() (the HTTP side
 * is covered end to end, with a real process, in shutdown.test.ts). Upgraded sockets are outside
 * node's HTTP connection tracking, so they need their own refusal and their own cut.
 */
const UPGRADE = {
  connection: 'Upgrade',
  upgrade: 'websocket',
  'sec-websocket-version': '13',
  'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
}

let server: Server | undefined
let raw: RawConnection | undefined
afterEach(async () => {
  raw?.destroy()
  server?.closeAllConnections()
  await new Promise((done) => (server?.listening ? server.close(done) : done(undefined)))
})

/** A server whose upgrades, once admitted, answer 101 and stay open: a realtime session. */
async function gatedServer(): Promise<{ gate: ShutdownGate; port: number }> {
  const gate = new ShutdownGate('zh')
  server = createServer((req, res) => {
    if (gate.admit(req, res)) res.end('ok')
  })
  server.on('upgrade', (req, socket) => {
    if (!gate.admitUpgrade(req, socket)) return
    socket.write('HTTP/1.1 101 Switching Protocols\r\nconnection: Upgrade\r\nupgrade: websocket\r\n\r\n')
    // As ws does: the client's close ends the session (HTTP server sockets are half-open otherwise).
    socket.on('end', () => socket.end())
  })
  attachGate(server, gate)
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  return { gate, port: (server.address() as AddressInfo).port }
}

const stubServices = (onClose: () => void) =>
  ({ logger: createLogger('silent'), close: async () => onClose() }) as unknown as Services

describe('shutdown gate and WebSocket upgrades', () => {
  it('refuses an upgrade once shutdown began, with a 503 in the OpenAI error shape', async () => {
    const { gate, port } = await gatedServer()
    raw = await openRawConnection(port, 5000)
    gate.close()
    raw.send(rawRequest('GET', '/v1/realtime?model=gpt-4o-realtime-preview', { ...UPGRADE, 'accept-language': 'en' }))
    await raw.closed
    expect(raw.responses).toHaveLength(1)
    expect(raw.responses[0]).toMatchObject({ status: 503, headers: { connection: 'close' } })
    expect(JSON.parse(raw.responses[0]?.body ?? '')).toMatchObject({
      error: { code: 'server_shutting_down', type: 'new_api_error', message: expect.stringContaining('shutting down') },
    })
  })

  it('waits for an open session until the grace is over, then cuts it and moves on', async () => {
    const { port } = await gatedServer()
    raw = await openRawConnection(port, 5000)
    raw.send(rawRequest('GET', '/v1/realtime', UPGRADE))
    await expect.poll(() => raw?.responses.length, { timeout: 2000 }).toBe(1)
    let servicesClosed = false
    const started = performance.now()
    await shutdownGracefully(
      server as Server,
      stubServices(() => (servicesClosed = true)),
      300
    )
    const elapsed = performance.now() - started
    expect(elapsed).toBeGreaterThanOrEqual(290)
    expect(elapsed).toBeLessThan(2000)
    expect(servicesClosed).toBe(true)
    await raw.closed
  })

  it('moves on as soon as the session ends by itself, long before the grace', async () => {
    const { port } = await gatedServer()
    raw = await openRawConnection(port, 5000)
    raw.send(rawRequest('GET', '/v1/realtime', UPGRADE))
    await expect.poll(() => raw?.responses.length, { timeout: 2000 }).toBe(1)
    const session = raw
    setTimeout(() => session.destroy(), 200)
    const started = performance.now()
    await shutdownGracefully(
      server as Server,
      stubServices(() => undefined),
      10_000
    )
    expect(performance.now() - started).toBeLessThan(1500)
  })
})
