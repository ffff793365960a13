import type { Kysely } from 'kysely'
import { addChannelUsedQuota } from '../../db/queries/channel-status.ts'
import type { Database } from '../../db/schema/index.ts'
import type { Logger } from '../../lib/logger.ts'

/**
 * channels.used_quota is a statistic, not a balance: it is summed in memory and written in the
 * background, so channel rows are not a write hot spot. Flushed on shutdown too.
 */
export class ChannelUsage {
  private pending = new Map<number, number>()
  private readonly db: Kysely<Database>
  private readonly logger: Logger

  constructor(db: Kysely<Database>, logger: Logger) {
    this.db = db
    this.logger = logger
  }

  add(channelId: number, quota: number): void {
    if (quota > 0) this.pending.set(channelId, (this.pending.get(channelId) ?? 0) + quota)
  }

  async flush(): Promise<void> {
    const batch = this.pending
    this.pending = new Map()
    for (const [channelId, quota] of batch) {
      try {
        await addChannelUsedQuota(this.db, channelId, quota)
      } catch (error) {
        this.add(channelId, quota)
        this.logger.error({ err: String(error), channelId }, 'channel usage flush failed; will retry')
      }
    }
  }
}
