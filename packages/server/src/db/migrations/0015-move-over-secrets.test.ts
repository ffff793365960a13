import { sql, type Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../test/test-database.ts'
import { openDatabase, type DatabaseHandle } from '../client.ts'
import { parseDsn } from '../dsn.ts'
import { moveOverSecretsMigration } from './0015-move-over-secrets.ts'

let database: Awaited<ReturnType<typeof createTestDatabase>>
let handle: DatabaseHandle
beforeEach(async () => {
  database = await createTestDatabase()
  handle = await openDatabase(parseDsn(database.dsn, database.sqlitePath), { maxOpen: 2, maxLifetimeSeconds: 0 })
})
afterEach(async () => {
  await handle.close()
  await database.drop()
})

describe('0015-move-over-secrets', () => {
  it("adds a nullable access_token_ciphertext to the reference's users, keeping their rows, and changes nothing when replayed", async () => {
    const db = handle.db as unknown as Kysely<unknown>
    await db.schema
      .createTable('users')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('access_token', 'varchar(64)')
      .execute()
    await db
      .insertInto('users' as never)
      .values({ id: 1, access_token: 'a'.repeat(29) } as never)
      .execute()

    const migration = moveOverSecretsMigration(handle.dialect)
    await migration.up(db)
    await migration.up(db)

    await db
      .insertInto('users' as never)
      .values({ id: 2, access_token: 'f'.repeat(64), access_token_ciphertext: 'enc:v1:x' } as never)
      .execute()
    const rows = (
      await sql<{
        id: number
        access_token: string
        access_token_ciphertext: string | null
      }>`select id, access_token, access_token_ciphertext from users order by id`.execute(db)
    ).rows
    expect(rows.map((row) => [Number(row.id), row.access_token, row.access_token_ciphertext])).toEqual([
      [1, 'a'.repeat(29), null],
      [2, 'f'.repeat(64), 'enc:v1:x'],
    ])
  })
})
