import type { Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness } from '../../../test/harness.ts'
import { forgetMigrationsFrom } from '../../../test/kits/migrations.ts'
import { readChannelInfo } from '../../services/channels/channel-info.ts'
import { migrate } from '../migrate.ts'

let h: Harness
harnessPerTest((made) => {
  h = made
})

const forget = (name: string) => forgetMigrationsFrom(h, name)

describe('migration 0014 (channels.channel_info)', () => {
  it('adds the column to a database made before it, and old channels read as single-key', async () => {
    await h.services.db.schema.alterTable('channels').dropColumn('channel_info').execute()
    await forget('0014-channel-info')
    await h.services.db.insertInto('channels').values({ key: 'k', name: 'old' }).execute()
    expect((await migrate(h.services.db as unknown as Kysely<unknown>, h.services.dialect, 'main'))[0]).toBe(
      '0014-channel-info'
    )
    const row = await h.services.db.selectFrom('channels').select(['name', 'channel_info']).executeTakeFirstOrThrow()
    expect(row.name).toBe('old')
    expect(row.channel_info).toBeNull()
    expect(readChannelInfo(row.channel_info).is_multi_key).toBe(false)
  })

  it('leaves a column the reference already made, and its multi-key state, as they are', async () => {
    const state = {
      is_multi_key: true,
      multi_key_size: 2,
      multi_key_status_list: { '1': 3 },
      multi_key_disabled_reason: { '1': 'invalid key' },
      multi_key_disabled_time: { '1': 1700000000 },
      multi_key_polling_index: 1,
      multi_key_mode: 'polling',
    }
    await h.services.db
      .insertInto('channels')
      .values({ key: 'k', name: 'multi', channel_info: JSON.stringify(state) })
      .execute()
    await forget('0014-channel-info')
    expect((await migrate(h.services.db as unknown as Kysely<unknown>, h.services.dialect, 'main'))[0]).toBe(
      '0014-channel-info'
    )
    const row = await h.services.db.selectFrom('channels').select('channel_info').executeTakeFirstOrThrow()
    expect(readChannelInfo(row.channel_info)).toEqual(state)
  })
})
