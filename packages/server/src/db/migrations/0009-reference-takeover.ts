import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'
import { columnsOf, dropIndexIfExists, type ColumnShape } from './table-shape.ts'

/**
 * Takes over a database the reference system (New API) wrote, of its current version or of the
 * spec's era (mid 2025), and brings our own databases to the reference's names and types, so that
 * one schema serves both and an operator can move back. It only adds columns, renames ours, widens
 * or retypes columns we write, and replaces our own index; it never drops or rewrites a table or
 * column of the reference that we do not use. Every step looks before it acts, so it can run again.
 *
 * Our tables (db/schema/*.ts) against the reference's (its model structs' tags):
 * - users: we lack discord_id, stripe_customer, auth_version (left as they are, never added);
 *   remark, created_at, last_login_at are added here and written on registration and sign-in.
 *   access_token is char(32) there and holds our 64-character hash here: widened to varchar(64).
 *   quota, used_quota, request_count, aff_quota, aff_history are 32-bit `int` there (PostgreSQL
 *   then refuses to compare them with our balance bound, 10^15): widened to bigint, which the
 *   reference reads as it reads int.
 *   deleted_at is a datetime there and was a bigint here: converted (see below).
 * - sessions, quota_holds, ledger_instances, log_outbox, two_fa_login_flows, passkey_challenges:
 *   ours only. The reference's user_sessions, auth_flows, OAuth, subscription, check-in, model and
 *   vendor meta, system task and permission tables are not ours and are never touched.
 * - tokens: key_ciphertext is ours (added). key was char(48) in the spec era and holds our lookup
 *   hash here: widened to the current reference's varchar(128). auto_groups is the reference's,
 *   left alone; cross_group_retry is added by its own migration. deleted_at: converted.
 * - channels: our openai_organization is the reference's open_ai_organization (renamed);
 *   max_input_tokens (0002) and private_network (0008) are ours; header_override and remark are
 *   missing in the spec era (added); settings and channel_info come with their own migration.
 * - abilities, options, setups: the same.
 * - redemptions: expired_time (0 = never) added where missing. deleted_at: converted.
 * - top_ups: payment_provider added (the current reference has it); payment_method and
 *   complete_time added where missing (the spec era had neither).
 * - quota_data: use_group, token_id, channel_id, node_name added where missing; the settlement
 *   writes one row per user, model, hour, group, token, channel and node, as the reference does.
 * - midjourneys: token_id, video_url, video_urls added where missing; billing_channel_id is the
 *   reference's, left alone.
 * - tasks: the reference's group and private_data are left alone.
 * - logs (their own migration set, 0010-logs-reference): ip added where missing (the spec era had none).
 * - two_fas, two_fa_backup_codes: deleted_at converted; their other time columns (locked_until,
 *   last_used_at, created_at, updated_at, used_at) are converted by 0016-two-factor-times.
 * - passkey_credentials: already the reference's (0007).
 */
export function referenceTakeoverMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      await quotaDataBuckets(db, dialect)
      await renameColumn(db, dialect, 'channels', 'openai_organization', 'open_ai_organization')
      for (const table of ['users', 'tokens', 'redemptions', 'two_fas', 'two_fa_backup_codes'])
        await deletedAtAsDatetime(db, dialect, table)
      await widen(db, dialect, 'users', 'access_token', 64)
      await toBigint(db, dialect, 'users', ['quota', 'used_quota', 'request_count', 'aff_quota', 'aff_history'])
      await widen(db, dialect, 'tokens', 'key', 128)

      const text = (name: string) => ({
        name,
        type: 'text',
        notNull: true,
        default: dialect === 'mysql' ? sql`('')` : sql`''`,
      })
      const bigint = (name: string) => ({ name, type: 'bigint', notNull: true, default: sql`0` })
      const varchar = (name: string, length: number) => ({
        name,
        type: `varchar(${length})`,
        notNull: true,
        default: sql`''`,
      })
      await addMissing(db, dialect, 'tokens', [text('key_ciphertext')])
      await addMissing(db, dialect, 'channels', [text('header_override'), varchar('remark', 255)])
      await addMissing(db, dialect, 'redemptions', [bigint('expired_time')])
      await addMissing(db, dialect, 'users', [varchar('remark', 255), bigint('created_at'), bigint('last_login_at')])
      await addMissing(db, dialect, 'midjourneys', [bigint('token_id'), text('video_url'), text('video_urls')])
      await addMissing(db, dialect, 'top_ups', [
        varchar('payment_method', 50),
        varchar('payment_provider', 50),
        bigint('complete_time'),
      ])
    },
  }
}

interface NewColumn {
  name: string
  type: string
  notNull: boolean
  default: ReturnType<typeof sql>
}

/** Adds the columns a table lacks (a table that does not exist is left to the migration that makes it). */
async function addMissing(
  db: Kysely<unknown>,
  dialect: DialectName,
  table: string,
  wanted: NewColumn[]
): Promise<void> {
  const existing = await columnsOf(db, dialect, table)
  if (existing.length === 0) return
  for (const column of wanted) {
    if (existing.some((c) => c.name === column.name)) continue
    await db.schema
      .alterTable(table)
      .addColumn(column.name, sql.raw(column.type), (c) =>
        column.notNull ? c.notNull().defaultTo(column.default) : c.defaultTo(column.default)
      )
      .execute()
  }
}

async function renameColumn(
  db: Kysely<unknown>,
  dialect: DialectName,
  table: string,
  from: string,
  to: string
): Promise<void> {
  const columns = await columnsOf(db, dialect, table)
  if (!columns.some((c) => c.name === from) || columns.some((c) => c.name === to)) return
  await db.schema.alterTable(table).renameColumn(from, to).execute()
}

/** Lets a character column hold `length` characters (SQLite does not enforce lengths). */
async function widen(
  db: Kysely<unknown>,
  dialect: DialectName,
  table: string,
  name: string,
  length: number
): Promise<void> {
  if (dialect === 'sqlite') return
  const column = (await columnsOf(db, dialect, table)).find((c) => c.name === name)
  if (!column || column.length === null || column.length >= length) return
  if (dialect === 'postgres')
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(name)} type varchar(${sql.lit(length)})`.execute(
      db
    )
  // MODIFY restates the whole column: the reference's columns are nullable without a default, and so is this one.
  else await sql`alter table ${sql.table(table)} modify ${sql.ref(name)} varchar(${sql.lit(length)}) null`.execute(db)
}

/** 32-bit integer columns as bigint (SQLite's integers are 64-bit already). Values are kept. */
async function toBigint(db: Kysely<unknown>, dialect: DialectName, table: string, names: string[]): Promise<void> {
  if (dialect === 'sqlite') return
  const columns = await columnsOf(db, dialect, table)
  for (const name of names) {
    const column = columns.find((c) => c.name === name)
    if (!column || !['integer', 'int'].includes(column.type)) continue
    if (dialect === 'postgres')
      await sql`alter table ${sql.table(table)} alter column ${sql.ref(name)} type bigint`.execute(db)
    // MODIFY restates the column: the reference's are nullable with default 0.
    else await sql`alter table ${sql.table(table)} modify ${sql.ref(name)} bigint null default 0`.execute(db)
  }
}

const isInteger = (column: ColumnShape | undefined) =>
  column !== undefined && ['bigint', 'integer', 'int'].includes(column.type)

/**
 * deleted_at as the reference keeps it (its ORM's soft delete: a datetime, NULL while alive).
 * Our own databases held unix seconds. PostgreSQL retypes the column in place. MySQL cannot convert
 * seconds to a datetime by casting, so each value is first rewritten as the number
 * YYYYMMDDhhmmss (UTC), which MODIFY then reads as that datetime; a value already in that form is
 * far above any unix time in seconds, so a second run leaves it alone. SQLite keeps the declared
 * type (changing it needs a table rebuild) and gets the values as the reference's text datetimes.
 * Reading code only ever tests `deleted_at is null`, on every engine.
 */
async function deletedAtAsDatetime(db: Kysely<unknown>, dialect: DialectName, table: string): Promise<void> {
  const column = (await columnsOf(db, dialect, table)).find((c) => c.name === 'deleted_at')
  if (dialect === 'sqlite') {
    if (column)
      await sql`update ${sql.table(table)} set deleted_at = datetime(deleted_at, 'unixepoch') where typeof(deleted_at) = 'integer'`.execute(
        db
      )
    return
  }
  if (!isInteger(column)) return
  if (dialect === 'postgres') {
    await sql`alter table ${sql.table(table)} alter column deleted_at type timestamptz using to_timestamp(deleted_at)`.execute(
      db
    )
    return
  }
  await sql`update ${sql.table(table)} set deleted_at = date_format(date_add('1970-01-01 00:00:00', interval deleted_at second), '%Y%m%d%H%i%s')
    where deleted_at is not null and deleted_at < 100000000000`.execute(db)
  await sql`alter table ${sql.table(table)} modify deleted_at datetime(3) null`.execute(db)
}

/**
 * quota_data rows at the reference's granularity: one per user, model, hour, group, token, channel
 * and node. The index over all seven is what the settlement looks a row up by; it is deliberately
 * not unique, on our databases as on the reference's:
 * - the reference declares no unique key, and its tables may hold several rows of one bucket (rows
 *   from before it split buckets by group, token, channel and node all carry the same defaults,
 *   and nothing stopped two writers), so a unique key could not be created on every takeover;
 * - with a unique key, two instances settling the same bucket at once would make one of them fail
 *   its whole settlement transaction (balances, hold and usage row) over a dashboard counter.
 * The settlement instead adds to the bucket's oldest row and inserts only when there is none; a
 * rare second row of one bucket changes no total, since every read sums over the rows.
 * Our own (user_id, model_name, created_at) unique index goes.
 */
async function quotaDataBuckets(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const columns = await columnsOf(db, dialect, 'quota_data')
  const has = (name: string) => columns.some((c) => c.name === name)
  if (!has('use_group'))
    await db.schema
      .alterTable('quota_data')
      .addColumn('use_group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute()
  if (!has('token_id'))
    await db.schema
      .alterTable('quota_data')
      .addColumn('token_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute()
  if (!has('channel_id'))
    await db.schema
      .alterTable('quota_data')
      .addColumn('channel_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute()
  if (!has('node_name'))
    await db.schema
      .alterTable('quota_data')
      .addColumn('node_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute()
  await dropIndexIfExists(db, dialect, 'quota_data', 'idx_quota_data_user_id_model_name_created_at')
  await db.schema
    .createIndex('idx_quota_data_bucket')
    .ifNotExists()
    .on('quota_data')
    .columns(['user_id', 'model_name', 'created_at', 'use_group', 'token_id', 'channel_id', 'node_name'])
    .execute()
}
