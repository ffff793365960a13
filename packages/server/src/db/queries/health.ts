import { sql, type Kysely } from 'kysely'
import type { Database } from '../schema/index.ts'

/** The cheapest round trip that proves a connection can be had and the server answers. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db)
}

/** The name of the newest migration recorded in `table`, or undefined when none is (or the table is missing). */
export async function latestAppliedMigration(db: Kysely<Database>, table: string): Promise<string | undefined> {
  const rows = await sql<{ name: string | null }>`select max(name) as name from ${sql.table(table)}`.execute(db)
  return rows.rows[0]?.name ?? undefined
}
