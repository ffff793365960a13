import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'
import { columnTypes, createTable } from './column-types.ts'
import { ensureIndex } from './table-shape.ts'

/** The logs table: its own migration set, because LOG_SQL_DSN may put it in another database. */
export function logsMigration(dialect: DialectName): Migration {
  const t = columnTypes(dialect)
  const index = (db: Kysely<unknown>, columns: string[]) => ensureIndex(db, dialect, 'logs', columns)
  return {
    async up(db) {
      await createTable(db, dialect, 'logs')
        .addColumn('id', t.idType, t.id)
        .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('content', 'text', t.text)
        .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('token_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('model_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('prompt_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('completion_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('use_time', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_stream', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('channel_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('token_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('other', 'text', t.text)
        .execute()
      // Paging is id-ordered and filtered by time, type, user, token, model, channel and group.
      await index(db, ['created_at', 'id'])
      await index(db, ['created_at', 'type'])
      await index(db, ['user_id', 'id'])
      await index(db, ['username', 'id'])
      await index(db, ['token_name'])
      await index(db, ['model_name', 'username'])
      await index(db, ['channel_id'])
      await index(db, ['token_id'])
      await index(db, ['group'])
    },
  }
}
