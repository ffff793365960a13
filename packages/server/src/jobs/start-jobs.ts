import { startTestAllRun } from '../services/channels/test-channels.ts'
import { startBalanceUpdateRun } from '../services/channels/update-balance.ts'
import type { Services } from '../services/container.ts'
import { sweepStoredResponses } from '../services/responses/response-store.ts'
import { purgeDeadSessions } from '../services/sessions/sessions.ts'
import { midjourneyPollJob, midjourneyPollSeconds } from './midjourney-poller.ts'
import { createSunoPoller, sunoPollSeconds } from './suno-task-poller.ts'

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

  // Without Redis there is no change notification between instances, and with it a notification can
  // still be lost (a publish or a subscriber during an outage): a periodic reload catches up either way.
  if (services.env.SYNC_FREQUENCY > 0) every(services.env.SYNC_FREQUENCY, 'sync-options', () => services.options.load())
  if (services.env.NODE_TYPE === 'master')
    every(3600, 'purge-sessions', () => purgeDeadSessions(services.db, services.options))
  // Lookups already ignore expired responses; the sweep only frees their rows, so hourly is enough.
  if (services.env.NODE_TYPE === 'master') every(3600, 'sweep-stored-responses', () => sweepStoredResponses(services))

  const relay = services.relay
  // The routing table also refreshes on a timer, for changes made by another instance without Redis.
  if (services.env.SYNC_FREQUENCY > 0)
    every(services.env.SYNC_FREQUENCY, 'channel-cache', () => relay.channels.refresh())
  // Fleet runs share the console's guard: a timer never starts a second run beside one an admin started.
  const testMinutes = channelTestMinutes(services.env)
  if (services.env.NODE_TYPE === 'master' && testMinutes > 0) {
    every(
      testMinutes * 60,
      'test-channels',
      async () => (await startTestAllRun(services, services.env.POLLING_INTERVAL * 1000))?.finished
    )
  }
  if (services.env.NODE_TYPE === 'master' && services.env.CHANNEL_UPDATE_FREQUENCY > 0) {
    every(
      services.env.CHANNEL_UPDATE_FREQUENCY * 60,
      'update-balances',
      async () => (await startBalanceUpdateRun(services))?.finished
    )
  }
  // Suno tasks: unfinished ones are polled from their channel; a failure is refunded once.
  const sunoSeconds = sunoPollSeconds(services.env)
  if (services.env.NODE_TYPE === 'master' && sunoSeconds > 0)
    every(sunoSeconds, 'suno-tasks', createSunoPoller(services))

  // Midjourney tasks: unfinished ones are polled from their proxies; failures are refunded once.
  const mjPollSeconds = midjourneyPollSeconds(services.env)
  if (services.env.NODE_TYPE === 'master' && mjPollSeconds > 0)
    every(mjPollSeconds, 'midjourney-poll', midjourneyPollJob(services))

  return () => {
    for (const timer of timers) clearInterval(timer)
  }
}

/** The reference's interval of automatic channel tests when CHANNEL_TEST_ENABLED alone turns them on. */
const DEFAULT_CHANNEL_TEST_MINUTES = 10

/**
 * Minutes between automatic tests of every channel, 0 for none. As in the reference,
 * CHANNEL_TEST_FREQUENCY turns them on at that interval, and CHANNEL_TEST_ENABLED, when set, has
 * the last word: false switches them off, true on (every 10 minutes unless a frequency is given).
 */
export function channelTestMinutes(
  env: Pick<Services['env'], 'CHANNEL_TEST_FREQUENCY' | 'CHANNEL_TEST_ENABLED'>
): number {
  const enabled = env.CHANNEL_TEST_ENABLED ?? env.CHANNEL_TEST_FREQUENCY > 0
  if (!enabled) return 0
  return env.CHANNEL_TEST_FREQUENCY > 0 ? env.CHANNEL_TEST_FREQUENCY : DEFAULT_CHANNEL_TEST_MINUTES
}
