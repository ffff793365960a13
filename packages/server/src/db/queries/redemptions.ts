import { RedemptionStatus } from '@gateway/shared'
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely'
import type { DialectName } from '../dsn.ts'
import { escapeLike, likePattern } from '../like.ts'
import type { RedemptionsTable } from '../schema/billing.ts'
import type { Database } from '../schema/index.ts'
import { deletedNow } from './soft-delete.ts'

export type RedemptionRow = Selectable<RedemptionsTable>
type Db = Kysely<Database> | Transaction<Database>

/** Soft-deleted codes are gone for the console and for redeeming alike. */
const live = (db: Db) => db.selectFrom('redemptions').selectAll().where('deleted_at', 'is', null)

export const findRedemption = (db: Db, id: number): Promise<RedemptionRow | undefined> =>
  live(db).where('id', '=', id).executeTakeFirst()

export interface RedemptionFilter {
  /** an exact id when numeric, or the start of the name (matched literally) */
  keyword?: string
}

/** A page of codes, newest first, and how many match in all. */
export async function listRedemptionPage(
  db: Db,
  dialect: DialectName,
  filter: RedemptionFilter,
  page: { offset: number; limit: number }
): Promise<{ rows: RedemptionRow[]; total: number }> {
  let query = live(db)
  if (filter.keyword) {
    const keyword = filter.keyword
    const id = /^\d{1,10}$/.test(keyword) ? Number(keyword) : 0
    // A prefix pattern can use the name index; a numeric keyword is also tried as an exact id.
    const byName = likePattern(dialect, 'name', `${escapeLike(keyword)}%`)
    query = query.where((eb) => (id > 0 && id <= 2_147_483_647 ? eb.or([eb('id', '=', id), byName]) : byName))
  }
  const [rows, count] = await Promise.all([
    query.orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

/** Inserts the codes in one statement (count is at most 100). */
export async function insertRedemptions(db: Db, rows: Insertable<RedemptionsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('redemptions').values(rows).execute()
}

/**
 * Changes name and quota only while the code is unused, in the same statement that checks it, so a
 * code redeemed meanwhile is never edited. Returns whether a row changed.
 */
export async function updateUnusedRedemption(
  db: Db,
  id: number,
  changes: { name?: string; quota?: number; expired_time?: number }
): Promise<boolean> {
  const result = await db
    .updateTable('redemptions')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', RedemptionStatus.unused)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Sets the status unless the code is used (3); the check is part of the update, so redeeming cannot race it. */
export async function setRedemptionStatus(db: Db, id: number, status: number): Promise<boolean> {
  const result = await db
    .updateTable('redemptions')
    .set({ status })
    .where('id', '=', id)
    .where('status', '!=', RedemptionStatus.used)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Soft-deletes the live codes among `ids`; returns how many. */
export async function softDeleteRedemptions(db: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0
  const result = await db
    .updateTable('redemptions')
    .set({ deleted_at: deletedNow() })
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * Soft-deletes every live code that can no longer be redeemed (used, disabled, or unused past its
 * expiry time), as the reference's "clear invalid codes" does; returns how many.
 */
export async function softDeleteInvalidRedemptions(db: Db, now: number): Promise<number> {
  const result = await db
    .updateTable('redemptions')
    .set({ deleted_at: deletedNow() })
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('status', 'in', [RedemptionStatus.used, RedemptionStatus.disabled]),
        eb.and([eb('status', '=', RedemptionStatus.unused), eb('expired_time', '!=', 0), eb('expired_time', '<', now)]),
      ])
    )
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * Claims an unused, unexpired code for a user: one conditional UPDATE whose affected-row count
 * decides who won (run in the transaction that credits the quota). Answers whether this call won.
 */
export async function claimRedemption(db: Db, key: string, userId: number, now: number): Promise<boolean> {
  const claimed = await db
    .updateTable('redemptions')
    .set({ status: RedemptionStatus.used, used_user_id: userId, redeemed_time: now })
    .where('key', '=', key)
    .where('status', '=', RedemptionStatus.unused)
    .where('deleted_at', 'is', null)
    // expired_time 0 never expires; an expiry in the past keeps the code unclaimed.
    .where((eb) => eb.or([eb('expired_time', '=', 0), eb('expired_time', '>=', now)]))
    .executeTakeFirst()
  return Number(claimed.numUpdatedRows) === 1
}

/** The id and quota of a code, by its key (the caller knows it exists: it just claimed it). */
export const findRedemptionQuotaByKey = (db: Db, key: string) =>
  db.selectFrom('redemptions').select(['id', 'quota']).where('key', '=', key).executeTakeFirstOrThrow()

/** A code's state by its key, cancelled codes included, to tell why a claim failed. */
export const findRedemptionStateByKey = (db: Db, key: string) =>
  db
    .selectFrom('redemptions')
    .select(['status', 'deleted_at', 'expired_time'])
    .where('key', '=', key)
    .executeTakeFirst()
