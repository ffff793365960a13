import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'
import { existingColumns } from './existing-columns.ts'

/**
 * Leases: a process takes a slice of a payer's balance once (a quota_holds row of kind 1) and
 * reserves requests from it in memory, instead of a transaction per request.
 * - kind: 0 a request's own hold (as before), 1 a lease, 2 a request covered by a lease (its
 *   amount is inside the lease; the row only records that the request is in flight).
 * - lease_id: for kind 2, the lease that covers it.
 * - seq: for kind 1, the number of the last settlement charged to it, so a replayed settlement is
 *   charged once.
 */
export function ledgerLeasesMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      const holds = await existingColumns(db, dialect, 'quota_holds')
      if (!holds) return
      if (!holds.has('kind'))
        await db.schema
          .alterTable('quota_holds')
          .addColumn('kind', 'integer', (c) => c.notNull().defaultTo(0))
          .execute()
      if (!holds.has('lease_id'))
        await db.schema
          .alterTable('quota_holds')
          .addColumn('lease_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
          .execute()
      if (!holds.has('seq'))
        await db.schema
          .alterTable('quota_holds')
          .addColumn('seq', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute()
    },
  }
}
