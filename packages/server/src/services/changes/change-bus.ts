import { EventEmitter } from 'node:events'
import type { Logger } from '../../lib/logger.ts'
import type { RedisClient } from '../../lib/redis.ts'

/** Something that in-memory caches must forget or reload. */
export type Change =
  | { kind: 'option'; key: string }
  | { kind: 'token'; hash: string }
  | { kind: 'user'; id: number }
  | { kind: 'channels' }

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

  constructor(logger: Logger) {
    this.logger = logger
    this.local.setMaxListeners(50)
  }

  /** `remote` is true for changes announced by another instance. */
  subscribe(listener: (change: Change, remote: boolean) => void): () => void {
    this.local.on('change', listener)
    return () => this.local.off('change', listener)
  }

  async publish(change: Change): Promise<void> {
    this.local.emit('change', change, false)
    if (!this.redis) return
    try {
      await this.redis.publish(this.channel, JSON.stringify({ from: this.instanceId, change }))
    } catch (error) {
      // Periodic cache reloads catch up; a Redis hiccup must not fail the write that caused it.
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
    return async () => {
      this.redis = undefined
      await subscriber.unsubscribe(this.channel)
      subscriber.destroy()
    }
  }
}
