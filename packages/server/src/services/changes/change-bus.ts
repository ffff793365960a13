import { EventEmitter } from 'node:events'
import type { Logger } from '../../lib/logger.ts'
import { bounded, type RedisClient } from '../../lib/redis.ts'

/** Something that in-memory caches must forget or reload. */
export type Change =
  | { kind: 'option'; key: string }
  | { kind: 'token'; hash: string }
  | { kind: 'user'; id: number }
  | { kind: 'channels' }
  /** Changes may have been missed (Redis was away): reload everything from the database. */
  | { kind: 'resync' }

/**
 * Tells every cache of every instance that data changed. Locally it is an event; with Redis the
 * change is also published, and other instances deliver it to their own listeners. Messages only
 * name what changed: receivers re-read the database, never trust a payload.
 */
export class ChangeBus {
  private readonly local = new EventEmitter()
  private redis: RedisClient | undefined
  private channel = ''
  private readonly instanceId = Math.random().toString(36).slice(2)
  private readonly logger: Logger
  /** publishes that failed so far, and how many of them a resync received by the others made up for */
  private failedPublishes = 0
  private madeUp = 0

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
    await this.announce(change)
  }

  private async announce(change: Change): Promise<void> {
    const redis = this.redis
    if (!redis) return
    const failed = this.failedPublishes
    // While the others miss a change of this instance, a resync goes out instead: it covers that one and this.
    const sent: Change = failed > this.madeUp ? { kind: 'resync' } : change
    try {
      await bounded(redis, () => redis.publish(this.channel, JSON.stringify({ from: this.instanceId, change: sent })))
      if (sent.kind === 'resync') this.madeUp = Math.max(this.madeUp, failed)
    } catch (error) {
      // A Redis hiccup must not fail the write that caused it; the next publish (or reconnect) makes up for it.
      this.failedPublishes++
      this.logger.warn({ err: String(error), kind: change.kind }, 'change not published')
    }
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
      if (this.failedPublishes > this.madeUp) void this.announce({ kind: 'resync' })
    }
    subscriber.on('ready', resubscribed)
    redis.on('ready', reconnected)
    return async () => {
      this.redis = undefined
      redis.off('ready', reconnected)
      // Closing the connection ends the subscription; an UNSUBSCRIBE would fail (or wait) with Redis down.
      subscriber.destroy()
    }
  }
}
