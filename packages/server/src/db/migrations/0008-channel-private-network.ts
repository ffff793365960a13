import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'

/**
 * channels.private_network: the root allowed this one channel to reach loopback and private
 * addresses (a local model server). Off for every existing channel: until now the decision was one
 * global switch that admins' channels all shared. Adds only what is missing, so a database that
 * already has the column (a replayed migration) is left as it is.
 */
export function channelPrivateNetworkMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      // Introspection sees every schema of a PostgreSQL server; only this database's own table counts.
      const schema = dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined
      const channels = (await db.introspection.getTables()).find((table) => table.name === 'channels' && (schema === undefined || table.schema === schema))
      if (channels?.columns.some((column) => column.name === 'private_network')) return
      await db.schema
        .alterTable('channels')
        .addColumn('private_network', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
  }
}
