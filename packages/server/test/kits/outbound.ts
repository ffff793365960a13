import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { isIP, Socket, type AddressInfo, type LookupFunction } from 'node:net'
import type { OutboundResolver, ResolvedAddress } from '../../src/lib/outbound/guarded-dispatcher.ts'

/*
 * Test-only helpers for the outbound guard (not exported from index.ts). Nothing here touches real
 * DNS or any address outside loopback.
 */

export interface Listener {
  readonly port: number
  readonly origin: string
  /** TCP connections accepted so far: the "internal listener hits" of goal G8. */
  connections(): number
  readonly requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[]
  close(): Promise<void>
}

export type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void

/** An HTTP server on 127.0.0.1 with a random port that counts the connections it accepts. */
export async function startListener(
  handler: Handler = (_request, response) => response.end('internal')
): Promise<Listener> {
  let connections = 0
  const requests: Listener['requests'] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString()
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body })
      handler(request, response, body)
    })
  })
  server.on('connection', () => connections++)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    connections: () => connections,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * A resolver from a table; an entry may be a function of the call number (DNS rebinding). Names not
 * in the table get `fallback`: by default loopback, as if the attacker owned the name's DNS.
 */
export function fakeResolver(
  table: Record<string, readonly string[] | ((call: number) => readonly string[])>,
  fallback: readonly string[] = ['127.0.0.1']
): OutboundResolver & { calls: string[] } {
  const calls: string[] = []
  const resolver = async (hostname: string): Promise<readonly ResolvedAddress[]> => {
    calls.push(hostname)
    const entry = table[hostname]
    const answers =
      typeof entry === 'function' ? entry(calls.filter((name) => name === hostname).length) : (entry ?? fallback)
    return answers.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }))
  }
  return Object.assign(resolver, { calls })
}

type ConnectOptions = { host?: string; lookup?: LookupFunction }

/**
 * Watches every socket this process opens (net and tls both go through `Socket#connect`) and
 * records each address actually dialled: literal hosts at once, names as the lookup answers them.
 * `translate` lets a test pretend a public address is a loopback listener: the guard checks the
 * public address, the socket goes to loopback. Anything else off loopback is refused outright, so a
 * broken guard fails the test instead of sending traffic anywhere.
 */
export function interceptDials(translate: Record<string, string> = {}): { dials: string[]; restore(): void } {
  const dials: string[] = []
  const original = Socket.prototype.connect
  const jail = (address: string) => new Error(`test jail: refusing to dial ${address}`)
  const isLoopback = (address: string) => address.startsWith('127.') || address === '::1'
  Socket.prototype.connect = function connect(this: Socket, ...args: unknown[]) {
    const first = args[0]
    const options = (Array.isArray(first) ? first[0] : first) as ConnectOptions | undefined
    const host = options?.host
    if (options && typeof host === 'string' && isIP(host) !== 0) {
      dials.push(host)
      if (!isLoopback(host)) throw jail(host)
    } else if (options && typeof host === 'string') {
      const inner = options.lookup
      if (inner === undefined) throw new Error(`test jail: ${host} dialled without the guarded lookup`)
      options.lookup = ((hostname, lookupOptions, callback) => {
        inner(hostname, lookupOptions, (error, address, family) => {
          if (error) return callback(error, address, family)
          const list = (typeof address === 'string' ? [{ address, family: family ?? 4 }] : address).map((entry) => ({
            address: translate[entry.address] ?? entry.address,
            family: entry.family,
          }))
          dials.push(...list.map((entry) => entry.address))
          const outside = list.find((entry) => !isLoopback(entry.address))
          if (outside) return callback(jail(outside.address), '', 0)
          if (typeof address === 'string') return callback(null, list[0]!.address, list[0]!.family)
          return callback(null, list)
        })
      }) as LookupFunction
    }
    return original.apply(this, args as Parameters<Socket['connect']>)
  } as Socket['connect']
  return { dials, restore: () => void (Socket.prototype.connect = original) }
}
