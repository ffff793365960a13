import type { AddressInfo } from 'node:net'
import { createApp } from './app.ts'
import { createHttpServer } from './http-server.ts'
import { readEnv } from './env.ts'
import { createLogger } from './lib/logger.ts'
import { createServices } from './services/container.ts'
import { startJobs } from './jobs/start-jobs.ts'

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
    // Stop accepting, let in-flight requests finish, then release the database.
    server.close(() => {
      services
        .close()
        .then(() => process.exit(0))
        .catch(() => process.exit(1))
    })
    setTimeout(() => process.exit(0), 30_000).unref()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
