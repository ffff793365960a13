import { EventEmitter } from 'node:events'
import type { Logger } from '../../lib/logger.ts'
import { bounded, REDIS_STALL_PAUSE_MS, type RedisClient } from '../../lib/redis.ts'

/** Something that in-memory caches must forget or reload. */
export type Change =
  | { kind: 'option'; key: string }
  | { kind: 'token'; hash: string }
  | { kind: 'user'; id: number }
  | { kind: 'channels' }
  /** the setup state changed (root created, its default password replaced): every instance reloads it */
  | { kind: 'setup' }
  /** Changes may have been missed (Redis was away): reload everything from the database. */
  | { kind: 'resync' }

/** The workers' channel to their cluster primary (cluster/worker-link.ts), as far as changes go. */
export interface ChangeChannel {
  announce(change: Change): void
  onChange(listener: (change: Change) => void): void
}

/**
 * While a resync is owed, it is published again this often until one publish succeeds. Just over the
 * stall pause, so that a retry after a stalled call does not fall into the window that call opened.
 */
export const RESYNC_RETRY_MS = REDIS_STALL_PAUSE_MS + 100

/**
 * Tells every cache of every instance that data changed. Locally it is an event; with Redis the
 * change is also published, and other instances deliver it to their own listeners (the workers of
 * one machine without Redis: through their cluster primary). Messages only
 * name what changed: receivers re-read the database, never trust a payload.
 */
export class ChangeBus {
  private readonly local = new EventEmitter()
  private redis: RedisClient | undefined
  private cluster: ChangeChannel | undefined
  private channel = ''
  private readonly instanceId = Math.random().toString(36).slice(2)
  private readonly logger: Logger
  /** publishes that failed so far, and how many of them a resync received by the others made up for */
  private failedPublishes = 0
  private madeUp = 0
  /** Pending retry of the owed resync: set while a publish failed and no resync made up for it yet. */
  private retry: NodeJS.Timeout | undefined

  constructor(logger: Logger) {
    this.logger = logger
    this.local.setMaxListeners(50)
  }

  /** `remote` is true for changes made elsewhere: announced by another instance, or a resync. */
  subscribe(listener: (change: Change, remote: boolean) => void): () => void {
    this.local.on('change', listener)
    return () => this.local.off('change', listener)
  }

  async publish(change: Change): Promise<void> {
    this.local.emit('change', change, false)
    this.cluster?.announce(change)
    await this.announce(change)
  }

  /** Some change of this instance never reached the others, and no resync made up for it yet. */
  private get owed(): boolean {
    return this.failedPublishes > this.madeUp
  }

  private async announce(change: Change): Promise<void> {
    const redis = this.redis
    if (!redis) return
    const failed = this.failedPublishes
    // While the others miss a change of this instance, a resync goes out instead: it covers that one and this.
    const sent: Change = this.owed ? { kind: 'resync' } : change
    try {
      await bounded(redis, () => redis.publish(this.channel, JSON.stringify({ from: this.instanceId, change: sent })))
      if (sent.kind === 'resync') this.madeUp = Math.max(this.madeUp, failed)
      if (!this.owed) this.stopRetry()
    } catch (error) {
      // A Redis hiccup must not fail the write that caused it; the resync is retried until one is published.
      const firstMiss = !this.owed
      this.failedPublishes++
      if (firstMiss) this.logger.warn({ err: String(error), kind: change.kind }, 'change not published: resync owed')
      else this.logger.debug({ err: String(error), kind: change.kind }, 'change not published: resync still owed')
      this.scheduleRetry()
    }
  }

  /**
   * Retries the owed resync on its own: waiting for the next change (or a reconnect) would leave the
   * others stale for as long as this instance changes nothing, and that next publish may fail too.
   * Counted from the latest failure, so the retry comes after any stall pause open at that time.
   * Each failed attempt schedules the next one; a success ends the chain.
   */
  private scheduleRetry(): void {
    this.stopRetry()
    if (!this.redis) return
    this.retry = setTimeout(() => {
      this.retry = undefined
      if (this.owed) void this.announce({ kind: 'resync' })
    }, RESYNC_RETRY_MS)
    // An owed resync must not keep the process alive.
    this.retry.unref()
  }

  private stopRetry(): void {
    clearTimeout(this.retry)
    this.retry = undefined
  }

  /**
   * Joins the other workers of this machine through the cluster primary (when there is no Redis).
   * The channel is a pipe to a parent that outlives the workers, so nothing is lost or owed.
   */
  connectCluster(link: ChangeChannel): void {
    this.cluster = link
    link.onChange((change) => this.local.emit('change', change, true))
  }

  /** Joins the other instances through Redis pub/sub. Returns the function that leaves. */
  async connect(redis: RedisClient, prefix: string): Promise<() => Promise<void>> {
    this.redis = redis
    this.channel = `${prefix}:changes`
    const subscriber = redis.duplicate()
    subscriber.on('error', (error: Error) => this.logger.warn({ err: error.message }, 'redis subscriber error'))
    await subscriber.connect()
    await subscriber.subscribe(this.channel, (message) => {
      try {
        const { from, change } = JSON.parse(message) as { from: string; change: Change }
        if (from !== this.instanceId) this.local.emit('change', change, true)
      } catch {
        this.logger.warn('malformed change message ignored')
      }
    })
    // Every later 'ready' is a reconnect, emitted once the subscription is live again: whatever was
    // published meanwhile is lost, so this instance's caches start over from the database.
    const resubscribed = () => {
      this.logger.info('redis subscriber back: reloading options and caches')
      this.local.emit('change', { kind: 'resync' } satisfies Change, true)
    }
    // Changes this instance made while Redis was away never reached the others (whose subscribers
    // may not have noticed the outage at all, e.g. when only this instance lost its connection).
    const reconnected = () => {
      if (this.owed) void this.announce({ kind: 'resync' })
    }
    subscriber.on('ready', resubscribed)
    redis.on('ready', reconnected)
    // Owed from an earlier connection: make up for it on this one.
    if (this.owed) this.scheduleRetry()
    return async () => {
      this.redis = undefined
      this.stopRetry()
      redis.off('ready', reconnected)
      // Closing the connection ends the subscription; an UNSUBSCRIBE would fail (or wait) with Redis down.
      subscriber.destroy()
    }
  }
}
