import { sql, type Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness } from '../../test/harness.ts'
import { migrate } from './migrate.ts'
import { columnsOf } from './migrations/table-shape.ts'

let h: Harness
harnessPerTest((made) => {
  h = made
})

/**
 * Makes the database look as if it was made before `first`: forgets that `first` and every later
 * migration ran, and answers their names (the later ones only add what is missing, so they run again).
 */
async function forgetMigrationsFrom(db: Kysely<unknown>, first: string): Promise<string[]> {
  const rows = await db
    .selectFrom('kysely_migration' as never)
    .select('name' as never)
    .execute()
  const names = (rows as { name: string }[])
    .map((row) => row.name)
    .filter((name) => name >= first)
    .sort()
  await db
    .deleteFrom('kysely_migration' as never)
    .where('name' as never, 'in', names as never)
    .execute()
  return names
}

const tables = [
  'users',
  'tokens',
  'channels',
  'abilities',
  'options',
  'redemptions',
  'logs',
  'midjourneys',
  'tasks',
  'top_ups',
  'quota_data',
  'setups',
  'sessions',
]

describe('migrations', () => {
  it('create every table of the spec with the reference column names', async () => {
    // This database's own schema only: on PostgreSQL, Kysely's introspection would list every test's schema.
    const db = h.services.db as unknown as Kysely<unknown>
    const columns = async (name: string) => (await columnsOf(db, h.services.dialect, name)).map((c) => c.name)
    for (const table of tables) expect((await columns(table)).length, table).toBeGreaterThan(0)
    expect(await columns('users')).toEqual(
      expect.arrayContaining([
        'username',
        'password',
        'display_name',
        'role',
        'status',
        'quota',
        'used_quota',
        'request_count',
        'group',
        'aff_code',
        'aff_count',
        'aff_quota',
        'aff_history',
        'inviter_id',
        'email',
        'github_id',
        'wechat_id',
        'telegram_id',
        'linux_do_id',
        'setting',
        'deleted_at',
        'access_token',
      ])
    )
    expect(await columns('tokens')).toEqual(
      expect.arrayContaining([
        'key',
        'remain_quota',
        'unlimited_quota',
        'model_limits_enabled',
        'model_limits',
        'allow_ips',
        'expired_time',
        'group',
      ])
    )
    expect(await columns('channels')).toEqual(
      expect.arrayContaining([
        'type',
        'key',
        'base_url',
        'models',
        'group',
        'model_mapping',
        'status_code_mapping',
        'priority',
        'weight',
        'auto_ban',
        'other_info',
        'tag',
        'param_override',
        'max_input_tokens',
      ])
    )
    expect(await columns('logs')).toEqual(
      expect.arrayContaining([
        'created_at',
        'type',
        'content',
        'username',
        'token_name',
        'model_name',
        'quota',
        'prompt_tokens',
        'completion_tokens',
        'use_time',
        'is_stream',
        'channel_id',
        'token_id',
        'group',
        'other',
      ])
    )
  })

  it('are idempotent: running them again changes nothing', async () => {
    const db = h.services.db as unknown as Kysely<unknown>
    expect(await migrate(db, h.services.dialect, 'main')).toEqual([])
    expect(await migrate(db, h.services.dialect, 'logs')).toEqual([])
  })

  it('add channels.max_input_tokens to a database made before it, keeping its rows', async () => {
    const db = h.services.db as unknown as Kysely<unknown>
    await h.services.db.schema.alterTable('channels').dropColumn('max_input_tokens').execute()
    const forgotten = await forgetMigrationsFrom(db, '0002-channel-extras')
    expect(forgotten.slice(0, 3)).toEqual(['0002-channel-extras', '0003-list-indexes', '0004-ledger'])
    await h.services.db.insertInto('channels').values({ key: 'k', name: 'old' }).execute()
    expect(await migrate(db, h.services.dialect, 'main')).toEqual(forgotten)
    const row = await h.services.db
      .selectFrom('channels')
      .select(['name', 'max_input_tokens'])
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ name: 'old', max_input_tokens: 0 })
    expect(await migrate(db, h.services.dialect, 'main')).toEqual([])
  })

  it('give sessions made before 0005 a last_seen_at of their sign-in', async () => {
    const db = h.services.db as unknown as Kysely<unknown>
    await h.services.db.schema.alterTable('sessions').dropColumn('last_seen_at').execute()
    const forgotten = await forgetMigrationsFrom(db, '0005-session-activity')
    expect(forgotten[0]).toBe('0005-session-activity')
    const old = { id: 'a'.repeat(64), user_id: 1, created_at: 1_700_000_000, expires_at: 1_702_592_000 }
    await db
      .insertInto('sessions' as never)
      .values(old as never)
      .execute()
    expect(await migrate(db, h.services.dialect, 'main')).toEqual(forgotten)
    const row = await h.services.db
      .selectFrom('sessions')
      .select(['created_at', 'last_seen_at'])
      .where('id', '=', old.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ created_at: old.created_at, last_seen_at: old.created_at })
  })

  it('store Unicode and booleans the same way on every dialect', async () => {
    await h.services.db
      .insertInto('abilities')
      .values({ group: '默认', model: '模型-🚀', channel_id: 7, enabled: false })
      .execute()
    const row = await h.services.db
      .selectFrom('abilities')
      .selectAll()
      .where('channel_id', '=', 7)
      .executeTakeFirstOrThrow()
    expect(row.group).toBe('默认')
    expect(row.model).toBe('模型-🚀')
    expect(Boolean(row.enabled)).toBe(false)
    const big = 2 ** 52
    await h.services.db.insertInto('quota_data').values({ user_id: 1, created_at: 0, quota: big }).execute()
    const quota = await h.services.db.selectFrom('quota_data').select('quota').executeTakeFirstOrThrow()
    expect(quota.quota).toBe(big)
    expect(typeof (await sql<{ n: number }>`select 1 as n`.execute(h.services.db)).rows[0]?.n).toBe('number')
  })
})
