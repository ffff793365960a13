import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { Kysely, MysqlDialect, PostgresDialect, type Dialect } from 'kysely'
import type { ConnectionTarget, DialectName } from './dsn.ts'
import { createNodeSqliteDialect } from './node-sqlite-dialect.ts'
import type { Database } from './schema/index.ts'

export interface DatabaseHandle {
  db: Kysely<Database>
  dialect: DialectName
  close(): Promise<void>
}

/** Opens the database a DSN points at. Pool libraries load lazily so SQLite users never load them. */
export async function openDatabase(target: ConnectionTarget, poolSize = 20, sqliteSynchronous: 'NORMAL' | 'FULL' = 'NORMAL'): Promise<DatabaseHandle> {
  const dialect = await createDialect(target, poolSize, sqliteSynchronous)
  const db = new Kysely<Database>({ dialect })
  return { db, dialect: target.dialect, close: () => db.destroy() }
}

async function createDialect(target: ConnectionTarget, poolSize: number, sqliteSynchronous: 'NORMAL' | 'FULL'): Promise<Dialect> {
  switch (target.dialect) {
    case 'sqlite': {
      if (target.path !== ':memory:') mkdirSync(dirname(target.path), { recursive: true })
      return createNodeSqliteDialect(target.path, sqliteSynchronous).dialect
    }
    case 'postgres': {
      const pg = await import('pg')
      // BIGINT (quota) arrives as a string by default; every quota fits in 2^53, so read it as a number.
      pg.default.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10))
      return new PostgresDialect({ pool: new pg.default.Pool({ connectionString: target.connectionString, max: poolSize }) })
    }
    case 'mysql': {
      const mysql = await import('mysql2')
      return new MysqlDialect({
        pool: mysql.createPool({
          uri: target.uri,
          connectionLimit: poolSize,
          charset: 'utf8mb4',
          supportBigNumbers: true,
          decimalNumbers: true,
          timezone: 'Z',
        }),
      })
    }
  }
}
