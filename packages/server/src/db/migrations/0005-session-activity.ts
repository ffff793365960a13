import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'
import { columnsOf } from './table-shape.ts'

/**
 * sessions.last_seen_at: when the session last made a request (kept to the minute), so that a
 * session left idle longer than SessionIdleTimeoutMinutes can be refused. Sessions that exist
 * already count as last seen when they signed in. Adds only what is missing.
 */
export function sessionActivityMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      // This database's own table (columnsOf), not Kysely's introspection, which reads every schema
      // of a PostgreSQL server and fails when another one is dropped meanwhile.
      if ((await columnsOf(db, dialect, 'sessions')).some((column) => column.name === 'last_seen_at')) return
      await db.schema
        .alterTable('sessions')
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute()
      await sql`update sessions set last_seen_at = created_at`.execute(db)
    },
  }
}
