import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'
import { existingColumns } from './existing-columns.ts'

/**
 * channels.channel_info: the multi-key state of a channel (several keys in one channel, their
 * per-key status, the pick mode), a JSON document in the reference's shape. Created with the
 * reference's own column type (json; SQLite keeps the type name only) and nullable like the
 * reference's, so a database moved back to it is not altered by its own schema check. Adds only
 * what is missing: a taken-over reference database already has the column and its data.
 */
export function channelInfoMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      if ((await existingColumns(db, dialect, 'channels'))?.has('channel_info')) return
      await db.schema.alterTable('channels').addColumn('channel_info', 'json').execute()
    },
  }
}
