import { LOG_COUNT_CAP, LogType, type ListLogsQuery, type Log, type LogPage, type LogStat } from '@gateway/shared'
import { parseDsn, type DialectName } from '../../db/dsn.ts'
import { listChannelNames } from '../../db/queries/channels.ts'
import {
  countLogsUpTo,
  countRecentLogs,
  deleteLogsById,
  listLogIdsBefore,
  listLogRows,
  sumLogQuota,
  logCondition as where,
  type LogFilters,
  type LogRow,
  type LogViewer,
} from '../../db/queries/log-search.ts'
import { AppError } from '../../errors/app-error.ts'
import type { Services } from '../container.ts'

export type { LogViewer }

/** Rows one DELETE statement removes, so a purge never holds a long lock on a busy table. */
export const LOG_DELETE_BATCH = 5000

/** The dialect of the logs database, which LOG_SQL_DSN may put on another server than the main one. */
export function logDialect(services: Services): DialectName {
  return services.env.LOG_SQL_DSN
    ? parseDsn(services.env.LOG_SQL_DSN, services.env.SQLITE_PATH).dialect
    : services.dialect
}

type Filters = LogFilters

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
  return listChannelNames(services.db, ids)
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
  const matched = await countLogsUpTo(db, condition, LOG_COUNT_CAP)
  const capped = matched > LOG_COUNT_CAP
  const total = Math.min(matched, LOG_COUNT_CAP)
  const lastPage = Math.max(1, Math.ceil(total / query.page_size))
  const page = Math.min(query.p, lastPage)
  const rows = await listLogRows(db, condition, query.page_size, (page - 1) * query.page_size)
  const names = viewer.admin ? await channelNamesOf(services, rows) : new Map<number, string>()
  return {
    items: rows.map((row) => toLog(row, viewer, names)),
    total,
    page,
    page_size: query.page_size,
    total_capped: capped,
  }
}

/**
 * quota: the sum of consume logs over the filters. rpm and tpm: the number and the token sum of
 * consume logs written in the last 60 seconds, under the same filters except the time range.
 */
export async function logStat(
  services: Services,
  viewer: LogViewer,
  filters: Filters,
  now = Math.floor(Date.now() / 1000)
): Promise<LogStat> {
  const dialect = logDialect(services)
  const db = services.logDb
  const [quota, recent] = await Promise.all([
    sumLogQuota(db, where(dialect, viewer, filters, { type: LogType.consume })),
    countRecentLogs(db, where(dialect, viewer, filters, { type: LogType.consume, ignoreTime: true }), now - 60),
  ])
  return { quota, rpm: recent.rpm, tpm: recent.tpm }
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
    const ids = await listLogIdsBefore(db, targetTimestamp, LOG_DELETE_BATCH)
    if (ids.length === 0) break
    deleted += await deleteLogsById(db, ids)
    if (ids.length < LOG_DELETE_BATCH) break
  }
  return deleted
}
