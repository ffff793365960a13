import type { Migration } from 'kysely/migration'

/**
 * channels.max_input_tokens: the largest prompt a channel accepts (0 means no limit). Kysely's
 * migration table records that this ran, so it runs once per database.
 */
export function channelExtrasMigration(): Migration {
  return {
    async up(db) {
      await db.schema
        .alterTable('channels')
        .addColumn('max_input_tokens', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
  }
}
