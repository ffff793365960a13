import { pollMidjourneyTasks } from '../relay/midjourney/mj-poll.ts'
import type { Services } from '../services/container.ts'

/** The reference polls every 15 s. */
export const DEFAULT_MJ_POLL_SECONDS = 15

/**
 * Seconds between two Midjourney polls: env MJ_POLL_INTERVAL_SECONDS (default 15; the e2e run
 * sets it low so a task finishes within the test). 0, or UPDATE_TASK=false like the reference,
 * switches polling off on this instance.
 */
export function midjourneyPollSeconds(env: NodeJS.ProcessEnv = process.env): number {
  if ((env.UPDATE_TASK ?? '').trim().toLowerCase() === 'false') return 0
  const raw = (env.MJ_POLL_INTERVAL_SECONDS ?? '').trim()
  if (raw === '') return DEFAULT_MJ_POLL_SECONDS
  const seconds = Number(raw)
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 3600) : DEFAULT_MJ_POLL_SECONDS
}

/**
 * A poll that skips its turn while the previous one still runs, so one instance never polls the
 * same tasks twice at once (two instances may; the refund is guarded by the row itself).
 */
export function midjourneyPollJob(services: Services): () => Promise<unknown> {
  let running: Promise<unknown> | undefined
  return () => {
    if (running) return Promise.resolve()
    running = pollMidjourneyTasks(services).finally(() => {
      running = undefined
    })
    return running
  }
}
