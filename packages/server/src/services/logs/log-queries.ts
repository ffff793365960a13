import { LOG_COUNT_CAP, LogType, type ListLogsQuery, type Log, type LogPage, type LogStat } from '@gateway/shared'
import { sql, type ExpressionBuilder, type Expression, type Selectable, type SqlBool } from 'kysely'
import type { DialectName } from '../../db/dsn.ts'
import { parseDsn } from '../../db/dsn.ts'
import { likeContains } from '../../db/like.ts'
import type { Database } from '../../db/schema/index.ts'
import type { LogsTable } from '../../db/schema/logs.ts'
import { AppError } from '../../errors/app-error.ts'
import type { Services } from '../container.ts'

type LogRow = Selectable<LogsTable>

/** Who is asking: admins see every user's rows and the admin-only fields; a user only their own. */
export type LogViewer = { admin: true } | { admin: false; userId: number }

/** Rows one DELETE statement removes, so a purge never holds a long lock on a busy table. */
export const LOG_DELETE_BATCH = 5000

/** The dialect of the logs database, which LOG_SQL_DSN may put on another server than the main one. */
export function logDialect(services: Services): DialectName {
  return services.env.LOG_SQL_DSN ? parseDsn(services.env.LOG_SQL_DSN, services.env.SQLITE_PATH).dialect : services.dialect
}

type Filters = Omit<ListLogsQuery, 'p' | 'page_size'>

/**
 * The WHERE clause shared by the page, its count and the stat. Every condition is an equality or
 * a range on an indexed column (see migrations/0001-logs.ts and 0002-log-request-ids.ts), except model_name, a literal
 * substring match (LIKE with the input escaped) that only narrows rows the others selected.
 */
function where(dialect: DialectName, viewer: LogViewer, filters: Filters, options: { ignoreTime?: boolean; type?: number } = {}) {
  return (eb: ExpressionBuilder<Database, 'logs'>): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = []
    if (!viewer.admin) conditions.push(eb('user_id', '=', viewer.userId))
    const type = options.type ?? filters.type
    if (type) conditions.push(eb('type', '=', type))
    if (viewer.admin && filters.username) conditions.push(eb('username', '=', filters.username))
    if (viewer.admin && filters.channel) conditions.push(eb('channel_id', '=', filters.channel))
    if (filters.token_name) conditions.push(eb('token_name', '=', filters.token_name))
    if (filters.group) conditions.push(eb('group', '=', filters.group))
    if (filters.model_name) conditions.push(likeContains(dialect, 'model_name', filters.model_name))
    // Exact, as the reference filters them; each has its own index (migrations/0002-log-request-ids.ts).
    if (filters.request_id) conditions.push(eb('request_id', '=', filters.request_id))
    if (filters.upstream_request_id) conditions.push(eb('upstream_request_id', '=', filters.upstream_request_id))
    if (!options.ignoreTime) {
      if (filters.start_timestamp) conditions.push(eb('created_at', '>=', filters.start_timestamp))
      if (filters.end_timestamp) conditions.push(eb('created_at', '<=', filters.end_timestamp))
    }
    return eb.and(conditions)
  }
}

/** `other` without admin_info, for a user reading their own rows. Unparseable text is dropped. */
export function stripAdminInfo(other: string): string {
  if (!other) return ''
  try {
    const parsed: unknown = JSON.parse(other)
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return ''
    const { admin_info: _, ...rest } = parsed as Record<string, unknown>
    return JSON.stringify(rest)
  } catch {
    return ''
  }
}

function toLog(row: LogRow, viewer: LogViewer, channelNames: Map<number, string>): Log {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    created_at: Number(row.created_at),
    type: Number(row.type),
    content: row.content ?? '',
    username: row.username,
    token_name: row.token_name,
    model_name: row.model_name,
    quota: Number(row.quota),
    prompt_tokens: Number(row.prompt_tokens),
    completion_tokens: Number(row.completion_tokens),
    use_time: Number(row.use_time),
    is_stream: Boolean(row.is_stream),
    channel: viewer.admin ? Number(row.channel_id) : 0,
    channel_name: viewer.admin ? (channelNames.get(Number(row.channel_id)) ?? '') : '',
    token_id: Number(row.token_id),
    group: row.group,
    ip: row.ip,
    request_id: row.request_id ?? '',
    upstream_request_id: row.upstream_request_id ?? '',
    other: viewer.admin ? (row.other ?? '') : stripAdminInfo(row.other ?? ''),
  }
}

/** Names of the channels on one page, read from the main database (logs may live elsewhere). */
async function channelNamesOf(services: Services, rows: LogRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((row) => Number(row.channel_id)).filter((id) => id > 0))]
  if (ids.length === 0) return new Map()
  const channels = await services.db.selectFrom('channels').select(['id', 'name']).where('id', 'in', ids).execute()
  return new Map(channels.map((channel) => [Number(channel.id), channel.name]))
}

/**
 * A page of logs, newest (highest id) first.
 *
 * The logs table grows without bound, so neither the count nor the offset may grow with it:
 * - the count reads at most LOG_COUNT_CAP + 1 matching rows (`count(*)` over a LIMITed subquery,
 *   walking the same indexes as the page). Past the cap the answer is LOG_COUNT_CAP with
 *   `total_capped: true`, which the console shows as "10000+". An exact count of a table with tens
 *   of millions of rows costs a full index scan on every page turn, on every dialect.
 * - pages stop where the count stops: `p` is clamped to the last page inside the cap, so OFFSET
 *   never exceeds LOG_COUNT_CAP. Older rows are reached by narrowing the filters (time range).
 */
export async function listLogs(services: Services, viewer: LogViewer, query: ListLogsQuery): Promise<LogPage> {
  const db = services.logDb
  const condition = where(logDialect(services), viewer, query)
  const counted = await db
    .selectFrom((qb) => qb.selectFrom('logs').select(sql<number>`1`.as('one')).where(condition).limit(LOG_COUNT_CAP + 1).as('capped'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  const matched = Number(counted.n)
  const capped = matched > LOG_COUNT_CAP
  const total = Math.min(matched, LOG_COUNT_CAP)
  const lastPage = Math.max(1, Math.ceil(total / query.page_size))
  const page = Math.min(query.p, lastPage)
  const rows = await db
    .selectFrom('logs')
    .selectAll()
    .where(condition)
    .orderBy('id', 'desc')
    .limit(query.page_size)
    .offset((page - 1) * query.page_size)
    .execute()
  const names = viewer.admin ? await channelNamesOf(services, rows) : new Map<number, string>()
  return { items: rows.map((row) => toLog(row, viewer, names)), total, page, page_size: query.page_size, total_capped: capped }
}

/**
 * quota: the sum of consume logs over the filters. rpm and tpm: the number and the token sum of
 * consume logs written in the last 60 seconds, under the same filters except the time range.
 */
export async function logStat(services: Services, viewer: LogViewer, filters: Filters, now = Math.floor(Date.now() / 1000)): Promise<LogStat> {
  const dialect = logDialect(services)
  const db = services.logDb
  const [sum, recent] = await Promise.all([
    db
      .selectFrom('logs')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('quota'), sql<number>`0`).as('quota'))
      .where(where(dialect, viewer, filters, { type: LogType.consume }))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('logs')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('rpm'),
        eb.fn.coalesce(eb.fn.sum<number | string>(sql`prompt_tokens + completion_tokens`), sql<number>`0`).as('tpm'),
      ])
      .where(where(dialect, viewer, filters, { type: LogType.consume, ignoreTime: true }))
      .where('created_at', '>=', now - 60)
      .executeTakeFirstOrThrow(),
  ])
  return { quota: Number(sum.quota), rpm: Number(recent.rpm), tpm: Number(recent.tpm) }
}

/**
 * DELETE /api/log/: removes every log written before `targetTimestamp`, LOG_DELETE_BATCH rows per
 * statement (ids are read first: MySQL allows no LIMIT inside an IN subquery). Returns the count.
 */
export async function deleteLogsBefore(services: Services, targetTimestamp: number | undefined): Promise<number> {
  if (!targetTimestamp) throw new AppError('BAD_REQUEST', 'log.timestamp_required')
  const db = services.logDb
  let deleted = 0
  for (;;) {
    const ids = (
      await db.selectFrom('logs').select('id').where('created_at', '<', targetTimestamp).orderBy('id').limit(LOG_DELETE_BATCH).execute()
    ).map((row) => row.id)
    if (ids.length === 0) break
    const result = await db.deleteFrom('logs').where('id', 'in', ids).executeTakeFirst()
    deleted += Number(result.numDeletedRows)
    if (ids.length < LOG_DELETE_BATCH) break
  }
  return deleted
}
