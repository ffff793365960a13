import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'
import { createTable } from './column-types.ts'
import { ensureIndex } from './table-shape.ts'

/**
 * stored_responses: Responses API exchanges the gateway served over a chat-only channel, kept so
 * that a later request naming one in `previous_response_id` can be continued (an upstream that
 * speaks only Chat Completions keeps no state of its own). Ours alone: the reference system has no
 * such table. `messages` is the whole conversation in Chat Completions form as one JSON document,
 * written once and read back whole; the service refuses rows over 1 MiB, so MySQL's MEDIUMTEXT
 * (16 MiB) always holds one where its TEXT (64 KiB) would not. `created_at` alone decides expiry,
 * so a changed retention applies to rows already stored.
 */
export function storedResponsesMigration(dialect: DialectName): Migration {
  const long = sql.raw(dialect === 'mysql' ? 'mediumtext' : 'text')
  return {
    async up(db) {
      await createTable(db, dialect, 'stored_responses')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('token_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('model', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('instructions', long, (c) => c.notNull())
        .addColumn('messages', long, (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      // The sweeper deletes by age.
      await ensureIndex(db, dialect, 'stored_responses', ['created_at'])
    },
  }
}
