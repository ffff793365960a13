import type { ChannelRunProgress } from '@gateway/shared'
import { nowSeconds } from '../../lib/time.ts'
import type { Services } from '../container.ts'

/** The two whole-fleet jobs an admin (or a timer) can start: test every channel, refresh every balance. */
export type ChannelRunKind = 'test' | 'balance'

const idle = (): ChannelRunProgress => ({ running: false, done: 0, total: 0, failed: 0, started_at: 0, finished_at: 0 })

/**
 * Run state lives beside the services container (a WeakMap, not a module singleton) so that every
 * app built in one process - each test harness - has its own. It is per instance: with several
 * instances each one guards only its own runs, which is enough because the timers run on the master.
 */
const states = new WeakMap<Services, Record<ChannelRunKind, ChannelRunProgress>>()

function stateOf(services: Services): Record<ChannelRunKind, ChannelRunProgress> {
  let state = states.get(services)
  if (!state) {
    state = { test: idle(), balance: idle() }
    states.set(services, state)
  }
  return state
}

/** A copy of the progress of the current or last run. */
export const channelRunProgress = (services: Services, kind: ChannelRunKind): ChannelRunProgress => ({
  ...stateOf(services)[kind],
})

/**
 * Works through `ids` one after another (upstreams and rate limits are spared; a fleet test is not
 * urgent), `each` answering whether the channel passed. Returns undefined, starting nothing, while
 * a run of the same kind is under way; otherwise `finished`, the promise of the whole run, which
 * never rejects. (Wrapped in an object so that an async caller returning it does not wait for it.)
 */
/** A started run. */
export interface ChannelRun {
  finished: Promise<void>
}

export function startChannelRun(
  services: Services,
  kind: ChannelRunKind,
  ids: readonly number[],
  each: (id: number) => Promise<boolean>,
  pauseMs = 0
): ChannelRun | undefined {
  const state = stateOf(services)
  if (state[kind].running) return undefined
  const progress: ChannelRunProgress = {
    running: true,
    done: 0,
    total: ids.length,
    failed: 0,
    started_at: nowSeconds(),
    finished_at: 0,
  }
  state[kind] = progress
  const run = async () => {
    for (const id of ids) {
      let passed = false
      try {
        passed = await each(id)
      } catch (error) {
        services.logger.warn({ job: kind, channel: id, err: String(error) }, 'channel run step failed')
      }
      progress.done++
      if (!passed) progress.failed++
      if (pauseMs > 0 && progress.done < ids.length) await new Promise((done) => setTimeout(done, pauseMs))
    }
  }
  const finished = run().finally(() => {
    progress.running = false
    progress.finished_at = nowSeconds()
  })
  return { finished }
}
