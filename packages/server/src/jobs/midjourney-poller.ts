import type { Env } from '../env.ts'
import { pollMidjourneyTasks } from '../relay/midjourney/mj-poll.ts'
import type { Services } from '../services/container.ts'

/**
 * Seconds between two Midjourney polls: MJ_POLL_INTERVAL_SECONDS (default 15, as the reference
 * polls; the e2e run sets it low so a task finishes within the test). 0, or UPDATE_TASK=false like
 * the reference, switches polling off on this instance.
 */
export function midjourneyPollSeconds(env: Pick<Env, 'UPDATE_TASK' | 'MJ_POLL_INTERVAL_SECONDS'>): number {
  return env.UPDATE_TASK ? env.MJ_POLL_INTERVAL_SECONDS : 0
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
