import type { InsertQueryBuilder, InsertResult } from 'kysely'
import type { DialectName } from './dsn.ts'

/**
 * Runs an insert and returns the new row's id. PostgreSQL reports it only through RETURNING,
 * which MySQL lacks; SQLite and MySQL report it on the insert result.
 */
export async function insertReturningId<DB, TB extends keyof DB & string>(
  query: InsertQueryBuilder<DB, TB, InsertResult>,
  dialect: DialectName
): Promise<number> {
  if (dialect === 'postgres') {
    // The builder's generic row type cannot know that every table passed here has an id column.
    const row = (await (query as unknown as InsertQueryBuilder<DB, TB, { id: number }>)
      .returning('id' as never)
      .executeTakeFirstOrThrow()) as { id: number }
    return Number(row.id)
  }
  const result = await query.executeTakeFirstOrThrow()
  return Number(result.insertId)
}
