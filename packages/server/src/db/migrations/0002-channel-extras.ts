import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'
import { columnsOf } from './table-shape.ts'

/**
 * channels.max_input_tokens: the largest prompt a channel accepts (0 means no limit). Adds it only
 * when missing: every migration runs again on a database moved back to the reference system and
 * taken over anew (services/takeover/move-back.ts forgets which ran).
 */
export function channelExtrasMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      if ((await columnsOf(db, dialect, 'channels')).some((column) => column.name === 'max_input_tokens')) return
      await db.schema
        .alterTable('channels')
        .addColumn('max_input_tokens', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
  }
}
