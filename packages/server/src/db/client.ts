import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { Kysely, MysqlDialect, PostgresDialect, type Dialect } from 'kysely'
import type { ConnectionTarget, DialectName } from './dsn.ts'
import { createNodeSqliteDialect } from './node-sqlite-dialect.ts'
import type { Database } from './schema/index.ts'

export interface DatabaseHandle {
  db: Kysely<Database>
  dialect: DialectName
  /** SQLite's connection itself, which Kysely also uses (see db/sqlite-direct.ts) */
  sqlite?: DatabaseSync
  close(): Promise<void>
}

/** Pool settings for PostgreSQL and MySQL (SQL_MAX_OPEN_CONNS, SQL_MAX_IDLE_CONNS, SQL_MAX_LIFETIME). */
export interface PoolSettings {
  maxOpen: number
  /** undefined: as many as maxOpen */
  maxIdle?: number
  /** seconds; 0 = for ever */
  maxLifetimeSeconds: number
}

export const poolSettingsFrom = (env: {
  SQL_MAX_OPEN_CONNS: number
  SQL_MAX_IDLE_CONNS?: number | undefined
  SQL_MAX_LIFETIME: number
}): PoolSettings => ({
  maxOpen: env.SQL_MAX_OPEN_CONNS,
  maxIdle: env.SQL_MAX_IDLE_CONNS,
  maxLifetimeSeconds: env.SQL_MAX_LIFETIME,
})

/**
 * The pool options of each driver for the settings. pg keeps any number of idle clients, each
 * closed after 10 s idle, and ends a client when its lifetime is over. mysql2 has no lifetime: when
 * maxIdle is below the pool size it closes idle connections beyond maxIdle and those idle longer
 * than the lifetime, and otherwise keeps them all.
 */
export function poolOptions(settings: PoolSettings) {
  const max = Math.max(1, settings.maxOpen)
  const maxIdle = Math.min(max, settings.maxIdle ?? max)
  return {
    pg: { max, maxLifetimeSeconds: settings.maxLifetimeSeconds, ...(maxIdle === 0 ? { idleTimeoutMillis: 1 } : {}) },
    mysql: {
      connectionLimit: max,
      maxIdle,
      ...(settings.maxLifetimeSeconds > 0 ? { idleTimeout: settings.maxLifetimeSeconds * 1000 } : {}),
    },
  }
}

/** Opens the database a DSN points at. Pool libraries load lazily so SQLite users never load them. */
export async function openDatabase(
  target: ConnectionTarget,
  pool: PoolSettings = { maxOpen: 20, maxLifetimeSeconds: 60 },
  sqliteSynchronous: 'NORMAL' | 'FULL' = 'NORMAL',
  onConnectionError: (error: Error) => void = () => undefined
): Promise<DatabaseHandle> {
  if (target.dialect === 'sqlite') {
    if (target.path !== ':memory:') mkdirSync(dirname(target.path), { recursive: true })
    const { dialect, database } = createNodeSqliteDialect(target.path, sqliteSynchronous)
    const db = new Kysely<Database>({ dialect })
    return { db, dialect: 'sqlite', sqlite: database, close: () => db.destroy() }
  }
  const dialect = await createDialect(target, poolOptions(pool), onConnectionError)
  const db = new Kysely<Database>({ dialect })
  return { db, dialect: target.dialect, close: () => db.destroy() }
}

async function createDialect(
  target: Exclude<ConnectionTarget, { dialect: 'sqlite' }>,
  pool: ReturnType<typeof poolOptions>,
  onConnectionError: (error: Error) => void
): Promise<Dialect> {
  switch (target.dialect) {
    case 'postgres': {
      const pg = await import('pg')
      // BIGINT (quota) arrives as a string by default; balances are bounded far below 2^53 (MAX_QUOTA),
      // so read it as a number. parseInt never throws: a value beyond 2^53 written before that bound
      // (or by hand) reads rounded, and its account still loads.
      pg.default.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10))
      // A restart or failover of the server ends every connection with an 'error' event; without a
      // listener (on the pool for idle clients, on each client for checked-out ones) Node ends the
      // process. With them the broken clients are dropped and the next query connects again;
      // a short connect timeout makes requests fail fast (503) while the server is away.
      const pgPool = new pg.default.Pool({
        connectionString: target.connectionString,
        ...pool.pg,
        connectionTimeoutMillis: 3000,
      })
      pgPool.on('error', onConnectionError)
      pgPool.on('connect', (client) => client.on('error', onConnectionError))
      return new PostgresDialect({ pool: pgPool })
    }
    case 'mysql': {
      const mysql = await import('mysql2')
      return new MysqlDialect({
        pool: mysql.createPool({
          uri: target.uri,
          ...pool.mysql,
          charset: 'utf8mb4',
          // BIGINT always as a number, as on the other databases: with supportBigNumbers a value
          // beyond 2^53 (written before balances were bounded, or by hand) would come back as a
          // string, which the arithmetic on balances would concatenate instead of adding.
          supportBigNumbers: false,
          decimalNumbers: true,
          timezone: 'Z',
          // Fail fast while the server is away; idle connections it closed are dropped by the pool.
          connectTimeout: 3000,
        }),
      })
    }
  }
}
