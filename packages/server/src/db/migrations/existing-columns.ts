import { sql, type Kysely } from 'kysely'
import type { DialectName } from '../dsn.ts'

/**
 * The column names a table has now, or undefined when there is no such table. Migrations that add
 * a column the reference system also writes check this first: a database it wrote (or a replayed
 * migration) already has the column and keeps it as it is.
 */
export async function existingColumns(db: Kysely<unknown>, dialect: DialectName, table: string): Promise<Set<string> | undefined> {
  // Introspection sees every schema of a PostgreSQL server; only this database's own table counts.
  const schema = dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined
  const found = (await db.introspection.getTables()).find((t) => t.name === table && (schema === undefined || t.schema === schema))
  return found ? new Set(found.columns.map((c) => c.name)) : undefined
}
