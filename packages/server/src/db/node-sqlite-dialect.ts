import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite'
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely'

/**
 * Kysely's SqliteDialect over Node's built-in `node:sqlite`.
 *
 * Why not better-sqlite3: it is a native addon that must be compiled for the Node ABI it runs on,
 * and the pinned Node 24 ships no headers here, so it cannot be built on these machines; node:sqlite
 * has the same synchronous API shape and needs nothing installed.
 */
export function createNodeSqliteDialect(path: string): { dialect: SqliteDialect; database: DatabaseSync } {
  const database = new DatabaseSync(path)
  // WAL lets readers run beside the writer; FULL keeps acknowledged money movements across a crash;
  // busy_timeout turns a momentary lock into a short wait instead of an error.
  database.exec('PRAGMA journal_mode = WAL')
  database.exec('PRAGMA synchronous = FULL')
  database.exec('PRAGMA busy_timeout = 5000')
  database.exec('PRAGMA foreign_keys = OFF')
  const adapter: SqliteDatabase = {
    close: () => database.close(),
    prepare: (sql: string) => wrapStatement(database.prepare(sql)),
  }
  return { dialect: new SqliteDialect({ database: adapter }), database }
}

function wrapStatement(statement: StatementSync): SqliteStatement {
  const reader = statement.columns().length > 0
  return {
    reader,
    all: (parameters) => statement.all(...bind(parameters)),
    run: (parameters) => {
      const result = statement.run(...bind(parameters))
      return { changes: Number(result.changes), lastInsertRowid: Number(result.lastInsertRowid) }
    },
    iterate: (parameters) => statement.iterate(...bind(parameters)),
  }
}

/** node:sqlite binds no booleans or undefined; store them the way the other dialects read them back. */
function bind(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0
    if (value === undefined) return null
    if (value instanceof Date) return value.toISOString()
    return value as SQLInputValue
  })
}
