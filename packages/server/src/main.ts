import type { AddressInfo } from 'node:net'
import { createApp } from './app.ts'
import { environmentWarnings, readEnv } from './env.ts'
import { createHttpServer } from './http-server.ts'
import { startJobs } from './jobs/start-jobs.ts'
import { createLogger } from './lib/logger.ts'
import { createServices } from './services/container.ts'
import { shutdownGracefully } from './shutdown.ts'
import { startTracing } from './tracing/setup-tracing.ts'
import { tracingSettingsOf } from './tracing/tracing-settings.ts'

/** Boot: environment, database and migrations, caches, jobs, listen; graceful shutdown on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const env = readEnv()
  const logger = createLogger(env.LOG_LEVEL)
  for (const warning of environmentWarnings(env)) logger.warn(warning.fields, warning.message)
  const services = await createServices(env, logger)
  const tracing = tracingSettingsOf(env)
  if (tracing) {
    await startTracing(tracing, { version: services.version })
    logger.info({ endpoint: tracing.url, sampler: tracing.sampler }, 'OpenTelemetry traces on')
  }
  const app = createApp(services)
  const stopJobs = startJobs(services)

  const server = createHttpServer(services, app)
  server.listen(env.PORT, () => {
    const { port } = server.address() as AddressInfo
    logger.info({ port, database: services.dialect, version: services.version }, `console at http://localhost:${port}`)
    if (!services.setup.done) logger.info(`first run: open http://localhost:${port}/ to create the root account`)
  })

  let stopping = false
  const shutdown = (signal: string) => {
    // A second signal changes nothing: exiting now would lose the settlements still being written.
    if (stopping) return void logger.info({ signal }, 'already shutting down')
    stopping = true
    const started = performance.now()
    logger.info({ signal }, 'shutting down')
    stopJobs()
    shutdownGracefully(server, services, env.SHUTDOWN_TIMEOUT_SECONDS * 1000)
      .then(() => {
        logger.info({ ms: Math.round(performance.now() - started) }, 'shut down')
        // Exit now rather than when the event loop empties: a pool, a Redis client or a timer
        // someone forgot to unref would otherwise keep the process up after everything is written.
        process.exit(0)
      })
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
