import { sql, type Kysely } from 'kysely'
import { Migrator } from 'kysely/migration'
import { describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../test/test-database.ts'
import { openDatabase } from '../client.ts'
import { parseDsn } from '../dsn.ts'
import { mainMigrations, migrate } from '../migrate.ts'
import { toUnixSeconds } from '../queries/passkeys.ts'
import { twoFactorTimesMigration } from './0016-two-factor-times.ts'
import { columnsOf } from './table-shape.ts'

const datetimeTypes = ['datetime', 'timestamp with time zone']

describe('one of our own databases made before 0016', () => {
  it("gets the two-factor times as the reference's datetimes, keeping their values, after a run stopped part way and on a second run", async () => {
    const database = await createTestDatabase()
    const handle = await openDatabase(parseDsn(database.dsn, database.sqlitePath), {
      maxOpen: 2,
      maxLifetimeSeconds: 0,
    })
    const db = handle.db as unknown as Kysely<unknown>
    const dialect = handle.dialect
    try {
      const provider = { getMigrations: async () => mainMigrations(dialect) }
      const schema =
        dialect === 'postgres'
          ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
          : undefined
      const migrator = new Migrator({
        db,
        provider,
        migrationTableSchema: schema,
        migrationTableName: 'kysely_migration',
        migrationLockTableName: 'kysely_migration_lock',
      })
      const { error } = await migrator.migrateTo('0015-move-over-secrets')
      if (error) throw error
      const created = 1_700_000_000 // 2023-11-14 22:13:20 UTC
      const used = 1_700_003_600
      await db
        .insertInto('two_fas' as never)
        .values([
          { user_id: 1, secret: 's1', is_enabled: true, last_used_at: used, created_at: created, updated_at: used },
          {
            user_id: 2,
            secret: 's2',
            is_enabled: false,
            locked_until: used + 60,
            created_at: created,
            updated_at: created,
          },
        ] as never)
        .execute()
      await db
        .insertInto('two_fa_backup_codes' as never)
        .values([
          { user_id: 1, code_hash: 'h1', is_used: true, used_at: used, created_at: created },
          { user_id: 1, code_hash: 'h2', is_used: false, created_at: created },
        ] as never)
        .execute()

      // As if an earlier run stopped part way on used_at, where a step cannot roll back: SQLite has the
      // new column already, MySQL the value rewritten as YYYYMMDDhhmmss (PostgreSQL retypes atomically).
      if (dialect === 'sqlite')
        await db.schema.alterTable('two_fa_backup_codes').addColumn('used_at__datetime', 'datetime').execute()
      if (dialect === 'mysql')
        await sql`update two_fa_backup_codes set used_at = 20231114231320 where code_hash = 'h1'`.execute(db)

      expect(await migrate(db, dialect, 'main')).toContain('0016-two-factor-times')
      await twoFactorTimesMigration(dialect).up(db)

      const seconds = (value: unknown) => (value === null ? null : toUnixSeconds(value as Date | string))
      const factors = (
        await sql<
          Record<string, unknown>
        >`select user_id, secret, locked_until, last_used_at, created_at, updated_at from two_fas order by user_id`.execute(
          db
        )
      ).rows
      expect(
        factors.map((f) => [
          Number(f.user_id),
          f.secret,
          seconds(f.locked_until),
          seconds(f.last_used_at),
          seconds(f.created_at),
          seconds(f.updated_at),
        ])
      ).toEqual([
        [1, 's1', null, used, created, used],
        [2, 's2', used + 60, null, created, created],
      ])
      const codes = (
        await sql<
          Record<string, unknown>
        >`select code_hash, used_at, created_at from two_fa_backup_codes order by id`.execute(db)
      ).rows
      expect(codes.map((c) => [c.code_hash, seconds(c.used_at), seconds(c.created_at)])).toEqual([
        ['h1', used, created],
        ['h2', null, created],
      ])
      for (const [table, names] of [
        ['two_fas', ['locked_until', 'last_used_at', 'created_at', 'updated_at']],
        ['two_fa_backup_codes', ['used_at', 'created_at']],
      ] as const) {
        const columns = await columnsOf(db, dialect, table)
        for (const name of names)
          expect(datetimeTypes, `${table}.${name}`).toContain(columns.find((c) => c.name === name)?.type)
        expect(columns.map((c) => c.name).filter((name) => name.endsWith('__datetime'))).toEqual([])
      }
    } finally {
      await handle.close()
      await database.drop()
    }
  })
})
