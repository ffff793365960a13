import type { Kysely } from 'kysely'
import type { Database } from '../schema/index.ts'

/** A live token by its lookup hash, with what the relay decides on. */
export const findTokenByHash = (db: Kysely<Database>, hash: string) =>
  db
    .selectFrom('tokens')
    .select(['id', 'user_id', 'name', 'key', 'status', 'expired_time', 'remain_quota', 'unlimited_quota', 'model_limits_enabled', 'model_limits', 'allow_ips', 'group'])
    .where('key', '=', hash)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()

/** A user as the relay needs it; cancelled users are included so they can be refused. */
export const findRelayUser = (db: Kysely<Database>, id: number) =>
  db.selectFrom('users').select(['id', 'username', 'role', 'status', 'group', 'email', 'setting', 'deleted_at']).where('id', '=', id).executeTakeFirst()

/** Every channel with the abilities that route to it (enabled or not). */
export const listChannelsForRouting = (db: Kysely<Database>) => db.selectFrom('channels').selectAll().execute()

export const listEnabledAbilities = (db: Kysely<Database>) =>
  db.selectFrom('abilities').select(['group', 'model', 'channel_id', 'priority', 'weight']).where('enabled', '=', true).execute()
