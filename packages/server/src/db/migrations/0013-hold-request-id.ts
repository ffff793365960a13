import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'
import { existingColumns } from './existing-columns.ts'

/**
 * quota_holds.request_id: the request a reservation belongs to, so that the row the sweeper writes
 * for an interrupted request names it like every other usage row. Holds made before have none ('').
 */
export function holdRequestIdMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      const holds = await existingColumns(db, dialect, 'quota_holds')
      if (holds && !holds.has('request_id')) {
        await db.schema
          .alterTable('quota_holds')
          .addColumn('request_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
          .execute()
      }
    },
  }
}
