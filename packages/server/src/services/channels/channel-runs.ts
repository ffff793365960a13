import type { ChannelRunProgress } from '@gateway/shared'
import type { Services } from '../container.ts'
import type { ChannelRunKind } from './channel-run-board.ts'

export type { ChannelRunKind } from './channel-run-board.ts'

/** A copy of the progress of the current or last run, from this machine's board (channel-run-board.ts). */
export const channelRunProgress = async (services: Services, kind: ChannelRunKind): Promise<ChannelRunProgress> =>
  await services.channelRuns.progress(kind)

/** A started run. (Wrapped in an object so that an async caller returning it does not wait for it.) */
export interface ChannelRun {
  finished: Promise<void>
}

/**
 * Works through `ids` one after another (upstreams and rate limits are spared; a fleet test is not
 * urgent), `each` answering whether the channel passed. Returns undefined, starting nothing, while
 * a run of the same kind is under way on this machine; otherwise `finished`, the promise of the
 * whole run, which never rejects.
 */
export async function startChannelRun(
  services: Services,
  kind: ChannelRunKind,
  ids: readonly number[],
  each: (id: number) => Promise<boolean>,
  pauseMs = 0
): Promise<ChannelRun | undefined> {
  const board = services.channelRuns
  const id = await board.begin(kind, ids.length, process.pid)
  if (id === undefined) return undefined
  const run = async () => {
    let done = 0
    for (const channelId of ids) {
      let passed = false
      try {
        passed = await each(channelId)
      } catch (error) {
        services.logger.warn({ job: kind, channel: channelId, err: String(error) }, 'channel run step failed')
      }
      done++
      await board.advance(kind, id, passed)
      if (pauseMs > 0 && done < ids.length) await new Promise((resolve) => setTimeout(resolve, pauseMs))
    }
  }
  const finished = run()
    .finally(() => board.end(kind, id))
    .catch((error: unknown) => services.logger.warn({ job: kind, err: String(error) }, 'channel run did not finish'))
  return { finished }
}
