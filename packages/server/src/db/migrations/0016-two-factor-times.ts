import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'
import { columnsOf, type ColumnShape } from './table-shape.ts'

/** The time columns of the two-factor tables other than deleted_at (0009 converted that one). */
const TIME_COLUMNS: Record<string, string[]> = {
  two_fas: ['locked_until', 'last_used_at', 'created_at', 'updated_at'],
  two_fa_backup_codes: ['used_at', 'created_at'],
}

/**
 * The two-factor tables' times as the reference keeps them (its ORM's time.Time: SQLite `datetime`,
 * PostgreSQL `timestamptz`, MySQL `datetime(3)`). 0006 made them unix-second integers on our own
 * databases, which the reference (and our queries, which now write datetimes) cannot use. Values are
 * kept. A column that is no integer (a reference database, or a second run) is left as it is.
 */
export function twoFactorTimesMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      for (const [table, names] of Object.entries(TIME_COLUMNS)) {
        for (const name of names) await secondsToDatetime(db, dialect, table, name)
      }
    },
  }
}

const isInteger = (column: ColumnShape | undefined) =>
  column !== undefined && ['bigint', 'integer', 'int'].includes(column.type)

async function secondsToDatetime(
  db: Kysely<unknown>,
  dialect: DialectName,
  table: string,
  name: string
): Promise<void> {
  const columns = await columnsOf(db, dialect, table)
  const column = columns.find((c) => c.name === name)
  if (dialect === 'sqlite') return sqliteRebuild(db, table, name, columns)
  if (!isInteger(column)) return
  if (dialect === 'postgres') {
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(name)} type timestamptz using to_timestamp(${sql.ref(name)})`.execute(
      db
    )
    return
  }
  // MySQL cannot cast seconds to a datetime: each value becomes the number YYYYMMDDhhmmss (UTC),
  // which MODIFY reads as that datetime. Such a number is far above any unix time in seconds, so a
  // run interrupted between the two statements (MySQL DDL does not roll back) converts no value twice.
  await sql`update ${sql.table(table)} set ${sql.ref(name)} = date_format(date_add('1970-01-01 00:00:00', interval ${sql.ref(name)} second), '%Y%m%d%H%i%s')
    where ${sql.ref(name)} is not null and ${sql.ref(name)} < 100000000000`.execute(db)
  // MODIFY restates the whole column: the reference's are nullable without a default.
  await sql`alter table ${sql.table(table)} modify ${sql.ref(name)} datetime(3) null`.execute(db)
}

/**
 * SQLite keeps a column's declared type, and the reference's driver reads text as a time only in a
 * column declared datetime; so the column is replaced by a datetime one holding the same instants as
 * the reference's text form. Each step is recognised on a second run (this migration runs outside a
 * transaction on SQLite): a leftover `<name>__datetime` is filled again, or only renamed once the
 * old column is gone. The new column is nullable, as the reference's are.
 */
async function sqliteRebuild(db: Kysely<unknown>, table: string, name: string, columns: ColumnShape[]): Promise<void> {
  const column = columns.find((c) => c.name === name)
  const temporary = `${name}__datetime`
  const hasTemporary = columns.some((c) => c.name === temporary)
  if (column && !isInteger(column)) return
  if (!column && !hasTemporary) return
  if (column) {
    if (!hasTemporary) await db.schema.alterTable(table).addColumn(temporary, 'datetime').execute()
    await sql`update ${sql.table(table)} set ${sql.ref(temporary)} = case when typeof(${sql.ref(name)}) = 'integer' then datetime(${sql.ref(name)}, 'unixepoch') else ${sql.ref(name)} end`.execute(
      db
    )
    await db.schema.alterTable(table).dropColumn(name).execute()
  }
  await db.schema.alterTable(table).renameColumn(temporary, name).execute()
}
