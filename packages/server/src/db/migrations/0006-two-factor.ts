import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'
import { columnTypes, createTable } from './column-types.ts'
import { columnsOf, ensureIndex } from './table-shape.ts'

/**
 * TOTP two-factor sign-in, in the reference's tables `two_fas` (one factor per user) and
 * `two_fa_backup_codes` (one row per single-use code), plus `two_fa_login_flows`: the sign-ins
 * that passed the password and wait for their code, kept in the database so that every instance
 * can finish them.
 */
export function twoFactorMigration(dialect: DialectName): Migration {
  const t = columnTypes(dialect)
  const index = (db: Kysely<unknown>, table: string, columns: string[], unique = false) =>
    ensureIndex(db, dialect, table, columns, unique)
  return {
    async up(db) {
      await createTable(db, dialect, 'two_fas')
        .addColumn('id', t.idType, t.id)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('secret', 'varchar(255)', (c) => c.notNull())
        .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'bigint')
        .addColumn('last_used_at', 'bigint')
        .addColumn('last_totp_step', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .execute()
      // A table the reference created lacks the one column of ours (columnsOf reads this database's
      // own table; Kysely's introspection reads every schema of a PostgreSQL server).
      const existing = await columnsOf(db, dialect, 'two_fas')
      if (existing.length > 0 && !existing.some((column) => column.name === 'last_totp_step')) {
        await db.schema
          .alterTable('two_fas')
          .addColumn('last_totp_step', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute()
      }
      await index(db, 'two_fas', ['user_id'], true)

      await createTable(db, dialect, 'two_fa_backup_codes')
        .addColumn('id', t.idType, t.id)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('is_used', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('used_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .execute()
      await index(db, 'two_fa_backup_codes', ['user_id'])

      await createTable(db, dialect, 'two_fa_login_flows')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute()
      await index(db, 'two_fa_login_flows', ['expires_at'])
    },
  }
}
