import type { Kysely } from 'kysely'
import type { DialectName } from '../dsn.ts'
import { columnsOf } from './table-shape.ts'

/**
 * The column names a table has now, or undefined when there is no such table. Migrations that add
 * a column the reference system also writes check this first: a database it wrote (or a replayed
 * migration) already has the column and keeps it as it is. Reads this database's own schema only
 * (columnsOf): Kysely's introspection would read every schema of a PostgreSQL server, and fail when
 * another one is dropped meanwhile.
 */
export async function existingColumns(
  db: Kysely<unknown>,
  dialect: DialectName,
  table: string
): Promise<Set<string> | undefined> {
  const columns = await columnsOf(db, dialect, table)
  return columns.length === 0 ? undefined : new Set(columns.map((column) => column.name))
}
