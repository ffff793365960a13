import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'
import { ensureIndex } from './table-shape.ts'

/**
 * Indexes for the console lists at scale (10,000 channels, 100,000 tokens of one user):
 * - tokens (user_id, deleted_at, id): a user's live tokens, newest first, and their count, are
 *   read from the index alone; with (user_id, id) every counted row was also looked up in the table.
 * - channels (priority, id): the default channel order (priority desc, id desc) as one index walk
 *   on PostgreSQL too, whose secondary indexes, unlike SQLite's and InnoDB's, do not end in the key.
 */
export function listIndexesMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      await ensureIndex(db, dialect, 'tokens', ['user_id', 'deleted_at', 'id'])
      await ensureIndex(db, dialect, 'channels', ['priority', 'id'])
    },
  }
}
