import type { DatabaseSync } from 'node:sqlite'
import type { Insertable, Kysely, Selectable } from 'kysely'
import type { DialectName } from '../dsn.ts'
import { rawStatement } from '../raw-statement.ts'
import type { Database } from '../schema/index.ts'
import type { QuotaHoldsTable } from '../schema/ledger.ts'
import type { LogsTable } from '../schema/logs.ts'
import { directStatement } from '../sqlite-direct.ts'

export type HoldRow = Selectable<QuotaHoldsTable>
export type LogRow = Insertable<LogsTable>

const LOG_COLUMNS = [
  'user_id',
  'created_at',
  'type',
  'content',
  'username',
  'token_name',
  'model_name',
  'quota',
  'prompt_tokens',
  'completion_tokens',
  'use_time',
  'is_stream',
  'channel_id',
  'token_id',
  'group',
  'ip',
  'other',
  'request_id',
  'upstream_request_id',
] as const

/** One dashboard bucket, bound in this order: user_id, model_name, created_at, use_group, token_id, channel_id, node_name. */
const QUOTA_BUCKET =
  'user_id = ? AND model_name = ? AND created_at = ? AND use_group = ? AND token_id = ? AND channel_id = ? AND node_name = ?'

/**
 * Every statement that moves quota for the relay, written once and converted for the dialect at
 * start, so the hot path neither builds nor compiles a query. Every take is conditional
 * (`... >= ?`), never a read followed by a write.
 */
export function ledgerStatements(dialect: DialectName, sqlite?: DatabaseSync) {
  // On SQLite the statements run straight on the connection, inside the ledger's Kysely transactions.
  const raw = (text: string) => (sqlite ? directStatement(sqlite, text) : rawStatement(dialect, text))
  // The balance it returns is capped so that reading it can never fail, whatever the row holds.
  const capped = dialect === 'postgres' ? 'LEAST(quota, 9007199254740991)' : 'MIN(quota, 9007199254740991)'
  return {
    /** SQLite and PostgreSQL tell the balance left in the same statement; MySQL has no RETURNING. */
    takeUserReturning:
      dialect === 'mysql'
        ? undefined
        : raw(`UPDATE users SET quota = quota - ? WHERE id = ? AND quota >= ? RETURNING ${capped} AS quota`),
    takeUser: raw('UPDATE users SET quota = quota - ? WHERE id = ? AND quota >= ?'),
    // Gives back only what was taken from this balance moments before; MAX_QUOTA leaves room for it below 2^53.
    giveUser: raw('UPDATE users SET quota = quota + ? WHERE id = ?'),
    readUser: raw('SELECT quota FROM users WHERE id = ?'),
    takeToken: raw('UPDATE tokens SET remain_quota = remain_quota - ? WHERE id = ? AND remain_quota >= ?'),
    giveToken: raw('UPDATE tokens SET remain_quota = remain_quota + ? WHERE id = ?'),
    readToken: raw('SELECT remain_quota FROM tokens WHERE id = ?'),
    /** settlements give back (a negative take) or keep their reservations and record the use: one statement per row and batch */
    settleUser: raw(
      'UPDATE users SET quota = quota - ?, used_quota = used_quota + ?, request_count = request_count + ? WHERE id = ?'
    ),
    settleToken: raw(
      'UPDATE tokens SET remain_quota = remain_quota - ?, used_quota = used_quota + ?, accessed_time = ? WHERE id = ?'
    ),
    insertHold: raw(
      'INSERT INTO quota_holds (id, owner, user_id, token_id, token_limited, amount, created_at, username, token_name, model_name, "group", request_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'
    ),
    growHold: raw('UPDATE quota_holds SET amount = amount + ? WHERE id = ?'),
    /** grows a lease still bound to its token's limit (token_limited as the process knows it) */
    growLease: raw('UPDATE quota_holds SET amount = amount + ? WHERE id = ? AND kind = 1 AND token_limited = ?'),
    /** a lease (kind 1) or a request covered by one (kind 2) */
    insertHoldOfKind: raw(
      'INSERT INTO quota_holds (id, owner, user_id, token_id, token_limited, amount, created_at, username, token_name, model_name, "group", request_id, kind, lease_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'
    ),
    /** a covered request's charge, once: only a settlement numbered above the last one charged to the lease */
    chargeLease: raw(
      'UPDATE quota_holds SET amount = amount - ?, seq = ? WHERE id = ? AND kind = 1 AND seq < ? AND amount >= ?'
    ),
    /** part of a lease given back to its payer */
    shrinkLease: raw('UPDATE quota_holds SET amount = amount - ? WHERE id = ? AND kind = 1 AND amount >= ?'),
    /** a lease's amount, and whether what it took from its token still goes back to the token */
    readLease: raw('SELECT amount, token_limited FROM quota_holds WHERE id = ? AND kind = 1'),
    deleteHold: raw('DELETE FROM quota_holds WHERE id = ?'),
    addChannelUsed: raw('UPDATE channels SET used_quota = used_quota + ? WHERE id = ?'),
    /**
     * Adds to one row of a dashboard bucket (user, model, hour, group, token, channel, node): the
     * oldest, since a bucket may hold several rows (see 0009-reference-takeover); none changed
     * means the bucket has no row yet. MySQL cannot select from the table it updates, but can
     * limit the update itself.
     */
    addQuotaData: raw(
      dialect === 'mysql'
        ? `UPDATE quota_data SET count = count + ?, quota = quota + ?, token_used = token_used + ? WHERE ${QUOTA_BUCKET} ORDER BY id LIMIT 1`
        : `UPDATE quota_data SET count = count + ?, quota = quota + ?, token_used = token_used + ? WHERE id = (SELECT id FROM quota_data WHERE ${QUOTA_BUCKET} ORDER BY id LIMIT 1)`
    ),
    insertQuotaData: raw(
      'INSERT INTO quota_data (user_id, model_name, created_at, use_group, token_id, channel_id, node_name, username, count, quota, token_used) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'
    ),
    insertLog: raw(
      `INSERT INTO logs (${LOG_COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES (${LOG_COLUMNS.map(() => '?').join(', ')})`
    ),
    insertOutbox: raw('INSERT INTO log_outbox (payload) VALUES (?)'),
  }
}

export type LedgerStatements = ReturnType<typeof ledgerStatements>

/** The log row's values in insertLog's column order, with the table's defaults for what is missing. */
export function logValues(row: LogRow): unknown[] {
  return [
    row.user_id ?? 0,
    row.created_at,
    row.type ?? 0,
    row.content ?? '',
    row.username ?? '',
    row.token_name ?? '',
    row.model_name ?? '',
    row.quota ?? 0,
    row.prompt_tokens ?? 0,
    row.completion_tokens ?? 0,
    row.use_time ?? 0,
    row.is_stream ? 1 : 0,
    row.channel_id ?? 0,
    row.token_id ?? 0,
    row.group ?? '',
    row.ip ?? '',
    row.other ?? '',
    row.request_id ?? '',
    row.upstream_request_id ?? '',
  ]
}

/** Records that this process is alive (the sweeper leaves the holds of live processes alone). */
export async function beatInstance(db: Kysely<Database>, id: string, now: number): Promise<void> {
  const updated = await db
    .updateTable('ledger_instances')
    .set({ heartbeat_at: now })
    .where('id', '=', id)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0)
    await db.insertInto('ledger_instances').values({ id, started_at: now, heartbeat_at: now }).execute()
}

export async function removeInstance(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('ledger_instances').where('id', '=', id).execute()
}

/** Forgets processes that have been silent for long; their holds were swept long before. */
export async function pruneInstances(db: Kysely<Database>, silentSince: number): Promise<void> {
  await db.deleteFrom('ledger_instances').where('heartbeat_at', '<', silentSince).execute()
}

/** Whether a process other than `self` has beaten since `aliveSince` (another worker or instance). */
export async function anotherInstanceAlive(db: Kysely<Database>, self: string, aliveSince: number): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_instances')
    .select('id')
    .where('id', '<>', self)
    .where('heartbeat_at', '>=', aliveSince)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** Holds whose owner is not this process and has not beaten since `aliveSince`. */
export async function listOrphanHolds(
  db: Kysely<Database>,
  self: string,
  aliveSince: number,
  limit: number
): Promise<HoldRow[]> {
  return db
    .selectFrom('quota_holds as h')
    .selectAll('h')
    .where('h.owner', '<>', self)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('ledger_instances as i')
            .select('i.id')
            .whereRef('i.id', '=', 'h.owner')
            .where('i.heartbeat_at', '>=', aliveSince)
        )
      )
    )
    .orderBy('h.created_at')
    .limit(limit)
    .execute()
}

/** Sum and count of the holds still open, for tests and the operator's checks. */
export async function openHolds(db: Kysely<Database>): Promise<{ count: number; amount: number }> {
  const row = await db
    .selectFrom('quota_holds')
    .select(({ fn }) => [fn.countAll<number>().as('count'), fn.sum<number>('amount').as('amount')])
    .executeTakeFirst()
  return { count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) }
}

export async function readOutbox(db: Kysely<Database>, limit: number): Promise<{ id: number; payload: string }[]> {
  return db.selectFrom('log_outbox').select(['id', 'payload']).orderBy('id').limit(limit).execute()
}

export async function deleteOutbox(db: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('log_outbox').where('id', 'in', ids).execute()
}

export async function insertLogRows(db: Kysely<Database>, rows: LogRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('logs')
      .values(rows.slice(i, i + 200))
      .execute()
}
