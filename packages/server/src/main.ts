import type { AddressInfo } from 'node:net'
import { createApp } from './app.ts'
import { createHttpServer } from './http-server.ts'
import { readEnv } from './env.ts'
import { createLogger } from './lib/logger.ts'
import { createServices } from './services/container.ts'
import { startJobs } from './jobs/start-jobs.ts'
import { shutdownGracefully } from './shutdown.ts'

/** Boot: environment, database and migrations, caches, jobs, listen; graceful shutdown on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const env = readEnv()
  const logger = createLogger(env.LOG_LEVEL)
  const services = await createServices(env, logger)
  const app = createApp(services)
  const stopJobs = startJobs(services)

  const server = createHttpServer(services, app)
  server.listen(env.PORT, () => {
    const { port } = server.address() as AddressInfo
    logger.info({ port, database: services.dialect, version: services.version }, `console at http://localhost:${port}`)
    if (!services.setup.done) logger.info('first run: open the console to create the root account')
  })

  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down')
    stopJobs()
    shutdownGracefully(server, services)
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: String(error) }, 'shutdown failed')
        process.exit(1)
      })
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
