import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema/index.ts'
import type { Logger } from '../../lib/logger.ts'

interface Bucket {
  userId: number
  username: string
  model: string
  hour: number
  count: number
  quota: number
  tokens: number
}

/**
 * Hourly consumption per user and model for the dashboard (quota_data), so that charts never scan
 * the logs. Requests add to in-memory buckets; `flush()` adds the buckets to their rows (an
 * increment, so several instances can flush into the same hour).
 */
export class QuotaRollup {
  private buckets = new Map<string, Bucket>()
  private readonly db: Kysely<Database>
  private readonly logger: Logger

  constructor(db: Kysely<Database>, logger: Logger) {
    this.db = db
    this.logger = logger
  }

  add(userId: number, username: string, model: string, at: number, quota: number, tokens: number): void {
    this.merge({ userId, username, model, hour: at - (at % 3600), count: 1, quota, tokens })
  }

  private merge(bucket: Bucket): void {
    const key = `${bucket.userId}\u0000${bucket.model}\u0000${bucket.hour}`
    const existing = this.buckets.get(key)
    if (!existing) {
      this.buckets.set(key, { ...bucket })
      return
    }
    existing.count += bucket.count
    existing.quota += bucket.quota
    existing.tokens += bucket.tokens
  }

  async flush(): Promise<void> {
    if (this.buckets.size === 0) return
    const buckets = [...this.buckets.values()]
    this.buckets = new Map()
    for (const [index, b] of buckets.entries()) {
      try {
        const updated = await this.db
          .updateTable('quota_data')
          .set({ count: sql`count + ${b.count}`, quota: sql`quota + ${b.quota}`, token_used: sql`token_used + ${b.tokens}` })
          .where('user_id', '=', b.userId)
          .where('model_name', '=', b.model)
          .where('created_at', '=', b.hour)
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) === 0) {
          await this.db
            .insertInto('quota_data')
            .values({ user_id: b.userId, username: b.username, model_name: b.model, created_at: b.hour, count: b.count, quota: b.quota, token_used: b.tokens })
            .execute()
        }
      } catch (error) {
        // Put back what was not written (a racing insert from another instance is retried as an update).
        for (const rest of buckets.slice(index)) this.merge(rest)
        this.logger.error({ err: String(error) }, 'quota rollup flush failed; will retry')
        return
      }
    }
  }
}
