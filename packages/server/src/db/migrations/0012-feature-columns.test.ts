import type { Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness } from '../../../test/harness.ts'
import { migrate } from '../migrate.ts'

let h: Harness
harnessPerTest((made) => {
  h = made
})

/** Forgets `first` and every later migration of a set, as if the database stopped before it. */
async function forgetFrom(
  db: Kysely<unknown>,
  table: 'kysely_migration' | 'kysely_migration_logs',
  first: string
): Promise<void> {
  await db
    .deleteFrom(table as never)
    .where('name' as never, '>=', first as never)
    .execute()
}

describe('0012-feature-columns, 0013-hold-request-id and logs 0002-log-request-ids', () => {
  it('add the columns to a database made before them, keeping its rows with the defaults', async () => {
    const db = h.services.db as unknown as Kysely<unknown>
    const dialect = h.services.dialect
    await h.services.db.schema.alterTable('tokens').dropColumn('cross_group_retry').execute()
    await h.services.db.schema.alterTable('channels').dropColumn('settings').execute()
    await h.services.db.schema.alterTable('quota_holds').dropColumn('request_id').execute()
    for (const column of ['request_id', 'upstream_request_id']) {
      // SQLite refuses to drop an indexed column; the others drop the index with it.
      if (dialect === 'sqlite') await db.schema.dropIndex(`idx_logs_${column}`).execute()
      await h.services.db.schema.alterTable('logs').dropColumn(column).execute()
    }
    await forgetFrom(db, 'kysely_migration', '0012-feature-columns')
    await forgetFrom(db, 'kysely_migration_logs', '0002-log-request-ids')
    await h.services.db
      .insertInto('tokens')
      .values({ user_id: 1, key: 'hash', name: 'old' } as never)
      .execute()
    await h.services.db.insertInto('channels').values({ key: 'k', name: 'old' }).execute()
    await h.services.db
      .insertInto('logs')
      .values({ user_id: 1, created_at: 1, content: 'old' } as never)
      .execute()

    expect((await migrate(db, dialect, 'main')).slice(0, 2)).toEqual(['0012-feature-columns', '0013-hold-request-id'])
    expect((await migrate(db, dialect, 'logs'))[0]).toBe('0002-log-request-ids')
    const token = await h.services.db
      .selectFrom('tokens')
      .select(['name', 'cross_group_retry'])
      .executeTakeFirstOrThrow()
    expect([token.name, Boolean(token.cross_group_retry)]).toEqual(['old', false])
    const channel = await h.services.db.selectFrom('channels').select(['name', 'settings']).executeTakeFirstOrThrow()
    expect(channel).toEqual({ name: 'old', settings: '' })
    const log = await h.services.db
      .selectFrom('logs')
      .select(['content', 'request_id', 'upstream_request_id'])
      .executeTakeFirstOrThrow()
    expect(log).toEqual({ content: 'old', request_id: '', upstream_request_id: '' })
    expect(await migrate(db, dialect, 'main')).toEqual([])
    expect(await migrate(db, dialect, 'logs')).toEqual([])
  })

  it('leave the columns of a database that already has them (the reference wrote it) as they are', async () => {
    const db = h.services.db as unknown as Kysely<unknown>
    const dialect = h.services.dialect
    await h.services.db
      .insertInto('tokens')
      .values({ user_id: 1, key: 'hash', name: 'kept', cross_group_retry: true } as never)
      .execute()
    await h.services.db
      .insertInto('channels')
      .values({ key: 'k', name: 'kept', settings: '{"allow_service_tier":true}' })
      .execute()
    await h.services.db
      .insertInto('logs')
      .values({ user_id: 1, created_at: 1, request_id: 'r-1', upstream_request_id: 'u-1' } as never)
      .execute()
    await forgetFrom(db, 'kysely_migration', '0012-feature-columns')
    await forgetFrom(db, 'kysely_migration_logs', '0002-log-request-ids')
    expect((await migrate(db, dialect, 'main')).slice(0, 2)).toEqual(['0012-feature-columns', '0013-hold-request-id'])
    expect((await migrate(db, dialect, 'logs'))[0]).toBe('0002-log-request-ids')
    const token = await h.services.db.selectFrom('tokens').select('cross_group_retry').executeTakeFirstOrThrow()
    expect(Boolean(token.cross_group_retry)).toBe(true)
    expect((await h.services.db.selectFrom('channels').select('settings').executeTakeFirstOrThrow()).settings).toBe(
      '{"allow_service_tier":true}'
    )
    const log = await h.services.db
      .selectFrom('logs')
      .select(['request_id', 'upstream_request_id'])
      .executeTakeFirstOrThrow()
    expect(log).toEqual({ request_id: 'r-1', upstream_request_id: 'u-1' })
  })
})
