import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'
import { columnsOf } from './table-shape.ts'

/**
 * channels.private_network: the root allowed this one channel to reach loopback and private
 * addresses (a local model server). Off for every existing channel: until now the decision was one
 * global switch that admins' channels all shared. Adds only what is missing, so a database that
 * already has the column (a replayed migration) is left as it is.
 */
export function channelPrivateNetworkMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      // This database's own table (columnsOf), not Kysely's introspection, which reads every schema
      // of a PostgreSQL server and fails when another one is dropped meanwhile.
      if ((await columnsOf(db, dialect, 'channels')).some((column) => column.name === 'private_network')) return
      await db.schema
        .alterTable('channels')
        .addColumn('private_network', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
  }
}
