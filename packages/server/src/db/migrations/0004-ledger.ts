import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'
import { columnTypes, createTable } from './column-types.ts'
import { ensureIndex } from './table-shape.ts'

/**
 * The ledger's durable state:
 * - quota_holds: one row per reservation, written in the reservation's transaction and deleted in
 *   the settlement's. A row that outlives its process is an interrupted request: the sweeper
 *   returns its amount. Deleting the row is also what makes a settlement happen exactly once.
 * - ledger_instances: a heartbeat per running process, so a hold is only swept once its owner
 *   has stopped beating (another live instance's requests are never touched).
 * - log_outbox: usage rows bound for a separate log database (LOG_SQL_DSN), written in the
 *   settlement's transaction and forwarded afterwards, so a settled charge always has its row.
 */
export function ledgerMigration(dialect: DialectName): Migration {
  const t = columnTypes(dialect)
  return {
    async up(db) {
      let holds = createTable(db, dialect, 'quota_holds')
      // On SQLite a table keyed by text keeps rows and key in one b-tree, so each reservation's commit writes one page less.
      if (dialect === 'sqlite') holds = holds.modifyEnd(sql`WITHOUT ROWID`)
      await holds
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('owner', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('token_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('token_limited', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('token_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('model_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .execute()
      await ensureIndex(db, dialect, 'quota_holds', ['owner'])
      await createTable(db, dialect, 'ledger_instances')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
        .execute()
      await createTable(db, dialect, 'log_outbox')
        .addColumn('id', t.idType, t.id)
        .addColumn('payload', 'text', (c) => c.notNull())
        .execute()
    },
  }
}
