import { LogType, type ListLogsQuery } from '@gateway/shared'
import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely'
import type { DialectName } from '../dsn.ts'
import { likeContains } from '../like.ts'
import type { Database } from '../schema/index.ts'
import type { LogsTable } from '../schema/logs.ts'

export type LogRow = Selectable<LogsTable>

/** Who is asking: admins see every user's rows and the admin-only fields; a user only their own. */
export type LogViewer = { admin: true } | { admin: false; userId: number }

export type LogFilters = Omit<ListLogsQuery, 'p' | 'page_size'>

export type LogCondition = (eb: ExpressionBuilder<Database, 'logs'>) => Expression<SqlBool>

/**
 * The WHERE clause shared by the page, its count and the stat. Every condition is an equality or
 * a range on an indexed column (see migrations/0001-logs.ts and 0002-log-request-ids.ts), except model_name, a literal
 * substring match (LIKE with the input escaped) that only narrows rows the others selected.
 */
export function logCondition(
  dialect: DialectName,
  viewer: LogViewer,
  filters: LogFilters,
  options: { ignoreTime?: boolean; type?: number } = {}
): LogCondition {
  return (eb) => {
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

/**
 * The matching rows, counted no further than `cap` + 1: `count(*)` over a LIMITed subquery, which
 * walks the same indexes as the page instead of the whole table.
 */
export async function countLogsUpTo(db: Kysely<Database>, condition: LogCondition, cap: number): Promise<number> {
  const counted = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('logs')
        .select(sql<number>`1`.as('one'))
        .where(condition)
        .limit(cap + 1)
        .as('capped')
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(counted.n)
}

/** One page of matching rows, newest (highest id) first. */
export const listLogRows = (db: Kysely<Database>, condition: LogCondition, limit: number, offset: number) =>
  db.selectFrom('logs').selectAll().where(condition).orderBy('id', 'desc').limit(limit).offset(offset).execute()

/** The sum of quota over the matching rows (0 when none). */
export async function sumLogQuota(db: Kysely<Database>, condition: LogCondition): Promise<number> {
  const sum = await db
    .selectFrom('logs')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('quota'), sql<number>`0`).as('quota'))
    .where(condition)
    .executeTakeFirstOrThrow()
  return Number(sum.quota)
}

/** The number and the token sum of matching rows written since `since`. */
export async function countRecentLogs(
  db: Kysely<Database>,
  condition: LogCondition,
  since: number
): Promise<{ rpm: number; tpm: number }> {
  const recent = await db
    .selectFrom('logs')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('rpm'),
      eb.fn.coalesce(eb.fn.sum<number | string>(sql`prompt_tokens + completion_tokens`), sql<number>`0`).as('tpm'),
    ])
    .where(condition)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow()
  return { rpm: Number(recent.rpm), tpm: Number(recent.tpm) }
}

/** The ids of up to `limit` of the oldest rows written before `timestamp` (MySQL allows no LIMIT inside an IN subquery). */
export async function listLogIdsBefore(db: Kysely<Database>, timestamp: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('logs')
    .select('id')
    .where('created_at', '<', timestamp)
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map((row) => row.id)
}

export async function deleteLogsById(db: Kysely<Database>, ids: readonly number[]): Promise<number> {
  const result = await db.deleteFrom('logs').where('id', 'in', ids).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Per group, when a channel's consume logs (type 2) were first and last written. */
export const listChannelUseByGroup = (db: Kysely<Database>, channelId: number) =>
  db
    .selectFrom('logs')
    .select(['group', sql<number>`min(created_at)`.as('first_seen'), sql<number>`max(created_at)`.as('last_seen')])
    .where('channel_id', '=', channelId)
    .where('type', '=', LogType.consume)
    .groupBy('group')
    .execute()
