import type { DialectName } from '../../src/db/dsn.ts'

/**
 * A small model of how the reference system's ORM (gorm, with its SQLite, PostgreSQL and MySQL
 * drivers) turns a Go struct into a table, so tests can build the tables it would have built.
 *
 * Go kinds and what AutoMigrate makes of them when the tag names no `type:`:
 * - int, int64 (the primary key `Id` auto-increments): SQLite `integer` (key: `integer PRIMARY KEY
 *   AUTOINCREMENT`), PostgreSQL `bigint` (key: `bigserial`), MySQL `bigint` (key: `bigint AUTO_INCREMENT`)
 * - uint: as int, but MySQL `bigint unsigned`; uint32: PostgreSQL `bigint`, MySQL `int unsigned`
 * - string: SQLite and PostgreSQL `text` (`varchar(n)` on PostgreSQL with a `size`); MySQL
 *   `longtext`, or `varchar(191)` when the column is indexed or has a default, `varchar(n)` with a size
 * - bool: SQLite `numeric`, PostgreSQL and MySQL `boolean`
 * - float64: SQLite `real`, PostgreSQL `decimal`, MySQL `double`
 * - time.Time and gorm.DeletedAt: SQLite `datetime`, PostgreSQL `timestamptz`, MySQL `datetime(3)`
 * Columns are nullable unless the tag says `not null`; `unique` is a column constraint,
 * `index`/`uniqueIndex` make `idx_<table>_<column>` unless named.
 */
export type GoKind = 'int' | 'uint' | 'uint32' | 'string' | 'bool' | 'float64' | 'time'

export interface GormField {
  name: string
  go: GoKind
  /** the tag's `type:`, used as written */
  type?: string
  /** the tag's `size:` */
  size?: number
  /** the tag's `default:`, as SQL */
  default?: string
  notNull?: boolean
  /** the auto-increment primary key */
  id?: boolean
  /** part of a composite primary key (no auto-increment) */
  key?: boolean
  /** the tag's `unique` (a column constraint) */
  unique?: boolean
}

export interface GormIndex {
  name: string
  columns: string[]
  unique?: boolean
}

export interface GormTable {
  name: string
  fields: GormField[]
  indexes: GormIndex[]
}

const quote = (dialect: DialectName, name: string) => (dialect === 'mysql' ? `\`${name}\`` : `"${name}"`)

function columnType(dialect: DialectName, table: GormTable, field: GormField): string {
  if (field.id) {
    if (dialect === 'sqlite') return 'integer PRIMARY KEY AUTOINCREMENT'
    if (dialect === 'postgres') return 'bigserial'
    return field.go === 'uint' ? 'bigint unsigned AUTO_INCREMENT' : 'bigint AUTO_INCREMENT'
  }
  if (field.type) return field.type
  switch (field.go) {
    case 'int':
      return dialect === 'sqlite' ? 'integer' : 'bigint'
    case 'uint':
      return dialect === 'sqlite' ? 'integer' : dialect === 'postgres' ? 'bigint' : 'bigint unsigned'
    case 'uint32':
      return dialect === 'sqlite' ? 'integer' : dialect === 'postgres' ? 'bigint' : 'int unsigned'
    case 'bool':
      return dialect === 'sqlite' ? 'numeric' : 'boolean'
    case 'float64':
      return dialect === 'sqlite' ? 'real' : dialect === 'postgres' ? 'decimal' : 'double'
    case 'time':
      return dialect === 'sqlite' ? 'datetime' : dialect === 'postgres' ? 'timestamptz' : 'datetime(3)'
    case 'string': {
      if (dialect === 'sqlite') return 'text'
      if (dialect === 'postgres') return field.size ? `varchar(${field.size})` : 'text'
      if (field.size) return `varchar(${field.size})`
      const indexed = field.unique || table.indexes.some((index) => !index.unique && index.columns.includes(field.name))
      return indexed || field.key || field.default !== undefined ? 'varchar(191)' : 'longtext'
    }
  }
}

/** The statements AutoMigrate runs to create `table` from nothing on `dialect`. */
export function createTableStatements(dialect: DialectName, table: GormTable): string[] {
  const columns = table.fields.map((field) => {
    let definition = `${quote(dialect, field.name)} ${columnType(dialect, table, field)}`
    if (field.notNull || field.key) definition += ' NOT NULL'
    if (field.unique) definition += ' UNIQUE'
    if (field.default !== undefined) definition += ` DEFAULT ${field.default}`
    return definition
  })
  const keys = table.fields.filter((field) => field.key || (field.id && dialect !== 'sqlite'))
  if (keys.length > 0) columns.push(`PRIMARY KEY (${keys.map((field) => quote(dialect, field.name)).join(',')})`)
  const statements = [`CREATE TABLE ${quote(dialect, table.name)} (${columns.join(',')})`]
  for (const index of table.indexes) {
    statements.push(
      `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${quote(dialect, index.name)} ON ${quote(dialect, table.name)} (${index.columns.map((column) => quote(dialect, column)).join(',')})`
    )
  }
  return statements
}
