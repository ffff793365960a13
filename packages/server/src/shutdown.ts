import type { Server } from 'node:http'
import type { Services } from './services/container.ts'

/**
 * Stops the server without losing money or logs: no new connections, idle keep-alive ones closed,
 * requests in flight (streams included) get `graceMs` to finish, and whatever is still open then
 * is cut, which bills the produced tokens like any client disconnect. Only then are the pending
 * settlements drained, the queued log rows written and the databases closed.
 */
export async function shutdownGracefully(server: Server, services: Services, graceMs = 30_000): Promise<void> {
  await new Promise<void>((resolve) => {
    const cut = setTimeout(() => server.closeAllConnections(), graceMs)
    server.close(() => {
      clearTimeout(cut)
      resolve()
    })
    server.closeIdleConnections()
  })
  await services.close()
}
