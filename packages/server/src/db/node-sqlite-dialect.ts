import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite'
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely'

/**
 * Kysely's SqliteDialect over Node's built-in `node:sqlite`.
 *
 * Why not better-sqlite3: it is a native addon that must be compiled for the Node ABI it runs on,
 * and the pinned Node 24 ships no headers here, so it cannot be built on these machines; node:sqlite
 * has the same synchronous API shape and needs nothing installed.
 */
export function createNodeSqliteDialect(
  path: string,
  synchronous: 'NORMAL' | 'FULL' = 'NORMAL'
): { dialect: SqliteDialect; database: DatabaseSync } {
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
        // Kysely begins its transactions with a plain (deferred) BEGIN. With several processes on
        // the file (WORKERS), a deferred transaction that reads and then writes fails at once with
        // SQLITE_BUSY when another process wrote in between; IMMEDIATE takes the write lock first
        // and waits for it (busy_timeout), as the ledger's transactions do.
        statement = wrapStatement(database, /^begin$/i.test(sql) ? 'begin immediate' : sql)
        if (statements.size >= 1000) statements.delete(statements.keys().next().value as string)
        statements.set(sql, statement)
      }
      return statement
    },
  }
  return { dialect: new SqliteDialect({ database: adapter }), database }
}

/**
 * node:sqlite refuses to read an INTEGER beyond ±2^53 as a number: the whole call throws
 * (RangeError, code ERR_OUT_OF_RANGE). Balances are bounded by MAX_QUOTA, but a row written before
 * that, or by hand, must not make its account and every list showing it fail for good. So:
 * - a SELECT runs as always (no cost while values are in range) and, only when that error comes,
 *   runs again reading integers as BigInt, which are turned into (rounded) numbers;
 * - a statement that writes and returns rows (UPDATE ... RETURNING) cannot be run again: its write
 *   is done before the row that fails is read. It reads BigInt from the start instead, which costs
 *   a fraction of a microsecond on a call that writes anyway.
 */
function wrapStatement(database: DatabaseSync, sql: string): SqliteStatement {
  const statement = database.prepare(sql)
  const reader = statement.columns().length > 0
  const readOnly = /^\s*select\b/i.test(sql)
  let wide: StatementSync | undefined
  const wideStatement = (): StatementSync => {
    if (!wide) {
      wide = database.prepare(sql)
      wide.setReadBigInts(true)
    }
    return wide
  }
  const readWide = (parameters: ReadonlyArray<unknown>) =>
    wideStatement()
      .all(...bind(parameters))
      .map(toNumbers)
  return {
    reader,
    all: (parameters) => {
      if (!readOnly) return readWide(parameters)
      try {
        return statement.all(...bind(parameters))
      } catch (error) {
        if (!isOutOfRange(error)) throw error
        return readWide(parameters)
      }
    },
    run: (parameters) => {
      const result = statement.run(...bind(parameters))
      return { changes: Number(result.changes), lastInsertRowid: Number(result.lastInsertRowid) }
    },
    iterate: (parameters) => iterateRows(statement, wideStatement, bind(parameters)),
  }
}

/**
 * Streams a SELECT (Kysely streams nothing else). An out-of-range value before the first row is
 * handed out restarts the read with BigInt; after that, running again could repeat rows the caller
 * already has, so the error is passed on.
 */
function* iterateRows(
  statement: StatementSync,
  wideStatement: () => StatementSync,
  parameters: SQLInputValue[]
): Generator<unknown> {
  let yielded = false
  try {
    for (const row of statement.iterate(...parameters)) {
      yielded = true
      yield row
    }
  } catch (error) {
    if (yielded || !isOutOfRange(error)) throw error
    for (const row of wideStatement().iterate(...parameters)) yield toNumbers(row)
  }
}

export const isOutOfRange = (error: unknown): boolean =>
  error instanceof RangeError && (error as RangeError & { code?: string }).code === 'ERR_OUT_OF_RANGE'

/** A row read with BigInt integers, as the numbers every other read gives (rounded beyond 2^53). */
export function toNumbers(row: unknown): unknown {
  const record = row as Record<string, unknown>
  for (const key in record) if (typeof record[key] === 'bigint') record[key] = Number(record[key])
  return record
}

/** node:sqlite binds no booleans or undefined; store them the way the other dialects read them back. */
export function bind(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0
    if (value === undefined) return null
    if (value instanceof Date) return value.toISOString()
    return value as SQLInputValue
  })
}
