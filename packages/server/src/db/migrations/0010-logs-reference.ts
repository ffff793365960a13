import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'
import { columnsOf } from './table-shape.ts'

/**
 * The logs table of a reference database of the spec's era (mid 2025) has no `ip` column, which
 * every usage row of ours writes: added where missing, empty for the rows already there. The logs
 * have their own migration set because LOG_SQL_DSN may put them in another database.
 */
export function logsReferenceMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      const columns = await columnsOf(db, dialect, 'logs')
      if (columns.length === 0 || columns.some((c) => c.name === 'ip')) return
      await db.schema
        .alterTable('logs')
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .execute()
    },
  }
}
