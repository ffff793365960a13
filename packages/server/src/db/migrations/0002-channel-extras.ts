import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'

/**
 * channels.max_input_tokens: the largest prompt a channel accepts (0 means no limit). Adds it only
 * when missing: every migration runs again on a database moved back to the reference system and
 * taken over anew (services/takeover/move-back.ts forgets which ran).
 */
export function channelExtrasMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      // Introspection sees every schema of a PostgreSQL server; only this database's own table counts.
      const schema = dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined
      const channels = (await db.introspection.getTables()).find((table) => table.name === 'channels' && (schema === undefined || table.schema === schema))
      if (channels?.columns.some((column) => column.name === 'max_input_tokens')) return
      await db.schema
        .alterTable('channels')
        .addColumn('max_input_tokens', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
  }
}
