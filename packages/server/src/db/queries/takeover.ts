import { sql, type Kysely, type Transaction } from 'kysely'
import type { DialectName } from '../dsn.ts'
import type { Database } from '../schema/index.ts'

type Db = Kysely<Database> | Transaction<Database>

/**
 * The option row that says a reference database is being or was taken over: 'pending' from the
 * first start on it until the summary is printed, then a JSON record of what moved.
 */
export const MOVE_OVER_OPTION = 'MoveOverState'
export const MOVE_OVER_PENDING = 'pending'

/** Whether this database (its own schema on PostgreSQL) has the table. */
export async function tableExists(db: Kysely<unknown>, dialect: DialectName, table: string): Promise<boolean> {
  const query =
    dialect === 'sqlite'
      ? sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = ${table}`
      : dialect === 'postgres'
        ? sql<{
            n: number
          }>`select count(*) as n from information_schema.tables where table_schema = current_schema() and table_name = ${table}`
        : sql<{
            n: number
          }>`select count(*) as n from information_schema.tables where table_schema = database() and table_name = ${table}`
  const row = (await query.execute(db)).rows[0]
  return Number(row?.n ?? 0) > 0
}

/** How many migrations of ours this database records (0 when it has no such table). */
export async function countMigrationRecords(db: Kysely<unknown>, dialect: DialectName, table: string): Promise<number> {
  if (!(await tableExists(db, dialect, table))) return 0
  const row = (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]
  return Number(row?.n ?? 0)
}

/** Forgets which of our migrations ran, so that all of them run again (each is idempotent) on the next start. */
export async function clearMigrationRecords(
  db: Kysely<unknown>,
  dialect: DialectName,
  tables: string[]
): Promise<void> {
  for (const table of tables)
    if (await tableExists(db, dialect, table)) await sql`delete from ${sql.table(table)}`.execute(db)
}

export async function getMoveOverState(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('options').select('value').where('key', '=', MOVE_OVER_OPTION).executeTakeFirst()
  return row?.value ?? undefined
}

/** Written before our migrations touch a reference database; the caller ignores a racing twin's duplicate. */
export async function insertMoveOverPending(db: Db): Promise<void> {
  await db.insertInto('options').values({ key: MOVE_OVER_OPTION, value: MOVE_OVER_PENDING }).execute()
}

/** pending -> done, by one instance only: true for the one whose update took. */
export async function finishMoveOver(db: Db, record: string): Promise<boolean> {
  const result = await db
    .updateTable('options')
    .set({ value: record })
    .where('key', '=', MOVE_OVER_OPTION)
    .where('value', '=', MOVE_OVER_PENDING)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** After a move back the next start on this database is a new takeover. */
export async function deleteMoveOverState(db: Db): Promise<void> {
  await db.deleteFrom('options').where('key', '=', MOVE_OVER_OPTION).execute()
}

export type CountedTable =
  | 'users'
  | 'tokens'
  | 'channels'
  | 'abilities'
  | 'redemptions'
  | 'top_ups'
  | 'logs'
  | 'midjourneys'
  | 'tasks'
  | 'quota_data'

export async function countRows(db: Db, table: CountedTable): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

const noCiphertext = (column: 'key_ciphertext' | 'access_token_ciphertext') =>
  sql<boolean>`(${sql.ref(column)} is null or ${sql.ref(column)} = '')`

// --- Raw values as the reference stores them, and their conversion -------------------------

/** Token rows still holding the raw key: only rows we wrote carry a ciphertext. */
export const listRawTokenKeys = (db: Db, afterId: number, limit: number) =>
  db
    .selectFrom('tokens')
    .select(['id', 'key'])
    .where('id', '>', afterId)
    .where(noCiphertext('key_ciphertext'))
    .orderBy('id')
    .limit(limit)
    .execute()

/** Replaces a raw key by its hash and ciphertext unless another instance did it first. */
export async function convertTokenKey(
  db: Db,
  id: number,
  raw: string,
  hash: string,
  ciphertext: string
): Promise<boolean> {
  const result = await db
    .updateTable('tokens')
    .set({ key: hash, key_ciphertext: ciphertext })
    .where('id', '=', id)
    .where('key', '=', raw)
    .where(noCiphertext('key_ciphertext'))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * Users holding a raw access token: the reference's are 29 to 32 characters; ours are 64-character
 * hashes (those of accounts made here before ciphertexts were kept have no ciphertext either).
 */
export const listRawAccessTokens = (db: Db, afterId: number, limit: number) =>
  db
    .selectFrom('users')
    .select(['id', 'access_token'])
    .where('id', '>', afterId)
    .where('access_token', 'is not', null)
    .where('access_token', '<>', '')
    .where(sql<number>`length(access_token)`, '<>', 64)
    .orderBy('id')
    .limit(limit)
    .execute()

export async function convertAccessToken(
  db: Db,
  id: number,
  raw: string,
  hash: string,
  ciphertext: string
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ access_token: hash, access_token_ciphertext: ciphertext })
    .where('id', '=', id)
    .where('access_token', '=', raw)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export const listPlainChannelKeys = (db: Db, encryptedPrefix: string, afterId: number, limit: number) =>
  db
    .selectFrom('channels')
    .select(['id', 'key'])
    .where('id', '>', afterId)
    .where('key', 'not like', `${encryptedPrefix}%`)
    .orderBy('id')
    .limit(limit)
    .execute()

/** Swaps a channel key for another form of it (encrypted, or back to plain) if it is still `from`. */
export async function replaceChannelKey(db: Db, id: number, from: string, to: string): Promise<boolean> {
  const result = await db
    .updateTable('channels')
    .set({ key: to })
    .where('id', '=', id)
    .where('key', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export const listPlainTwoFactorSecrets = (db: Db, encryptedPrefix: string, afterId: number, limit: number) =>
  db
    .selectFrom('two_fas')
    .select(['id', 'secret'])
    .where('id', '>', afterId)
    .where('secret', 'not like', `${encryptedPrefix}%`)
    .orderBy('id')
    .limit(limit)
    .execute()

export async function replaceTwoFactorSecret(db: Db, id: number, from: string, to: string): Promise<boolean> {
  const result = await db
    .updateTable('two_fas')
    .set({ secret: to })
    .where('id', '=', id)
    .where('secret', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

// --- Our values, written back raw for a move back to the reference --------------------------

export const listEncryptedTokenKeys = (db: Db, afterId: number, limit: number) =>
  db
    .selectFrom('tokens')
    .select(['id', 'key', 'key_ciphertext'])
    .where('id', '>', afterId)
    .where('key_ciphertext', 'is not', null)
    .where('key_ciphertext', '<>', '')
    .orderBy('id')
    .limit(limit)
    .execute()

/** The raw key back in tokens.key, and no ciphertext, which is how the next takeover knows it raw. */
export async function restoreTokenKey(db: Db, id: number, hash: string, raw: string): Promise<boolean> {
  const result = await db
    .updateTable('tokens')
    .set({ key: raw, key_ciphertext: '' })
    .where('id', '=', id)
    .where('key', '=', hash)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export const listEncryptedAccessTokens = (db: Db, afterId: number, limit: number) =>
  db
    .selectFrom('users')
    .select(['id', 'access_token', 'access_token_ciphertext'])
    .where('id', '>', afterId)
    .where('access_token', 'is not', null)
    .where('access_token_ciphertext', 'is not', null)
    .where('access_token_ciphertext', '<>', '')
    .orderBy('id')
    .limit(limit)
    .execute()

export async function restoreAccessToken(db: Db, id: number, hash: string, raw: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ access_token: raw, access_token_ciphertext: null })
    .where('id', '=', id)
    .where('access_token', '=', hash)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * Access tokens kept only as a hash (made here before their ciphertext was kept): the reference
 * could never match them, and its char(32) column cannot hold them. Answers how many were cleared.
 */
export async function clearHashOnlyAccessTokens(db: Db): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({ access_token: null, access_token_ciphertext: null })
    .where('access_token', 'is not', null)
    .where(sql<number>`length(access_token)`, '=', 64)
    .where(noCiphertext('access_token_ciphertext'))
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

export const listEncryptedChannelKeys = (db: Db, encryptedPrefix: string, afterId: number, limit: number) =>
  db
    .selectFrom('channels')
    .select(['id', 'key'])
    .where('id', '>', afterId)
    .where('key', 'like', `${encryptedPrefix}%`)
    .orderBy('id')
    .limit(limit)
    .execute()

export const listEncryptedTwoFactorSecrets = (db: Db, encryptedPrefix: string, afterId: number, limit: number) =>
  db
    .selectFrom('two_fas')
    .select(['id', 'secret'])
    .where('id', '>', afterId)
    .where('secret', 'like', `${encryptedPrefix}%`)
    .orderBy('id')
    .limit(limit)
    .execute()
