import type { ChannelRunProgress } from '@gateway/shared'
import { nowSeconds } from '../../lib/time.ts'

/** The two whole-fleet jobs an admin (or a timer) can start: test every channel, refresh every balance. */
export type ChannelRunKind = 'test' | 'balance'

const idle = (): ChannelRunProgress => ({ running: false, done: 0, total: 0, failed: 0, started_at: 0, finished_at: 0 })

interface Run {
  id: number
  /** the pid of the process that works through it */
  owner: number
  progress: ChannelRunProgress
}

/**
 * Which fleet run of each kind is going and how far it got. One board per machine: a single
 * process keeps its own; the workers of a cluster share the primary's (hosted-state.ts), so that
 * the console's progress reads the same on every worker and a second run cannot start beside the
 * first on another worker. The process doing the run reports each step; a run whose process died
 * is ended by the primary (`ownerGone`), so it does not block the next one.
 */
export class ChannelRunBoard {
  private readonly runs: Record<ChannelRunKind, Run> = {
    test: { id: 0, owner: 0, progress: idle() },
    balance: { id: 0, owner: 0, progress: idle() },
  }
  private lastId = 0

  /** Starts a run of `total` steps; undefined while one of this kind is going. */
  begin(kind: ChannelRunKind, total: number, owner: number): number | undefined {
    if (this.runs[kind].progress.running) return undefined
    const id = ++this.lastId
    const progress = { running: true, done: 0, total, failed: 0, started_at: nowSeconds(), finished_at: 0 }
    this.runs[kind] = { id, owner, progress }
    return id
  }

  /** One step of run `id` done; a step of a run that is no longer current is ignored. */
  advance(kind: ChannelRunKind, id: number, passed: boolean): void {
    const run = this.runs[kind]
    if (run.id !== id || !run.progress.running) return
    run.progress.done++
    if (!passed) run.progress.failed++
  }

  end(kind: ChannelRunKind, id: number): void {
    const run = this.runs[kind]
    if (run.id !== id || !run.progress.running) return
    run.progress.running = false
    run.progress.finished_at = nowSeconds()
  }

  /** A copy of the progress of the current or last run of `kind`. */
  progress(kind: ChannelRunKind): ChannelRunProgress {
    return { ...this.runs[kind].progress }
  }

  /** The process `owner` is gone: its runs end where they got to. */
  ownerGone(owner: number): void {
    for (const kind of Object.keys(this.runs) as ChannelRunKind[])
      if (this.runs[kind].owner === owner) this.end(kind, this.runs[kind].id)
  }
}

/** The board as a worker reaches it: the primary's answers arrive later, the local one's at once. */
export type ChannelRunBook = {
  [M in 'begin' | 'advance' | 'end' | 'progress']: (
    ...args: Parameters<ChannelRunBoard[M]>
  ) => ReturnType<ChannelRunBoard[M]> | Promise<ReturnType<ChannelRunBoard[M]>>
}

export const CHANNEL_RUN_METHODS = ['begin', 'advance', 'end', 'progress'] as const
