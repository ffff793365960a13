import type { QuotaDataRow } from '@gateway/shared'
import { sql, type Kysely } from 'kysely'
import type { Database } from '../schema/index.ts'

export interface QuotaDataRange {
  start: number
  end: number
}

// PostgreSQL answers SUM(bigint) as numeric text and MySQL SUM as DECIMAL text; the sums are integers.
const integer = (value: unknown): number => Number(value ?? 0)

const rawRow = (row: {
  id: unknown
  user_id: unknown
  username: string
  model_name: string
  created_at: unknown
  token_used: unknown
  count: unknown
  quota: unknown
}): QuotaDataRow => ({
  id: integer(row.id),
  user_id: integer(row.user_id),
  username: row.username,
  model_name: row.model_name,
  created_at: integer(row.created_at),
  token_used: integer(row.token_used),
  count: integer(row.count),
  quota: integer(row.quota),
  use_group: '',
  token_id: 0,
  channel_id: 0,
  node_name: '',
})

/** Every user's hours summed per (model, hour), oldest first. Reads the created_at index only. */
export async function listQuotaDataByModel(db: Kysely<Database>, range: QuotaDataRange): Promise<QuotaDataRow[]> {
  const rows = await db
    .selectFrom('quota_data')
    .select([
      'model_name',
      'created_at',
      sql<string>`sum(${sql.ref('count')})`.as('count'),
      sql<string>`sum(${sql.ref('quota')})`.as('quota'),
      sql<string>`sum(${sql.ref('token_used')})`.as('token_used'),
    ])
    .where('created_at', '>=', range.start)
    .where('created_at', '<=', range.end)
    .groupBy(['model_name', 'created_at'])
    .orderBy('created_at')
    .orderBy('model_name')
    .execute()
  return rows.map((row) => rawRow({ ...row, id: 0, user_id: 0, username: '' }))
}

/**
 * One user's hours per model, oldest first: the rows of a bucket split by group, token, channel
 * and node (as the reference writes them) are summed, and answered under the first row's id.
 */
function userHours(db: Kysely<Database>, range: QuotaDataRange) {
  return db
    .selectFrom('quota_data')
    .select([
      sql<number>`min(${sql.ref('id')})`.as('id'),
      'user_id',
      'username',
      'model_name',
      'created_at',
      sql<string>`sum(${sql.ref('count')})`.as('count'),
      sql<string>`sum(${sql.ref('quota')})`.as('quota'),
      sql<string>`sum(${sql.ref('token_used')})`.as('token_used'),
    ])
    .where('created_at', '>=', range.start)
    .where('created_at', '<=', range.end)
    .groupBy(['user_id', 'username', 'model_name', 'created_at'])
    .orderBy('created_at')
    .orderBy('model_name')
}

/** One user's hours (by the name recorded with them), oldest first. */
export async function listQuotaDataByUsername(
  db: Kysely<Database>,
  username: string,
  range: QuotaDataRange
): Promise<QuotaDataRow[]> {
  return (await userHours(db, range).where('username', '=', username).execute()).map(rawRow)
}

/** One user's hours by id (the bucket index leads with user_id), oldest first. */
export async function listQuotaDataByUserId(
  db: Kysely<Database>,
  userId: number,
  range: QuotaDataRange
): Promise<QuotaDataRow[]> {
  return (await userHours(db, range).where('user_id', '=', userId).execute()).map(rawRow)
}
