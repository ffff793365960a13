import { MAX_QUOTA } from '@gateway/shared'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../schema/index.ts'

type Db = Kysely<Database> | Transaction<Database>

/*
 * Credits that keep every balance within MAX_QUOTA. The bound is a condition of the UPDATE that
 * adds (`WHERE quota <= MAX_QUOTA - amount`), never a read before the write, so two credits racing
 * cannot both pass a check made on a balance that the other one is about to change. `MAX_QUOTA -
 * amount` is computed here and bound as one parameter: no dialect has to type `? - ?`, and an
 * amount above MAX_QUOTA makes a negative bound that no balance meets.
 */

/** Adds `amount` (>= 0) to a user's balance unless that would take it above MAX_QUOTA; answers whether it did. */
export async function creditUserQuota(db: Db, userId: number, amount: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ quota: sql`quota + ${amount}` })
    .where('id', '=', userId)
    .where('quota', '<=', MAX_QUOTA - amount)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Moves `amount` of invite reward into a live user's balance in one UPDATE, only while there is
 * that much reward (`aff_quota >= amount`, so concurrent transfers never overdraw) and the balance
 * stays within MAX_QUOTA. Answers whether it moved.
 */
export async function moveAffQuotaToQuota(db: Db, userId: number, amount: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ aff_quota: sql`aff_quota - ${amount}`, quota: sql`quota + ${amount}` })
    .where('id', '=', userId)
    .where('aff_quota', '>=', amount)
    .where('quota', '<=', MAX_QUOTA - amount)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** A user's balances as stored, to tell a refused credit's reason (never to decide it). */
export const readBalances = (db: Db, userId: number) =>
  db.selectFrom('users').select(['quota', 'aff_quota']).where('id', '=', userId).executeTakeFirst()
