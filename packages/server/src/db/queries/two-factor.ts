import type { Kysely, Selectable, Transaction } from 'kysely'
import type { Database } from '../schema/index.ts'
import type { TwoFasTable } from '../schema/two-factor.ts'

export type TwoFactorRow = Selectable<TwoFasTable>
type Db = Kysely<Database> | Transaction<Database>

/**
 * The datetime written for a unix time (callers keep counting in seconds). The reference's columns
 * are datetimes, where a number is a type error on PostgreSQL and refused by strict MySQL; the
 * SQLite driver writes a Date as ISO text, which the reference reads back as a time.
 */
const at = (seconds: number): Date => new Date(seconds * 1000)

/** The user's factor, confirmed or still being set up; soft-deleted rows (reference data) do not count. */
export const findTwoFactor = (db: Db, userId: number) =>
  db.selectFrom('two_fas').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst()

export async function isTwoFactorEnabled(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('two_fas')
    .select('id')
    .where('user_id', '=', userId)
    .where('is_enabled', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return row !== undefined
}

/** Removes the user's factor (any state) and every backup code of it. */
export async function deleteTwoFactor(db: Db, userId: number): Promise<number> {
  await db.deleteFrom('two_fa_backup_codes').where('user_id', '=', userId).execute()
  const result = await db.deleteFrom('two_fas').where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Removes an enrolment that was never confirmed (a confirmed factor is left alone). */
export async function deletePendingTwoFactor(db: Db, userId: number): Promise<void> {
  const pending = await db
    .selectFrom('two_fas')
    .select('id')
    .where('user_id', '=', userId)
    .where('is_enabled', '=', false)
    .executeTakeFirst()
  if (!pending) return
  await db.deleteFrom('two_fa_backup_codes').where('user_id', '=', userId).execute()
  await db.deleteFrom('two_fas').where('id', '=', pending.id).execute()
}

export async function insertTwoFactor(db: Db, row: { user_id: number; secret: string; now: number }): Promise<void> {
  await db
    .insertInto('two_fas')
    .values({
      user_id: row.user_id,
      secret: row.secret,
      is_enabled: false,
      created_at: at(row.now),
      updated_at: at(row.now),
    })
    .execute()
}

/** Replaces the user's backup codes with new hashes. */
export async function replaceBackupCodes(db: Db, userId: number, hashes: string[], now: number): Promise<void> {
  await db.deleteFrom('two_fa_backup_codes').where('user_id', '=', userId).execute()
  await db
    .insertInto('two_fa_backup_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, is_used: false, created_at: at(now) })))
    .execute()
}

/** Confirms an enrolment; false when there was none waiting (enabled meanwhile, or never set up). */
export async function enableTwoFactor(db: Db, userId: number, step: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('two_fas')
    .set({
      is_enabled: true,
      failed_attempts: 0,
      locked_until: null,
      last_totp_step: step,
      last_used_at: at(now),
      updated_at: at(now),
    })
    .where('user_id', '=', userId)
    .where('is_enabled', '=', false)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Records a TOTP time step as used, only if it is later than the last one used. Two requests
 * carrying the same code race on this single conditional update, and only one of them wins.
 */
export async function claimTotpStep(db: Db, factorId: number, step: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('two_fas')
    .set({ last_totp_step: step, last_used_at: at(now), updated_at: at(now) })
    .where('id', '=', factorId)
    .where('last_totp_step', '<', step)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export const listUnusedBackupCodes = (db: Db, userId: number) =>
  db
    .selectFrom('two_fa_backup_codes')
    .select(['id', 'code_hash'])
    .where('user_id', '=', userId)
    .where('is_used', '=', false)
    .where('deleted_at', 'is', null)
    .execute()

export async function countUnusedBackupCodes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('two_fa_backup_codes')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .where('is_used', '=', false)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

/** Spends one backup code; false when another request spent it first. */
export async function spendBackupCode(db: Db, codeId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('two_fa_backup_codes')
    .set({ is_used: true, used_at: at(now) })
    .where('id', '=', codeId)
    .where('is_used', '=', false)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function touchTwoFactor(db: Db, factorId: number, now: number): Promise<void> {
  await db
    .updateTable('two_fas')
    .set({ last_used_at: at(now), updated_at: at(now) })
    .where('id', '=', factorId)
    .execute()
}

/** Admin statistics: all live users and those with a confirmed factor. */
export async function countTwoFactorUsers(db: Db): Promise<{ total: number; enabled: number }> {
  const total = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  const enabled = await db
    .selectFrom('two_fas')
    .innerJoin('users', 'users.id', 'two_fas.user_id')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('two_fas.is_enabled', '=', true)
    .where('two_fas.deleted_at', 'is', null)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst()
  return { total: Number(total?.count ?? 0), enabled: Number(enabled?.count ?? 0) }
}

export async function insertLoginFlow(
  db: Db,
  flow: { id: string; user_id: number; expires_at: number },
  now: number
): Promise<void> {
  // Expired flows are cleared as new ones start, so the table stays as small as the sign-ins in progress.
  await db.deleteFrom('two_fa_login_flows').where('expires_at', '<=', now).execute()
  await db.insertInto('two_fa_login_flows').values(flow).execute()
}

export const findLoginFlow = (db: Db, id: string, now: number) =>
  db
    .selectFrom('two_fa_login_flows')
    .select(['id', 'user_id'])
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst()

/** Ends a flow; true for the one request that ended it. */
export async function deleteLoginFlow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('two_fa_login_flows').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}
