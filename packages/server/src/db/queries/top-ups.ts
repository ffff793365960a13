import type { Insertable, Kysely, Transaction } from 'kysely'
import type { TopUpsTable } from '../schema/billing.ts'
import type { Database } from '../schema/index.ts'

type Db = Kysely<Database> | Transaction<Database>

export const findTopUp = (db: Db, tradeNo: string) =>
  db.selectFrom('top_ups').selectAll().where('trade_no', '=', tradeNo).executeTakeFirst()

export async function insertTopUp(db: Db, values: Insertable<TopUpsTable>): Promise<void> {
  await db.insertInto('top_ups').values(values).execute()
}

/**
 * Moves a pending order to success. One conditional UPDATE whose affected-row count decides, so
 * however many deliveries race, exactly one settles it (run in the transaction that credits the quota).
 */
export async function settlePendingTopUp(db: Db, tradeNo: string, now: number): Promise<boolean> {
  const settled = await db
    .updateTable('top_ups')
    .set({ status: 'success', complete_time: now })
    .where('trade_no', '=', tradeNo)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return Number(settled.numUpdatedRows) === 1
}

export async function findTopUpStatus(db: Db, tradeNo: string): Promise<string | undefined> {
  const row = await db.selectFrom('top_ups').select('status').where('trade_no', '=', tradeNo).executeTakeFirst()
  return row?.status
}
