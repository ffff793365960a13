import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely'
import type { DialectName } from '../dsn.ts'
import { retryOnDeadlock } from '../errors.ts'
import { insertReturningId } from '../insert-id.ts'
import { likeContains } from '../like.ts'
import type { Database } from '../schema/index.ts'
import type { TokensTable } from '../schema/tokens.ts'
import { deletedNow } from './soft-delete.ts'

export type TokenRow = Selectable<TokensTable>
type Db = Kysely<Database> | Transaction<Database>

/** Soft-deleted tokens are gone for everyone, the relay included. */
const live = (db: Db) => db.selectFrom('tokens').selectAll().where('deleted_at', 'is', null)

/** The relay's lookup: by the keyed hash of the 48-character key (tokens.key). */
export const findTokenByHash = (db: Db, hash: string) => live(db).where('key', '=', hash).executeTakeFirst()

/**
 * The lookup while rows taken over from the reference may still hold the raw key (see
 * services/takeover/): by hash, or by the raw key on a row that has no ciphertext, which only an
 * unconverted row lacks. One indexed query either way.
 */
export async function findTokenByHashOrRawKey(db: Db, hash: string, rawKey: string): Promise<TokenRow | undefined> {
  const rows = await live(db).where('key', 'in', [hash, rawKey]).execute()
  return rows.find((row) => row.key === hash) ?? rows.find((row) => row.key.trimEnd() === rawKey && !row.key_ciphertext)
}

/** One token, only if `userId` owns it. */
export const findUserToken = (db: Db, userId: number, id: number) =>
  live(db).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst()

/** The encrypted keys of those of `ids` that are live and owned by `userId`; others are left out. */
export const listUserTokenCiphertexts = (db: Db, userId: number, ids: number[]) =>
  db
    .selectFrom('tokens')
    .select(['id', 'key_ciphertext'])
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute()

export interface TokenFilter {
  userId: number
  /** part of the name, matched literally */
  nameContains?: string
  /** the whole key's lookup hash */
  keyHash?: string
}

/** A page of a user's tokens, newest first, and how many match in all. */
export async function listUserTokens(
  db: Db,
  dialect: DialectName,
  filter: TokenFilter,
  page: { offset: number; limit: number }
): Promise<{ rows: TokenRow[]; total: number }> {
  let query = live(db).where('user_id', '=', filter.userId)
  if (filter.nameContains) query = query.where(likeContains(dialect, 'name', filter.nameContains))
  if (filter.keyHash) query = query.where('key', '=', filter.keyHash)
  const [rows, count] = await Promise.all([
    query.orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

export const insertToken = (db: Db, dialect: DialectName, values: Insertable<TokensTable>) =>
  insertReturningId(db.insertInto('tokens').values(values), dialect)

export type TokenChanges = Partial<
  Pick<
    TokenRow,
    | 'name'
    | 'status'
    | 'expired_time'
    | 'remain_quota'
    | 'unlimited_quota'
    | 'model_limits_enabled'
    | 'model_limits'
    | 'allow_ips'
    | 'group'
    | 'cross_group_retry'
  >
>

/**
 * Changes a live token of the user; nothing happens for someone else's token. A limit written anew
 * (remaining quota or unlimited) is exact: the relay's open leases (quota_holds of kind 1) no longer
 * give what they took from the old limit back to this token, only to its owner's balance.
 */
export async function updateUserToken(
  db: Kysely<Database>,
  userId: number,
  id: number,
  changes: TokenChanges
): Promise<void> {
  if (Object.keys(changes).length === 0) return
  const update = (trx: Db) =>
    trx
      .updateTable('tokens')
      .set(changes as Updateable<TokensTable>)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
  if (changes.remain_quota === undefined && changes.unlimited_quota === undefined) {
    await update(db)
    return
  }
  // The ledger's transactions lock a token's lease rows before the token (a settlement moves the
  // balances last), this one the token before its leases: on MySQL/MariaDB the two can deadlock
  // when a request settles during the edit. The loser was rolled back whole and runs again.
  await retryOnDeadlock(
    () =>
      db.transaction().execute(async (trx) => {
        if (Number((await update(trx)).numUpdatedRows) === 0) return
        await trx
          .updateTable('quota_holds')
          .set({ token_limited: 0 })
          .where('token_id', '=', id)
          .where('kind', '=', 1)
          .execute()
      }),
    // Nothing to report: a deadlock lost now and then is how InnoDB resolves the lock order.
    () => {}
  )
}

/** Soft-deletes those of `ids` that the user owns and returns their lookup hashes. */
export async function softDeleteUserTokens(db: Db, userId: number, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return []
  const owned = await db
    .selectFrom('tokens')
    .select(['id', 'key'])
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute()
  if (owned.length === 0) return []
  await db
    .updateTable('tokens')
    .set({ deleted_at: deletedNow() })
    .where(
      'id',
      'in',
      owned.map((t) => t.id)
    )
    .where('user_id', '=', userId)
    .execute()
  return owned.map((t) => t.key)
}

/** Whether a token (by id) is unlimited; undefined when it no longer exists. */
export const findTokenUnlimited = (db: Db, id: number) =>
  db.selectFrom('tokens').select('unlimited_quota').where('id', '=', id).executeTakeFirst()
