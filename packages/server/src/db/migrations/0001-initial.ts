import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'
import { columnTypes, createTable } from './column-types.ts'
import { ensureIndex } from './table-shape.ts'

/** Creates every table of the main database (logs live in their own migration set). */
export function initialMigration(dialect: DialectName): Migration {
  const t = columnTypes(dialect)
  const index = (db: Kysely<unknown>, table: string, columns: string[], unique = false) =>
    ensureIndex(db, dialect, table, columns, unique)

  return {
    async up(db) {
      await createTable(db, dialect, 'users')
        .addColumn('id', t.idType, t.id)
        .addColumn('username', 'varchar(64)', (c) => c.notNull())
        .addColumn('password', 'varchar(255)', (c) => c.notNull())
        .addColumn('display_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('role', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('email', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('github_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('oidc_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('wechat_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('telegram_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('linux_do_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('access_token', 'varchar(64)')
        .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('request_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('group', 'varchar(64)', (c) => c.notNull().defaultTo('default'))
        .addColumn('aff_code', 'varchar(32)')
        .addColumn('aff_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('aff_quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('aff_history', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('inviter_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('deleted_at', 'bigint')
        .addColumn('setting', 'text', t.text)
        .execute()
      await index(db, 'users', ['username'], true)
      await index(db, 'users', ['access_token'], true)
      await index(db, 'users', ['aff_code'], true)
      for (const column of [
        'display_name',
        'email',
        'github_id',
        'oidc_id',
        'wechat_id',
        'telegram_id',
        'linux_do_id',
        'inviter_id',
        'deleted_at',
        'group',
      ]) {
        await index(db, 'users', [column])
      }

      await createTable(db, dialect, 'sessions')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .execute()
      await index(db, 'sessions', ['user_id'])
      await index(db, 'sessions', ['expires_at'])

      await createTable(db, dialect, 'tokens')
        .addColumn('id', t.idType, t.id)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('key', 'varchar(128)', (c) => c.notNull())
        .addColumn('key_ciphertext', 'text', t.text)
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('accessed_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('expired_time', 'bigint', (c) => c.notNull().defaultTo(-1))
        .addColumn('remain_quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('unlimited_quota', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('model_limits_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('model_limits', 'text', t.text)
        .addColumn('allow_ips', 'text', t.text)
        .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('deleted_at', 'bigint')
        .execute()
      await index(db, 'tokens', ['key'], true)
      await index(db, 'tokens', ['user_id', 'id'])
      await index(db, 'tokens', ['name'])

      await createTable(db, dialect, 'channels')
        .addColumn('id', t.idType, t.id)
        .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('openai_organization', 'varchar(255)')
        .addColumn('test_model', 'varchar(255)')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('test_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('response_time', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('base_url', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
        .addColumn('other', 'text', t.text)
        .addColumn('balance', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('balance_updated_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('models', 'text', t.text)
        .addColumn('group', 'varchar(255)', (c) => c.notNull().defaultTo('default'))
        .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('model_mapping', 'text', t.text)
        .addColumn('status_code_mapping', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
        .addColumn('priority', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('auto_ban', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('other_info', 'text', t.text)
        .addColumn('tag', 'varchar(255)')
        .addColumn('setting', 'text', t.text)
        .addColumn('param_override', 'text', t.text)
        .addColumn('header_override', 'text', t.text)
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .execute()
      for (const column of ['name', 'tag', 'status', 'type', 'priority']) await index(db, 'channels', [column])

      await createTable(db, dialect, 'abilities')
        .addColumn('group', 'varchar(64)', (c) => c.notNull())
        .addColumn('model', 'varchar(255)', (c) => c.notNull())
        .addColumn('channel_id', 'integer', (c) => c.notNull())
        .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('priority', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('tag', 'varchar(255)')
        .addPrimaryKeyConstraint('pk_abilities', ['group', 'model', 'channel_id'])
        .execute()
      await index(db, 'abilities', ['channel_id'])
      await index(db, 'abilities', ['model'])
      await index(db, 'abilities', ['tag'])

      await createTable(db, dialect, 'options')
        .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
        .addColumn('value', 'text', t.text)
        .execute()

      await createTable(db, dialect, 'setups')
        .addColumn('id', t.idType, t.id)
        .addColumn('version', 'varchar(50)', (c) => c.notNull())
        .addColumn('initialized_at', 'bigint', (c) => c.notNull())
        .execute()

      await createTable(db, dialect, 'redemptions')
        .addColumn('id', t.idType, t.id)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('key', 'varchar(64)', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(100))
        .addColumn('created_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('redeemed_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('used_user_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('deleted_at', 'bigint')
        .execute()
      await index(db, 'redemptions', ['key'], true)
      await index(db, 'redemptions', ['name'])

      await createTable(db, dialect, 'top_ups')
        .addColumn('id', t.idType, t.id)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('money', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('trade_no', 'varchar(128)', (c) => c.notNull())
        .addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'varchar(32)', (c) => c.notNull().defaultTo('pending'))
        .addColumn('payment_method', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('complete_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute()
      await index(db, 'top_ups', ['trade_no'], true)
      await index(db, 'top_ups', ['user_id'])

      await createTable(db, dialect, 'quota_data')
        .addColumn('id', t.idType, t.id)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('model_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('token_used', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute()
      // The bucket index (and why it is not unique) comes with 0009-reference-takeover: a unique
      // (user_id, model_name, created_at) here stopped the start on the reference's own rows.
      await index(db, 'quota_data', ['model_name', 'username'])
      await index(db, 'quota_data', ['created_at'])

      await createTable(db, dialect, 'midjourneys')
        .addColumn('id', t.idType, t.id)
        .addColumn('code', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('action', 'varchar(40)', (c) => c.notNull().defaultTo(''))
        .addColumn('mj_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('prompt', 'text', t.text)
        .addColumn('prompt_en', 'text', t.text)
        .addColumn('description', 'text', t.text)
        .addColumn('state', 'text', t.text)
        .addColumn('submit_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('start_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('finish_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('image_url', 'text', t.text)
        .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo(''))
        .addColumn('progress', 'varchar(30)', (c) => c.notNull().defaultTo(''))
        .addColumn('fail_reason', 'text', t.text)
        .addColumn('channel_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('buttons', 'text', t.text)
        .addColumn('properties', 'text', t.text)
        .execute()
      for (const column of [
        'user_id',
        'action',
        'mj_id',
        'submit_time',
        'start_time',
        'finish_time',
        'status',
        'progress',
        'channel_id',
      ]) {
        await index(db, 'midjourneys', [column])
      }

      await createTable(db, dialect, 'tasks')
        .addColumn('id', t.idType, t.id)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('task_id', 'varchar(50)', (c) => c.notNull().defaultTo(''))
        .addColumn('platform', 'varchar(30)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('channel_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('action', 'varchar(40)', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo(''))
        .addColumn('fail_reason', 'text', t.text)
        .addColumn('submit_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('start_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('finish_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('progress', 'varchar(20)', (c) => c.notNull().defaultTo(''))
        .addColumn('properties', 'text', t.text)
        .addColumn('data', 'text', t.text)
        .execute()
      for (const column of [
        'created_at',
        'task_id',
        'platform',
        'user_id',
        'channel_id',
        'action',
        'status',
        'submit_time',
        'start_time',
        'finish_time',
        'progress',
      ]) {
        await index(db, 'tasks', [column])
      }
    },
  }
}
