import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite'
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely'

/**
 * Kysely's SqliteDialect over Node's built-in `node:sqlite`.
 *
 * Why not better-sqlite3: it is a native addon that must be compiled for the Node ABI it runs on,
 * and the pinned Node 24 ships no headers here, so it cannot be built on these machines; node:sqlite
 * has the same synchronous API shape and needs nothing installed.
 */
export function createNodeSqliteDialect(path: string, synchronous: 'NORMAL' | 'FULL' = 'NORMAL'): { dialect: SqliteDialect; database: DatabaseSync } {
  const database = new DatabaseSync(path)
  // WAL lets readers run beside the writer. With synchronous=NORMAL a commit is durable against a
  // crash of the process (SIGKILL included) but the last commits before a power loss or OS crash
  // may roll back, up to the next checkpoint; FULL closes that window at one fsync per commit,
  // which costs the relay several fsyncs per request (SQLITE_SYNCHRONOUS chooses).
  // busy_timeout turns a momentary lock into a short wait instead of an error.
  database.exec('PRAGMA journal_mode = WAL')
  database.exec(`PRAGMA synchronous = ${synchronous}`)
  database.exec('PRAGMA busy_timeout = 5000')
  database.exec('PRAGMA foreign_keys = OFF')
  // Kysely prepares every query anew; the same few statements run thousands of times a second on
  // the relay's path, so prepared statements are kept (bounded, oldest dropped first).
  const statements = new Map<string, SqliteStatement>()
  const adapter: SqliteDatabase = {
    close: () => database.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql)
      if (!statement) {
        statement = wrapStatement(database.prepare(sql))
        if (statements.size >= 1000) statements.delete(statements.keys().next().value as string)
        statements.set(sql, statement)
      }
      return statement
    },
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
