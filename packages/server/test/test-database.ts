import { randomBytes } from 'node:crypto'
import { inject } from 'vitest'
import { openDatabase } from '../src/db/client.ts'
import { parseDsn, type ConnectionTarget } from '../src/db/dsn.ts'
import { migrateBoth, mysqlAdmin, postgresAdmin } from './template-database.ts'

export interface TestDatabase {
  dsn: string | undefined
  sqlitePath: string
  /** SQLite only, when asked for a migrated database: the image to load into the new in-memory database */
  sqliteImage?: Uint8Array
  drop: () => Promise<void>
}

/**
 * The database a test run uses: SQLite in memory by default, or a fresh, private schema
 * (PostgreSQL) or database (MySQL/MariaDB) on the server named by TEST_SQL_DSN, so that test
 * files can run in parallel against one server and leave nothing behind.
 *
 * `migrated: true` hands out a copy of a database migrated once (per run on a server, per worker
 * on SQLite), which is what the harness wants; without it the database is empty, for the tests of
 * migrations themselves.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const base = process.env.TEST_SQL_DSN
  if (!base) {
    return {
      dsn: undefined,
      sqlitePath: ':memory:',
      sqliteImage: options.migrated ? await migratedSqliteImage() : undefined,
      drop: async () => undefined,
    }
  }
  const target: ConnectionTarget = parseDsn(base, ':memory:')
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const template = options.migrated ? inject('templateDatabase') : undefined
  if (target.dialect === 'postgres') {
    const admin = postgresAdmin(target.connectionString)
    const url = new URL(target.connectionString)
    if (template) {
      await createFromTemplate(admin, name, template)
      url.pathname = `/${name}`
      return {
        dsn: url.toString(),
        sqlitePath: ':memory:',
        drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      }
    }
    await admin(`CREATE SCHEMA ${name}`)
    url.searchParams.set('options', `-c search_path=${name}`)
    return { dsn: url.toString(), sqlitePath: ':memory:', drop: () => admin(`DROP SCHEMA ${name} CASCADE`) }
  }
  if (target.dialect === 'mysql') {
    const mysql = await import('mysql2/promise')
    const connection = await mysql.createConnection({ uri: target.uri, multipleStatements: true })
    try {
      await connection.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4`)
      // MySQL has no CREATE DATABASE ... TEMPLATE: each table is made like the template's (columns,
      // indexes, defaults; the schema has no foreign keys or triggers) and its rows copied, in one trip.
      if (template) await connection.query((await mysqlCopyStatements(connection, template, name)).join(';\n'))
    } finally {
      await connection.end()
    }
    const url = new URL(target.uri)
    url.pathname = `/${name}`
    return {
      dsn: url.toString(),
      sqlitePath: ':memory:',
      drop: () => mysqlAdmin(target.uri)(`DROP DATABASE ${name}`),
    }
  }
  return { dsn: undefined, sqlitePath: ':memory:', drop: async () => undefined }
}

let sqliteImage: Promise<Uint8Array> | undefined

/** Both migration sets applied to an in-memory SQLite database, serialized once per worker. */
function migratedSqliteImage(): Promise<Uint8Array> {
  sqliteImage ??= (async () => {
    const handle = await openDatabase(parseDsn(undefined, ':memory:'))
    try {
      await migrateBoth(handle)
      return handle.sqlite!.serialize()
    } finally {
      await handle.close()
    }
  })()
  return sqliteImage
}

/**
 * PostgreSQL refuses to copy a template that another session is reading at that moment (two workers
 * copying it at once can meet that way): wait a moment and try again.
 */
async function createFromTemplate(
  admin: (statement: string) => Promise<void>,
  name: string,
  template: string
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin(`CREATE DATABASE ${name} TEMPLATE ${template}`)
      return
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt))
    }
  }
}

let mysqlTables: Promise<string[]> | undefined

async function mysqlCopyStatements(
  connection: { query: (sql: string, values?: unknown[]) => Promise<unknown> },
  template: string,
  name: string
): Promise<string[]> {
  mysqlTables ??= connection
    .query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = ?', [
      template,
      'BASE TABLE',
    ])
    .then((result) => (result as [Array<{ name: string }>])[0].map((row) => row.name))
  return (await mysqlTables).flatMap((table) => [
    `CREATE TABLE ${name}.\`${table}\` LIKE ${template}.\`${table}\``,
    `INSERT INTO ${name}.\`${table}\` SELECT * FROM ${template}.\`${table}\``,
  ])
}
