import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'
import { existingColumns } from './existing-columns.ts'

/**
 * logs.request_id (ours, the X-Oneapi-Request-Id the client got) and logs.upstream_request_id (the
 * one the upstream answered with), each indexed for the log filter, with the reference system's
 * types and index names. A reference database already has them (and their indexes) and is left
 * as it is; the index is made only with a column this migration added.
 */
export function logRequestIdsMigration(dialect: DialectName): Migration {
  const columns = [
    ['request_id', 'varchar(64)'],
    ['upstream_request_id', 'varchar(128)'],
  ] as const
  return {
    async up(db) {
      const existing = await existingColumns(db, dialect, 'logs')
      if (!existing) return
      for (const [column, type] of columns) {
        if (existing.has(column)) continue
        await db.schema
          .alterTable('logs')
          .addColumn(column, type, (c) => c.notNull().defaultTo(''))
          .execute()
        let index = db.schema.createIndex(`idx_logs_${column}`).on('logs').column(column)
        // MySQL knows no IF NOT EXISTS for indexes; there the column was just added, so its index cannot exist.
        if (dialect !== 'mysql') index = index.ifNotExists()
        await index.execute()
      }
    },
  }
}
