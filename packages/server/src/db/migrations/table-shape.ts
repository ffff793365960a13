import { sql, type Kysely } from 'kysely'
import type { DialectName } from '../dsn.ts'

export interface ColumnShape {
  name: string
  /** the engine's type name, lower case: `bigint`, `timestamp with time zone`, `datetime`, `character` ... */
  type: string
  /** declared length of a character column, when the engine reports one */
  length: number | null
}

/**
 * The columns of a table in this database's own schema ([] when there is no such table).
 * Kysely's introspection would look through every schema of a PostgreSQL server.
 */
export async function columnsOf(db: Kysely<unknown>, dialect: DialectName, table: string): Promise<ColumnShape[]> {
  if (dialect === 'sqlite') {
    const rows = (
      await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${table})`.execute(db)
    ).rows
    return rows.map((row) => {
      const length = /\((\d+)\)/.exec(row.type)?.[1]
      return {
        name: row.name,
        type: row.type.toLowerCase().replace(/\(.*$/, ''),
        length: length ? Number(length) : null,
      }
    })
  }
  const schema = dialect === 'postgres' ? sql`current_schema()` : sql`database()`
  const rows = (
    await sql<{
      name: string
      type: string
      length: number | string | null
    }>`select column_name as name, data_type as type, character_maximum_length as length
      from information_schema.columns where table_schema = ${schema} and table_name = ${table}`.execute(db)
  ).rows
  return rows.map((row) => ({
    name: row.name,
    type: String(row.type).toLowerCase(),
    length: row.length === null ? null : Number(row.length),
  }))
}

export async function indexExists(
  db: Kysely<unknown>,
  dialect: DialectName,
  table: string,
  name: string
): Promise<boolean> {
  const query =
    dialect === 'sqlite'
      ? sql`select name from sqlite_master where type = 'index' and tbl_name = ${table} and name = ${name}`
      : dialect === 'postgres'
        ? sql`select indexname from pg_indexes where schemaname = current_schema() and tablename = ${table} and indexname = ${name}`
        : sql`select index_name from information_schema.statistics where table_schema = database() and table_name = ${table} and index_name = ${name}`
  return (await query.execute(db)).rows.length > 0
}

export async function dropIndexIfExists(
  db: Kysely<unknown>,
  dialect: DialectName,
  table: string,
  name: string
): Promise<void> {
  if (!(await indexExists(db, dialect, table, name))) return
  const builder = db.schema.dropIndex(name)
  await (dialect === 'mysql' ? builder.on(table) : builder).execute()
}

/**
 * Creates `idx_<table>_<columns…>` unless an index of that name exists. MySQL 8 has no
 * `CREATE INDEX IF NOT EXISTS` (MariaDB and the others do), so on MySQL the catalogue is asked first.
 */
export async function ensureIndex(
  db: Kysely<unknown>,
  dialect: DialectName,
  table: string,
  columns: readonly string[],
  unique = false
): Promise<void> {
  const name = `idx_${table}_${columns.join('_')}`
  if (dialect === 'mysql' && (await indexExists(db, dialect, table, name))) return
  let builder = db.schema
    .createIndex(name)
    .on(table)
    .columns([...columns])
  if (dialect !== 'mysql') builder = builder.ifNotExists()
  await (unique ? builder.unique() : builder).execute()
}
