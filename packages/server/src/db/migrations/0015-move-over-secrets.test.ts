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
  handle = await openDatabase(parseDsn(database.dsn, database.sqlitePath), 2)
})
afterEach(async () => {
  await handle.close()
  await database.drop()
})

describe('0015-move-over-secrets', () => {
  it("makes room for our hashes in the reference's narrow columns, keeping their values, and changes nothing when replayed", async () => {
    const db = handle.db as unknown as Kysely<unknown>
    // As the spec-era reference's ORM makes them: char(32) access tokens, char(48) keys, no ciphertexts.
    await db.schema.createTable('users').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('access_token', 'char(32)', (c) => c.unique()).execute()
    await db.schema.createTable('tokens').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('key', 'char(48)', (c) => c.unique()).execute()
    await db.insertInto('users' as never).values({ id: 1, access_token: 'a'.repeat(29) } as never).execute()
    await db.insertInto('tokens' as never).values({ id: 1, key: 'k'.repeat(48) } as never).execute()

    const migration = moveOverSecretsMigration(handle.dialect)
    await migration.up(db)
    await migration.up(db)

    // the reference's values are read back as they were written, without char(n) padding
    const user = (await sql<{ access_token: string }>`select access_token from users where id = 1`.execute(db)).rows[0]
    expect(user?.access_token).toBe('a'.repeat(29))
    // and our 64-character hashes and the ciphertexts fit
    const hash = 'f'.repeat(64)
    await db.updateTable('users' as never).set({ access_token: hash, access_token_ciphertext: 'enc:v1:x' } as never).execute()
    await db.updateTable('tokens' as never).set({ key: hash, key_ciphertext: 'enc:v1:y' } as never).execute()
    expect((await sql<{ access_token: string; access_token_ciphertext: string }>`select access_token, access_token_ciphertext from users`.execute(db)).rows).toEqual([
      { access_token: hash, access_token_ciphertext: 'enc:v1:x' },
    ])
    expect((await sql<{ key: string; key_ciphertext: string }>`select ${sql.ref('key')}, key_ciphertext from tokens`.execute(db)).rows).toEqual([{ key: hash, key_ciphertext: 'enc:v1:y' }])
    // the unique indexes survived the widening
    await expect(db.insertInto('tokens' as never).values({ id: 2, key: hash } as never).execute()).rejects.toThrow()
  })
})
