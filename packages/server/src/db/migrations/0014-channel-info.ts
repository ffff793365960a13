import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'

/**
 * channels.channel_info: the multi-key state of a channel (several keys in one channel, their
 * per-key status, the pick mode), a JSON document in the reference's shape. Created with the
 * reference's own column type (json; SQLite keeps the type name only) and nullable like the
 * reference's, so a database moved back to it is not altered by its own schema check. Adds only
 * what is missing: a taken-over reference database already has the column and its data.
 */
export function channelInfoMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      // Introspection sees every schema of a PostgreSQL server; only this database's own table counts.
      const schema = dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined
      const channels = (await db.introspection.getTables()).find((table) => table.name === 'channels' && (schema === undefined || table.schema === schema))
      if (channels?.columns.some((column) => column.name === 'channel_info')) return
      await db.schema.alterTable('channels').addColumn('channel_info', 'json').execute()
    },
  }
}
