import type { Kysely } from 'kysely'
import type { Database } from '../schema/index.ts'

/** A user as the relay needs it; cancelled users are included so they can be refused. */
export const findRelayUser = (db: Kysely<Database>, id: number) =>
  db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'status', 'group', 'email', 'setting', 'deleted_at'])
    .where('id', '=', id)
    .executeTakeFirst()

/** Every channel with the abilities that route to it (enabled or not). */
export const listChannelsForRouting = (db: Kysely<Database>) => db.selectFrom('channels').selectAll().execute()

export const listEnabledAbilities = (db: Kysely<Database>) =>
  db
    .selectFrom('abilities')
    .select(['group', 'model', 'channel_id', 'priority', 'weight'])
    .where('enabled', '=', true)
    .execute()
