import { randomBytes } from 'node:crypto'
import { parseDsn, type ConnectionTarget } from '../src/db/dsn.ts'

/**
 * The database a test run uses: SQLite in memory by default, or a fresh, private schema
 * (PostgreSQL) or database (MySQL/MariaDB) on the server named by TEST_SQL_DSN, so that test
 * files can run in parallel against one server and leave nothing behind.
 */
export async function createTestDatabase(): Promise<{ dsn: string | undefined; sqlitePath: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_SQL_DSN
  if (!base) return { dsn: undefined, sqlitePath: ':memory:', drop: async () => undefined }
  const target: ConnectionTarget = parseDsn(base, ':memory:')
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  if (target.dialect === 'postgres') {
    const pg = await import('pg')
    const admin = new pg.default.Client({ connectionString: target.connectionString })
    await admin.connect()
    await admin.query(`CREATE SCHEMA ${name}`)
    await admin.end()
    const url = new URL(target.connectionString)
    url.searchParams.set('options', `-c search_path=${name}`)
    return {
      dsn: url.toString(),
      sqlitePath: ':memory:',
      drop: async () => {
        const client = new pg.default.Client({ connectionString: target.connectionString })
        await client.connect()
        await client.query(`DROP SCHEMA ${name} CASCADE`)
        await client.end()
      },
    }
  }
  if (target.dialect === 'mysql') {
    const mysql = await import('mysql2/promise')
    const admin = await mysql.createConnection({ uri: target.uri })
    await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4`)
    await admin.end()
    const url = new URL(target.uri)
    url.pathname = `/${name}`
    return {
      dsn: url.toString(),
      sqlitePath: ':memory:',
      drop: async () => {
        const connection = await mysql.createConnection({ uri: target.uri })
        await connection.query(`DROP DATABASE ${name}`)
        await connection.end()
      },
    }
  }
  return { dsn: undefined, sqlitePath: ':memory:', drop: async () => undefined }
}
