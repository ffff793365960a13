import type { Server } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Services } from './services/container.ts'
import { markShuttingDown } from './services/health/readiness.ts'
import { gateOf } from './shutdown-gate.ts'
import { stopTracing } from './tracing/setup-tracing.ts'

/**
 * Once nothing is in flight, how long connections get to close on their own (last bytes flushed,
 * the client's FIN) before whatever is left (a client that ignores our FIN, a request whose
 * headers never completed) is cut.
 */
const LINGER_MS = 300
/** After the cut, the longest wait for the server to see its sockets gone. */
const CUT_WAIT_MS = 2_000

/**
 * Stops the server without losing money or logs: the listener closes at once, requests arriving on
 * open keep-alive connections are refused (503, `Connection: close`, see ShutdownGate), idle
 * connections are closed, and requests in flight (streams included) get `graceMs` to finish;
 * whatever is still open then is cut, which bills the produced tokens like any client disconnect.
 * It moves on as soon as the last answer is out, not at the end of the grace. Only then are the
 * pending settlements drained, the queued log rows written and the databases closed.
 */
export async function shutdownGracefully(server: Server, services: Services, graceMs = 30_000): Promise<void> {
  // /readyz answers 503 from now on, for anything that still reaches the app (a server without a gate, in-process callers).
  markShuttingDown(services)
  const gate = gateOf(server)
  gate?.close()
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeIdleConnections()
  services.logger.info({ inFlight: gate?.inFlight, graceMs }, 'listener closed; waiting for requests in flight')

  // Every timer here is cancelled on the way out, so none holds the event loop after shutdown.
  const timers = new AbortController()
  const wait = (ms: number) => sleep(ms, undefined, { signal: timers.signal }).catch(() => undefined)
  try {
    let graceOver = false
    const grace = wait(graceMs).then(() => {
      graceOver = true
    })
    // Without a gate (a server not built by createHttpServer) only the connections' own closing counts.
    const drained = gate ? gate.idle().then(() => wait(LINGER_MS)) : new Promise<void>(() => undefined)
    await Promise.race([closed, grace, drained])
    if (graceOver && gate && gate.inFlight > 0)
      services.logger.warn({ inFlight: gate.inFlight }, 'grace period over: cutting requests still in flight')
    server.closeAllConnections()
    gate?.cutUpgrades()
    await Promise.race([closed, wait(CUT_WAIT_MS)])
  } finally {
    timers.abort()
  }
  await services.close()
  // Last: the settlements drained above end their requests' spans, which then go out with the rest.
  await stopTracing().catch((error: unknown) => services.logger.warn({ err: String(error) }, 'traces not flushed'))
}
