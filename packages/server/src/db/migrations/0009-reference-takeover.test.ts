import { sql, type Kysely } from 'kysely'
import { Migrator } from 'kysely/migration'
import { afterEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../../test/harness.ts'
import {
  createReferenceDatabase,
  fingerprint,
  fingerprintTable,
  referenceTables,
  type ReferenceDatabase,
  type ReferenceVersion,
} from '../../../test/reference-db/index.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { translate } from '../../i18n/messages.ts'
import { openDatabase } from '../client.ts'
import { parseDsn } from '../dsn.ts'
import { mainMigrations, migrate } from '../migrate.ts'
import { columnsOf } from './table-shape.ts'

/**
 * Our migrations on databases the reference system wrote (its current version and the spec's era),
 * on the engine TEST_SQL_DSN names: they run, run again, rename and retype what they must, and
 * leave every row of the reference, and every table we never use, as it was.
 */
let ref: ReferenceDatabase | undefined
let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  await ref?.drop()
  h = undefined
  ref = undefined
})

const datetimeTypes = ['datetime', 'timestamp with time zone']

describe.each<ReferenceVersion>(['current', 'spec-era'])('a reference database (%s)', (version) => {
  it('is migrated, twice, keeping its rows and the tables we never use', async () => {
    ref = await createReferenceDatabase(version)
    const { db, close } = await ref.open()
    try {
      const applied = await migrate(db, ref.dialect, 'main')
      expect(applied[0]).toBe('0001-initial')
      expect(applied).toContain('0009-reference-takeover')
      expect(await migrate(db, ref.dialect, 'logs')).toContain('0010-logs-reference')
      expect(await migrate(db, ref.dialect, 'main')).toEqual([])
      // A takeover interrupted after 0009 began: it runs again over its own work.
      await db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '>=', '0009-reference-takeover' as never)
        .execute()
      expect(await migrate(db, ref.dialect, 'main')).toEqual(
        applied.filter((name) => name >= '0009-reference-takeover')
      )

      // Every row of every table, in every column the reference made, is as it was.
      for (const table of referenceTables(version)) {
        expect(
          await fingerprintTable(
            db,
            table.name,
            table.fields.map((f) => f.name)
          ),
          table.name
        ).toEqual(ref.before[table.name])
      }
      // Tables we never use gained nothing, not even a column.
      const unused = Object.fromEntries(ref.unusedTables.map((table) => [table, ref!.before[table]]))
      expect(await fingerprint(db, ref.unusedTables)).toEqual(unused)

      const channels = await columnsOf(db, ref.dialect, 'channels')
      expect(channels.map((c) => c.name)).toContain('open_ai_organization')
      expect(channels.map((c) => c.name)).not.toContain('openai_organization')
      const org = await db
        .selectFrom('channels' as never)
        .select('open_ai_organization' as never)
        .where('id' as never, '=', 1 as never)
        .executeTakeFirstOrThrow()
      expect(org).toEqual({ open_ai_organization: 'org-reference123' })
      for (const table of ['users', 'tokens', 'redemptions']) {
        const column = (await columnsOf(db, ref.dialect, table)).find((c) => c.name === 'deleted_at')
        expect(datetimeTypes, table).toContain(column?.type)
      }
      const quotaData = (await columnsOf(db, ref.dialect, 'quota_data')).map((c) => c.name)
      expect(quotaData).toEqual(expect.arrayContaining(['use_group', 'token_id', 'channel_id', 'node_name']))
      expect((await columnsOf(db, ref.dialect, 'redemptions')).map((c) => c.name)).toContain('expired_time')
      expect((await columnsOf(db, ref.dialect, 'logs')).map((c) => c.name)).toContain('ip')
    } finally {
      await close()
    }
  })

  it('serves it: an expired code is refused, a valid one redeems, settlements write per-bucket rows, a soft delete writes a datetime', async () => {
    ref = await createReferenceDatabase(version)
    h = await createHarness({ env: { ...ref.env, NODE_NAME: 'node-test' } })
    const { fixture } = ref
    const db = h.services.db
    // The spec era had no expiry; give one of its codes a past one now that the column exists.
    const expired =
      fixture.redemptions.expired ??
      (await (async () => {
        await db
          .insertInto('redemptions')
          .values({ user_id: 1, key: 'f'.repeat(32), name: 'late', quota: 5, expired_time: 1_600_000_000 })
          .execute()
        return { key: 'f'.repeat(32), quota: 5 }
      })())
    const alice = {
      ...(await h.login(fixture.users.user.username, fixture.users.user.password)),
      username: fixture.users.user.username,
    }
    const asAlice = { cookie: alice.cookie, 'new-api-user': String(alice.id), 'accept-language': 'en' }
    const redeem = (key: string) => h!.request('POST', '/api/user/topup', { body: { key }, headers: asAlice })

    const refused = await redeem(expired.key)
    expect(refused.json).toMatchObject({ success: false, message: translate('redemption.expired', 'en') })
    const before = Number(
      (await db.selectFrom('users').select('quota').where('id', '=', alice.id).executeTakeFirstOrThrow()).quota
    )
    const redeemed = await redeem(fixture.redemptions.valid.key)
    expect(redeemed.json).toMatchObject({ success: true, data: fixture.redemptions.valid.quota })
    const after = Number(
      (await db.selectFrom('users').select('quota').where('id', '=', alice.id).executeTakeFirstOrThrow()).quota
    )
    expect(after - before).toBe(fixture.redemptions.valid.quota)

    // Settlements: one row per (user, model, hour, group, token, channel, node).
    const now = Math.floor(Date.now() / 1000)
    const hour = now - (now % 3600)
    const settle = async (group: string, tokenId: number, channelId: number) => {
      const payer = { userId: alice.id, tokenId, tokenUnlimited: true }
      const { hold } = await h!.services.relay.ledger.reserve(payer, 0, {
        username: alice.username,
        tokenName: 't',
        model: 'gpt-4o-mini',
        group,
      })
      if (!hold) throw new Error('no hold')
      await h!.services.relay.ledger.settle(hold, {
        charge: 10,
        now,
        channelId,
        tokens: 7,
        userId: alice.id,
        username: alice.username,
        model: 'gpt-4o-mini',
        rollup: true,
        group,
      })
    }
    // A bucket that already holds two rows (the reference never made it unique): one of them grows.
    const bucket = {
      user_id: alice.id,
      username: alice.username,
      model_name: 'gpt-4o-mini',
      created_at: hour,
      use_group: 'vip',
      token_id: 1,
      channel_id: 2,
      node_name: 'node-test',
    }
    await db
      .insertInto('quota_data')
      .values([
        { ...bucket, count: 1, quota: 1 },
        { ...bucket, count: 1, quota: 1 },
      ])
      .execute()
    await settle('vip', 1, 1)
    await settle('vip', 1, 1)
    await settle('default', 1, 1)
    await settle('vip', 1, 2)
    const rows = await db
      .selectFrom('quota_data')
      .select(['use_group', 'token_id', 'channel_id', 'node_name', 'count', 'quota', 'token_used'])
      .where('user_id', '=', alice.id)
      .where('created_at', '=', hour)
      .orderBy('id')
      .execute()
    expect(
      rows.map((r) => [
        r.use_group,
        Number(r.token_id),
        Number(r.channel_id),
        r.node_name,
        Number(r.count),
        Number(r.quota),
        Number(r.token_used),
      ])
    ).toEqual([
      ['vip', 1, 2, 'node-test', 2, 11, 7],
      ['vip', 1, 2, 'node-test', 1, 1, 0],
      ['vip', 1, 1, 'node-test', 2, 20, 14],
      ['default', 1, 1, 'node-test', 1, 10, 7],
    ])
    // The dashboard sums a user's hour over groups, tokens, channels and nodes.
    const mine = await h.request('GET', `/api/data/self?start_timestamp=${hour}&end_timestamp=${now}`, {
      headers: asAlice,
    })
    expect(
      mine.json?.data.map((r: { model_name: string; count: number; quota: number }) => [r.model_name, r.count, r.quota])
    ).toEqual([['gpt-4o-mini', 6, 42]])

    // A soft delete writes a datetime, as the reference's ORM does (it reads it back as a time).
    const deleted = await h.request('DELETE', `/api/token/${fixture.tokens.user.id}`, { headers: asAlice })
    expect(deleted.json?.success).toBe(true)
    const token = await sql<{
      deleted_at: unknown
    }>`select deleted_at from tokens where id = ${fixture.tokens.user.id}`.execute(db as Kysely<unknown>)
    const stored = token.rows[0]?.deleted_at
    if (h.services.dialect === 'sqlite') expect(stored).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    else expect(stored).toBeInstanceOf(Date)
    expect(
      Math.abs(
        new Date(
          h.services.dialect === 'sqlite' ? `${String(stored).replace(' ', 'T')}Z` : (stored as Date)
        ).getTime() /
          1000 -
          now
      )
    ).toBeLessThan(24 * 3600)
  })
})

describe('one of our own databases made before 0009', () => {
  it('gets the reference names and types, keeping its values', async () => {
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
      const { error } = await migrator.migrateTo('0008-channel-private-network')
      if (error) throw error
      const cancelled = 1_700_000_000 // 2023-11-14 22:13:20 UTC
      await db
        .insertInto('users' as never)
        .values([
          { username: 'kept', password: 'x' },
          { username: 'gone', password: 'x', deleted_at: cancelled },
        ] as never)
        .execute()
      await db
        .insertInto('tokens' as never)
        .values({ user_id: 1, key: 'k', deleted_at: cancelled } as never)
        .execute()
      await db
        .insertInto('redemptions' as never)
        .values({ user_id: 1, key: 'r', deleted_at: cancelled } as never)
        .execute()
      await db
        .insertInto('channels' as never)
        .values({ key: 'k', openai_organization: 'org-ours' } as never)
        .execute()
      const bucket = { user_id: 1, model_name: 'm', created_at: 3600 }
      await db
        .insertInto('quota_data' as never)
        .values({ ...bucket, count: 1 } as never)
        .execute()

      expect(await migrate(db, dialect, 'main')).toContain('0009-reference-takeover')
      expect(await migrate(db, dialect, 'main')).toEqual([])

      const at = (value: unknown) =>
        value instanceof Date ? value.getTime() / 1000 : Date.parse(`${String(value).replace(' ', 'T')}Z`) / 1000
      const users = (
        await sql<{
          username: string
          deleted_at: unknown
        }>`select username, deleted_at from users order by id`.execute(db)
      ).rows
      expect(users.map((u) => [u.username, u.deleted_at === null ? null : at(u.deleted_at)])).toEqual([
        ['kept', null],
        ['gone', cancelled],
      ])
      for (const table of ['tokens', 'redemptions']) {
        const row = (await sql<{ deleted_at: unknown }>`select deleted_at from ${sql.table(table)}`.execute(db)).rows[0]
        expect(at(row?.deleted_at), table).toBe(cancelled)
        if (dialect !== 'sqlite')
          expect(datetimeTypes, table).toContain(
            (await columnsOf(db, dialect, table)).find((c) => c.name === 'deleted_at')?.type
          )
      }
      expect(
        await db
          .selectFrom('channels' as never)
          .select('open_ai_organization' as never)
          .executeTakeFirst()
      ).toEqual({ open_ai_organization: 'org-ours' })
      // Our old unique (user_id, model_name, created_at) index is gone: a bucket may take a second row.
      await db
        .insertInto('quota_data' as never)
        .values({ ...bucket, count: 1 } as never)
        .execute()
      const rows = await db
        .selectFrom('quota_data' as never)
        .select(['use_group', 'token_id', 'channel_id', 'node_name'] as never)
        .execute()
      expect(rows.map((r) => Object.values(r as object).map(String))).toEqual([
        ['', '0', '0', ''],
        ['', '0', '0', ''],
      ])
    } finally {
      await handle.close()
      await database.drop()
    }
  })
})
