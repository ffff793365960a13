import type { DatabaseSync, StatementSync } from 'node:sqlite'
import type { Kysely } from 'kysely'
import { bind, isOutOfRange, toNumbers } from './node-sqlite-dialect.ts'

/**
 * A fixed statement run straight on node:sqlite, without Kysely's per-query machinery (the ledger
 * runs several per relayed request). The same shape as rawStatement, so the ledger's code does not
 * care which it gets. Safe only where Kysely cannot be using the connection for someone else: inside
 * a transaction the caller opened through Kysely (which holds SQLite's one connection until it
 * ends), or for a read. A SELECT that meets an integer beyond 2^53 is read again with BigInt; a
 * statement that writes and returns rows must return values in range (the ledger's cap them).
 */
export function directStatement(database: DatabaseSync, sql: string) {
  // Prepared on first use: a statement may name a table this database does not have (the logs
  // table when LOG_SQL_DSN puts it elsewhere), which only matters if it is ever run.
  let statement: StatementSync | undefined
  let reader = false
  let wide: StatementSync | undefined
  return {
    sql,
    async run<R = unknown>(_db: unknown, parameters: readonly unknown[]): Promise<{ changed: number; rows: R[] }> {
      if (!statement) {
        statement = database.prepare(sql)
        reader = statement.columns().length > 0
      }
      const values = bind(parameters)
      if (!reader) return { changed: Number(statement.run(...values).changes), rows: [] }
      try {
        const rows = statement.all(...values) as R[]
        return { changed: rows.length, rows }
      } catch (error) {
        if (!isOutOfRange(error) || !/^\s*select\b/i.test(sql)) throw error
        wide ??= database.prepare(sql)
        wide.setReadBigInts(true)
        const rows = wide.all(...values).map(toNumbers) as R[]
        return { changed: rows.length, rows }
      }
    },
  }
}

/**
 * Runs `work` in one transaction. On SQLite it takes Kysely's one connection (so nothing else of
 * Kysely's runs meanwhile) and begins and ends the transaction on it directly: two fewer trips
 * through Kysely per commit, which the ledger makes per request. Elsewhere, a Kysely transaction.
 */
export async function inTransaction<DB, T>(
  db: Kysely<DB>,
  sqlite: DatabaseSync | undefined,
  work: (trx: Kysely<DB>) => Promise<T>
): Promise<T> {
  if (!sqlite) return db.transaction().execute(work)
  return db.connection().execute(async () => {
    sqlite.exec('BEGIN IMMEDIATE')
    try {
      const result = await work(db)
      sqlite.exec('COMMIT')
      return result
    } catch (error) {
      if (sqlite.isTransaction) sqlite.exec('ROLLBACK')
      throw error
    }
  })
}
