import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely'
import type { DialectName } from '../dsn.ts'

/**
 * Column shapes that mean the same thing on SQLite, PostgreSQL and MySQL/MariaDB, so that one
 * migration set serves all three.
 */
export function columnTypes(dialect: DialectName) {
  return {
    /** auto-increment integer primary key */
    id: (builder: ColumnDefinitionBuilder) =>
      dialect === 'postgres' ? builder.primaryKey() : builder.primaryKey().autoIncrement(),
    idType: dialect === 'postgres' ? ('serial' as const) : ('integer' as const),
    /**
     * Long text that defaults to ''. MySQL only accepts a default on TEXT as an expression,
     * so it gets `('')` there.
     */
    text: (builder: ColumnDefinitionBuilder) => builder.notNull().defaultTo(dialect === 'mysql' ? sql`('')` : ''),
  }
}

/** Creates a table whose character set keeps every Unicode character on MySQL. */
export function createTable(db: Kysely<unknown>, dialect: DialectName, name: string) {
  let builder = db.schema.createTable(name).ifNotExists()
  if (dialect === 'mysql') builder = builder.modifyEnd(sql`DEFAULT CHARSET=utf8mb4`)
  return builder
}

export type TableBuilder = CreateTableBuilder<string, never>
