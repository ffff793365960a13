import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Indexes for the console lists at scale (10,000 channels, 100,000 tokens of one user):
 * - tokens (user_id, deleted_at, id): a user's live tokens, newest first, and their count, are
 *   read from the index alone; with (user_id, id) every counted row was also looked up in the table.
 * - channels (priority, id): the default channel order (priority desc, id desc) as one index walk
 *   on PostgreSQL too, whose secondary indexes, unlike SQLite's and InnoDB's, do not end in the key.
 */
export function listIndexesMigration(): Migration {
  const index = (db: Kysely<unknown>, table: string, columns: string[]) =>
    db.schema.createIndex(`idx_${table}_${columns.join('_')}`).ifNotExists().on(table).columns(columns).execute()
  return {
    async up(db) {
      await index(db, 'tokens', ['user_id', 'deleted_at', 'id'])
      await index(db, 'channels', ['priority', 'id'])
    },
  }
}
