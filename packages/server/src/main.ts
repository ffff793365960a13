import cluster from 'node:cluster'
import type { AddressInfo } from 'node:net'
import { createApp } from './app.ts'
import { runPrimary } from './cluster/cluster-primary.ts'
import { WorkerLink } from './cluster/worker-link.ts'
import { environmentWarnings, readEnv, workerCount, workerSlot, type Env } from './env.ts'
import { createHttpServer } from './http-server.ts'
import { startJobs } from './jobs/start-jobs.ts'
import { createLogger, type Logger } from './lib/logger.ts'
import { ownMetrics } from './metrics/exposition.ts'
import { createServices, type Placement } from './services/container.ts'
import { shutdownGracefully } from './shutdown.ts'
import { startTracing } from './tracing/setup-tracing.ts'
import { tracingSettingsOf } from './tracing/tracing-settings.ts'

/**
 * Boot. With one worker this process serves; with several (WORKERS, default one per core) it is
 * the cluster primary and forks the workers, each of which runs serve() below.
 */
async function main(): Promise<void> {
  const env = readEnv()
  const slot = workerSlot()
  const logger = createLogger(env.LOG_LEVEL).child(slot ? { worker: slot } : {})
  if (slot === undefined) for (const warning of environmentWarnings(env)) logger.warn(warning.fields, warning.message)
  const count = workerCount(env)
  if (cluster.isPrimary && count > 1) return runPrimary(env, logger, count)
  if (slot === undefined) return serve(env, logger)
  // Only the first worker migrates and runs the jobs; the others serve beside it.
  const link = new WorkerLink(process as unknown as ConstructorParameters<typeof WorkerLink>[0])
  return serve({ ...env, NODE_TYPE: slot === 1 ? env.NODE_TYPE : 'slave' }, logger, { slot, link })
}

/** Database, caches, jobs, listen; graceful shutdown on SIGTERM/SIGINT (and, in a worker, when the primary is gone). */
async function serve(env: Env, logger: Logger, placement?: Placement): Promise<void> {
  const services = await createServices(env, logger, {}, placement)
  placement?.link.answerMetrics(() => ownMetrics(services))
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
    if (placement) {
      logger.info({ port }, 'worker listening')
      placement.link.ready(port)
    } else
      logger.info(
        { port, database: services.dialect, version: services.version },
        `console at http://localhost:${port}`
      )
    if (!services.setup.done && (placement?.slot ?? 1) === 1)
      logger.info(`first run: open http://localhost:${port}/ to create the root account`)
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
  // The primary died (kill -9 included): finish what is in flight and go, rather than serve orphaned.
  // Node's cluster would exit the worker on the spot (losing the answers in flight and the queued
  // settlements) unless the disconnect counts as expected, which its own listener checks first.
  cluster.worker?.once('disconnect', () => {
    if (cluster.worker) cluster.worker.exitedAfterDisconnect = true
    shutdown('primary gone')
  })
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
