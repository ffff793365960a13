import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'
import { columnTypes } from './column-types.ts'
import { existingColumns } from './existing-columns.ts'

/**
 * Two columns of the reference system that carry features:
 * - tokens.cross_group_retry: a token of the `auto` group may go on to the next auto group when
 *   every channel of one failed (off for every existing token, as the reference creates it);
 * - channels.settings: per-channel options that need no lookup (JSON; the reference's
 *   ChannelOtherSettings), next to channels.setting (singular), which holds the relay options.
 * Adds only what is missing: a reference database already has both.
 */
export function featureColumnsMigration(dialect: DialectName): Migration {
  const t = columnTypes(dialect)
  return {
    async up(db) {
      const tokens = await existingColumns(db, dialect, 'tokens')
      if (tokens && !tokens.has('cross_group_retry')) {
        await db.schema
          .alterTable('tokens')
          .addColumn('cross_group_retry', 'boolean', (c) => c.notNull().defaultTo(false))
          .execute()
      }
      const channels = await existingColumns(db, dialect, 'channels')
      if (channels && !channels.has('settings')) {
        await db.schema.alterTable('channels').addColumn('settings', 'text', t.text).execute()
      }
    },
  }
}
