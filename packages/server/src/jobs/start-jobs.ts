import { deleteExpiredSessions } from '../db/queries/sessions.ts'
import { nowSeconds } from '../lib/time.ts'
import type { Services } from '../services/container.ts'

/**
 * Starts the background jobs and returns a function that stops them. Secondary nodes only keep
 * their option cache fresh; housekeeping runs on the master.
 */
export function startJobs(services: Services): () => void {
  const timers: NodeJS.Timeout[] = []
  const every = (seconds: number, name: string, job: () => Promise<unknown>) => {
    const timer = setInterval(() => {
      job().catch((error: unknown) => services.logger.error({ job: name, err: String(error) }, 'job failed'))
    }, seconds * 1000)
    timer.unref()
    timers.push(timer)
  }

  // Without Redis there is no change notification between instances; a periodic reload catches up.
  if (!services.redis && services.env.SYNC_FREQUENCY > 0) every(services.env.SYNC_FREQUENCY, 'sync-options', () => services.options.load())
  if (services.env.NODE_TYPE === 'master') every(3600, 'purge-sessions', () => deleteExpiredSessions(services.db, nowSeconds()))

  return () => {
    for (const timer of timers) clearInterval(timer)
  }
}
