import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts'
import { parseDsn } from '../src/db/dsn.ts'
import { migrate } from '../src/db/migrate.ts'

/**
 * A database migrated once per test run, which every harness copies instead of migrating its own
 * (migrating took most of a short test's time). Made by the server project's global setup when
 * TEST_SQL_DSN names PostgreSQL or MySQL/MariaDB; SQLite needs none (test-database.ts keeps a
 * migrated in-memory image per worker instead).
 */
export interface TemplateDatabase {
  /** the template database's name on the server TEST_SQL_DSN names */
  name: string
  drop(): Promise<void>
}

/** Both migration sets, as a master applies them at start. */
export async function migrateBoth(handle: DatabaseHandle): Promise<void> {
  await migrate(handle.db as Kysely<unknown>, handle.dialect, 'main')
  await migrate(handle.db as Kysely<unknown>, handle.dialect, 'logs')
}

/** Opens `dsn`, migrates it and closes it again (a template must have no connections left). */
async function migrateDsn(dsn: string): Promise<void> {
  const handle = await openDatabase(parseDsn(dsn, ':memory:'), { maxOpen: 1, maxLifetimeSeconds: 0 })
  try {
    await migrateBoth(handle)
  } finally {
    await handle.close()
  }
}

export async function createTemplateDatabase(base: string | undefined): Promise<TemplateDatabase | undefined> {
  if (!base) return undefined
  const target = parseDsn(base, ':memory:')
  const name = `tmpl_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  if (target.dialect === 'postgres') {
    const admin = postgresAdmin(target.connectionString)
    await admin(`CREATE DATABASE ${name}`)
    const url = new URL(target.connectionString)
    url.pathname = `/${name}`
    await migrateDsn(url.toString())
    return { name, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
  }
  if (target.dialect === 'mysql') {
    const admin = mysqlAdmin(target.uri)
    await admin(`CREATE DATABASE ${name} CHARACTER SET utf8mb4`)
    const url = new URL(target.uri)
    url.pathname = `/${name}`
    await migrateDsn(url.toString())
    return { name, drop: () => admin(`DROP DATABASE IF EXISTS ${name}`) }
  }
  return undefined
}

/** Runs one statement on the PostgreSQL server in a connection of its own (CREATE/DROP DATABASE cannot share a pool). */
export function postgresAdmin(connectionString: string): (statement: string) => Promise<void> {
  return async (statement) => {
    const pg = await import('pg')
    const client = new pg.default.Client({ connectionString })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
}

/** Runs one statement on the MySQL/MariaDB server in a connection of its own. */
export function mysqlAdmin(uri: string): (statement: string) => Promise<void> {
  return async (statement) => {
    const mysql = await import('mysql2/promise')
    const connection = await mysql.createConnection({ uri })
    try {
      await connection.query(statement)
    } finally {
      await connection.end()
    }
  }
}
