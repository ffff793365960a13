import { sql, type Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness } from '../../../test/harness.ts'
import { migrate } from '../migrate.ts'
import { toUnixSeconds } from '../queries/passkeys.ts'

let h: Harness
harnessPerTest((made) => {
  h = made
})

describe('0007-passkeys', () => {
  it("takes over the reference system's passkey_credentials, adding the name and keeping its rows", async () => {
    const db = h.services.db as unknown as Kysely<unknown>
    const dialect = h.services.dialect
    const time = sql.raw(dialect === 'postgres' ? 'timestamptz' : dialect === 'mysql' ? 'datetime(3)' : 'datetime')
    await db.schema.dropTable('passkey_credentials').execute()
    // Forget 0007 and every later migration (each re-runs safely), as if the database stopped before 0007.
    await db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '>=', '0007-passkeys' as never)
      .execute()
    // The table as the reference's ORM creates it: no name column.
    await db.schema
      .createTable('passkey_credentials')
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()
      )
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('credential_id', 'varchar(512)', (c) => c.notNull())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('attestation_type', 'varchar(255)')
      .addColumn('aaguid', 'varchar(512)')
      .addColumn('sign_count', 'bigint', (c) => c.defaultTo(0))
      .addColumn('clone_warning', 'boolean')
      .addColumn('user_present', 'boolean')
      .addColumn('user_verified', 'boolean')
      .addColumn('backup_eligible', 'boolean')
      .addColumn('backup_state', 'boolean')
      .addColumn('transports', 'text')
      .addColumn('attachment', 'varchar(32)')
      .addColumn('last_used_at', time)
      .addColumn('created_at', time)
      .addColumn('updated_at', time)
      .addColumn('deleted_at', time)
      .execute()
    await db
      .insertInto('passkey_credentials' as never)
      .values({
        user_id: 7,
        credential_id: 'Y3JlZA==',
        public_key: 'a2V5',
        sign_count: 3,
        backup_state: true,
        created_at: new Date('2025-03-01T10:00:00Z'),
      } as never)
      .execute()

    expect((await migrate(db, dialect, 'main'))[0]).toBe('0007-passkeys')
    const row = await h.services.db.selectFrom('passkey_credentials').selectAll().executeTakeFirstOrThrow()
    expect([
      row.user_id,
      row.credential_id,
      Number(row.sign_count),
      Boolean(row.backup_state),
      row.name,
      toUnixSeconds(row.created_at),
    ]).toEqual([7, 'Y3JlZA==', 3, true, '', 1740823200])
  })
})
