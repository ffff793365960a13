import cluster, { type Worker } from 'node:cluster'
import { workerEnv, type Env } from '../env.ts'
import type { Logger } from '../lib/logger.ts'
import { HostedState } from './hosted-state.ts'
import { PrimaryHub } from './primary-hub.ts'

/** A worker that dies after it served is replaced after this pause, so a crash loop does not spin. */
const RESTART_DELAY_MS = 1_000

/**
 * The cluster primary: serves nothing itself. It forks `count` workers that share the port, the
 * first alone (it migrates the database and runs the jobs), the others once it listens; it replaces
 * a worker that dies, carries what the workers share (see PrimaryHub), and on SIGTERM/SIGINT asks
 * each worker to shut down gracefully and exits once all have.
 */
export async function runPrimary(env: Env, logger: Logger, count: number): Promise<void> {
  const state = new HostedState(env)
  const hub = new PrimaryHub(state, logger)
  const live = new Map<number, Worker>()
  let stopping = false

  const fork = (slot: number): Promise<number> =>
    new Promise<number>((resolve, reject) => {
      const worker = cluster.fork(workerEnv(slot))
      live.set(slot, worker)
      let listening = false
      hub.attach(worker, (port) => {
        listening = true
        resolve(port)
      })
      worker.on('exit', (code, signal) => {
        hub.detach(worker)
        if (worker.process.pid !== undefined) state.workerGone(worker.process.pid)
        if (live.get(slot) === worker) live.delete(slot)
        if (stopping) {
          if (live.size === 0) process.exit(0)
          return
        }
        if (!listening) return reject(new Error(`worker ${slot} exited (${code ?? signal}) before it listened`))
        logger.error({ slot, pid: worker.process.pid, code, signal }, 'worker died; starting another')
        setTimeout(() => {
          if (!stopping)
            fork(slot).catch((error: unknown) => logger.error({ slot, err: String(error) }, 'worker did not restart'))
        }, RESTART_DELAY_MS)
      })
    })

  const stop = (signal: string) => {
    if (stopping) return void logger.info({ signal }, 'already shutting down')
    stopping = true
    logger.info({ signal, workers: live.size }, 'shutting down the workers')
    if (live.size === 0) process.exit(0)
    for (const worker of live.values()) worker.process.kill('SIGTERM')
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))

  try {
    const port = await fork(1)
    await Promise.all(Array.from({ length: count - 1 }, (_, i) => fork(i + 2)))
    logger.info({ port, workers: count, version: env.VERSION }, `console at http://localhost:${port}`)
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, 'workers did not start')
    stopping = true
    for (const worker of live.values()) worker.process.kill('SIGKILL')
    process.exit(1)
  }
}
