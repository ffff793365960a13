import { ChannelStatus } from '@gateway/shared'
import { sql, type Kysely } from 'kysely'
import type { Database } from '../schema/index.ts'

/**
 * Sets a channel's status with the reason and time kept in other_info, and its abilities'
 * enabled flag, in one transaction. Only changes a channel that is in one of `fromStatuses`
 * (so a manual disable is never overwritten by an automatic enable). Returns whether it changed.
 */
export async function setChannelStatus(
  db: Kysely<Database>,
  channelId: number,
  status: number,
  reason: string,
  at: number,
  fromStatuses: number[]
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('channels')
      .select(['status', 'other_info'])
      .where('id', '=', channelId)
      .executeTakeFirst()
    if (!row || !fromStatuses.includes(row.status)) return false
    let info: Record<string, unknown> = {}
    try {
      info = JSON.parse(row.other_info || '{}') as Record<string, unknown>
    } catch {
      info = {}
    }
    await trx
      .updateTable('channels')
      .set({ status, other_info: JSON.stringify({ ...info, status_reason: reason, status_time: at }) })
      .where('id', '=', channelId)
      .execute()
    await trx
      .updateTable('abilities')
      .set({ enabled: status === ChannelStatus.enabled })
      .where('channel_id', '=', channelId)
      .execute()
    return true
  })
}

/** Adds the quota a channel earned, batched by the caller. */
export async function addChannelUsedQuota(db: Kysely<Database>, channelId: number, quota: number): Promise<void> {
  await db
    .updateTable('channels')
    .set({ used_quota: sql`used_quota + ${quota}` })
    .where('id', '=', channelId)
    .execute()
}
