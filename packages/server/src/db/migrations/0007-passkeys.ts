import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'
import { columnTypes, createTable } from './column-types.ts'
import { ensureIndex } from './table-shape.ts'

/**
 * Passkeys (WebAuthn):
 * - passkey_credentials: the reference system's table, with its names and its ORM's column types
 *   (datetime times, standard base64 text), so a database taken over from it keeps its passkeys.
 *   We add `name`, since an account here may hold several; a taken-over table gets it added.
 * - passkey_challenges: challenges between a begin and a finish call, in the database so that
 *   several server processes sharing it can each finish what another began.
 */
export function passkeysMigration(dialect: DialectName): Migration {
  const t = columnTypes(dialect)
  // The reference's ORM writes time.Time as these types.
  const time = dialect === 'postgres' ? 'timestamptz' : dialect === 'mysql' ? 'datetime(3)' : 'datetime'
  const index = (db: Kysely<unknown>, table: string, column: string, unique = false) =>
    ensureIndex(db, dialect, table, [column], unique)
  return {
    async up(db) {
      const columns = await columnsOf(db, dialect, 'passkey_credentials')
      if (columns.length > 0 && !columns.includes('name')) {
        await db.schema
          .alterTable('passkey_credentials')
          .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
          .execute()
      }
      await createTable(db, dialect, 'passkey_credentials')
        .addColumn('id', t.idType, t.id)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('credential_id', 'varchar(512)', (c) => c.notNull())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('attestation_type', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('aaguid', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('sign_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('clone_warning', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('user_present', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('user_verified', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('backup_eligible', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('backup_state', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('transports', 'text', t.text)
        .addColumn('attachment', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('last_used_at', sql.raw(time))
        .addColumn('created_at', sql.raw(time))
        .addColumn('updated_at', sql.raw(time))
        .addColumn('deleted_at', sql.raw(time))
        .execute()
      // The reference's index names, so a taken-over table does not get a second copy of each.
      await index(db, 'passkey_credentials', 'credential_id', true)
      await index(db, 'passkey_credentials', 'user_id')
      await index(db, 'passkey_credentials', 'deleted_at')

      await createTable(db, dialect, 'passkey_challenges')
        .addColumn('challenge', 'varchar(128)', (c) => c.primaryKey())
        .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute()
      await index(db, 'passkey_challenges', 'expires_at')
    },
  }
}

/**
 * The columns of a table in this database's own schema ([] when it has no such table). Kysely's
 * introspection would look through every schema of a PostgreSQL server.
 */
async function columnsOf(db: Kysely<unknown>, dialect: DialectName, table: string): Promise<string[]> {
  const query =
    dialect === 'sqlite'
      ? sql<{ column_name: string }>`select name as column_name from pragma_table_info(${table})`
      : dialect === 'postgres'
        ? sql<{
            column_name: string
          }>`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`
        : sql<{
            column_name: string
          }>`select column_name as column_name from information_schema.columns where table_schema = database() and table_name = ${table}`
  return (await query.execute(db)).rows.map((row) => row.column_name)
}
