import type { GoKind, GormField, GormIndex, GormTable } from './gorm-ddl.ts'

/**
 * The reference system's tables, transcribed from its models' struct tags, in two versions:
 * - 'current': the reference as of mid-August 2026 (the commit this project follows).
 * - 'spec-era': the reference as of 2 June 2025, the era the console spec describes: no
 *   multi-key channels, no redemption expiry, quota_data one row per user/model/hour, top_ups
 *   without payment columns, no two-factor, passkey or meta tables.
 * Only the tables we read or that prove "left alone" are here; the reference has more (sessions,
 * OAuth bindings, system tasks, ...), which no migration of ours could touch either.
 */
export type ReferenceVersion = 'current' | 'spec-era'

type Options = Omit<GormField, 'name' | 'go'>
const field = (name: string, go: GoKind, options: Options = {}): GormField => ({ name, go, ...options })
const id = (go: GoKind = 'int'): GormField => ({ name: 'id', go, id: true })

/** `index` tags: one idx_<table>_<column> per column. */
const indexed = (table: string, ...columns: string[]): GormIndex[] =>
  columns.map((column) => ({ name: `idx_${table}_${column}`, columns: [column] }))
const uniqueIndexed = (table: string, ...columns: string[]): GormIndex[] =>
  columns.map((column) => ({ name: `idx_${table}_${column}`, columns: [column], unique: true }))

function users(version: ReferenceVersion): GormTable {
  const current = version === 'current'
  return {
    name: 'users',
    fields: [
      id(),
      field('username', 'string', { unique: true }),
      field('password', 'string', { notNull: true }),
      field('display_name', 'string'),
      field('role', 'int', { type: 'int', default: '1' }),
      field('status', 'int', { type: 'int', default: '1' }),
      field('email', 'string'),
      field('github_id', 'string'),
      ...(current ? [field('discord_id', 'string')] : []),
      field('oidc_id', 'string'),
      field('wechat_id', 'string'),
      field('telegram_id', 'string'),
      field('access_token', 'string', { type: 'char(32)' }),
      field('quota', 'int', { type: 'int', default: '0' }),
      field('used_quota', 'int', { type: 'int', default: '0' }),
      field('request_count', 'int', { type: 'int', default: '0' }),
      field('group', 'string', { type: 'varchar(64)', default: "'default'" }),
      field('aff_code', 'string', { type: 'varchar(32)' }),
      field('aff_count', 'int', { type: 'int', default: '0' }),
      field('aff_quota', 'int', { type: 'int', default: '0' }),
      field('aff_history', 'int', { type: 'int', default: '0' }),
      field('inviter_id', 'int', { type: 'int' }),
      field('deleted_at', 'time'),
      field('linux_do_id', 'string'),
      field('setting', 'string', { type: 'text' }),
      ...(current
        ? [
            field('remark', 'string', { type: 'varchar(255)' }),
            field('stripe_customer', 'string', { type: 'varchar(64)' }),
            field('created_at', 'int'),
            field('last_login_at', 'int', { default: '0' }),
            field('auth_version', 'int', { type: 'bigint', notNull: true, default: '1' }),
          ]
        : []),
    ],
    indexes: [
      ...indexed('users', 'username', 'display_name', 'email', 'github_id'),
      ...(current ? indexed('users', 'discord_id') : []),
      ...indexed('users', 'oidc_id', 'wechat_id', 'telegram_id'),
      ...uniqueIndexed('users', 'access_token', 'aff_code'),
      ...indexed('users', 'inviter_id', 'deleted_at', 'linux_do_id'),
      ...(current ? indexed('users', 'stripe_customer') : []),
    ],
  }
}

function tokens(version: ReferenceVersion): GormTable {
  const current = version === 'current'
  return {
    name: 'tokens',
    fields: [
      id(),
      field('user_id', 'int'),
      field('key', 'string', { type: current ? 'varchar(128)' : 'char(48)' }),
      field('status', 'int', { default: '1' }),
      field('name', 'string'),
      field('created_time', 'int'),
      field('accessed_time', 'int'),
      field('expired_time', 'int', { default: '-1' }),
      field('remain_quota', 'int', { default: '0' }),
      field('unlimited_quota', 'bool', current ? {} : { default: 'false' }),
      field('model_limits_enabled', 'bool', current ? {} : { default: 'false' }),
      field('model_limits', 'string', current ? { type: 'text' } : { type: 'varchar(1024)', default: "''" }),
      field('allow_ips', 'string', { default: "''" }),
      field('used_quota', 'int', { default: '0' }),
      field('group', 'string', { default: "''" }),
      ...(current ? [field('cross_group_retry', 'bool'), field('auto_groups', 'string', { type: 'text' })] : []),
      field('deleted_at', 'time'),
    ],
    indexes: [
      ...indexed('tokens', 'user_id'),
      ...uniqueIndexed('tokens', 'key'),
      ...indexed('tokens', 'name', 'deleted_at'),
    ],
  }
}

function channels(version: ReferenceVersion): GormTable {
  const current = version === 'current'
  return {
    name: 'channels',
    fields: [
      id(),
      field('type', 'int', { default: '0' }),
      field('key', 'string', { notNull: true }),
      field('open_ai_organization', 'string'),
      field('test_model', 'string'),
      field('status', 'int', { default: '1' }),
      field('name', 'string'),
      field('weight', 'uint', { default: '0' }),
      field('created_time', 'int'),
      field('test_time', 'int'),
      field('response_time', 'int'),
      field('base_url', 'string', { default: "''" }),
      field('other', 'string'),
      field('balance', 'float64'),
      field('balance_updated_time', 'int'),
      field('models', 'string'),
      field('group', 'string', { type: 'varchar(64)', default: "'default'" }),
      field('used_quota', 'int', { default: '0' }),
      field('model_mapping', 'string', { type: 'text' }),
      field('status_code_mapping', 'string', { type: 'varchar(1024)', default: "''" }),
      field('priority', 'int', { default: '0' }),
      field('auto_ban', 'int', { default: '1' }),
      field('other_info', 'string'),
      field('tag', 'string'),
      field('setting', 'string', { type: 'text' }),
      field('param_override', 'string', { type: 'text' }),
      ...(current
        ? [
            field('header_override', 'string', { type: 'text' }),
            field('remark', 'string', { type: 'varchar(255)' }),
            field('channel_info', 'string', { type: 'json' }),
            field('settings', 'string'),
          ]
        : []),
    ],
    indexes: indexed('channels', 'name', 'tag'),
  }
}

const abilities: GormTable = {
  name: 'abilities',
  fields: [
    field('group', 'string', { type: 'varchar(64)', key: true }),
    field('model', 'string', { type: 'varchar(255)', key: true }),
    field('channel_id', 'int', { key: true }),
    field('enabled', 'bool'),
    field('priority', 'int', { default: '0' }),
    field('weight', 'uint', { default: '0' }),
    field('tag', 'string'),
  ],
  indexes: indexed('abilities', 'channel_id', 'priority', 'weight', 'tag'),
}

const options: GormTable = {
  name: 'options',
  fields: [field('key', 'string', { key: true }), field('value', 'string')],
  indexes: [],
}

function redemptions(version: ReferenceVersion): GormTable {
  return {
    name: 'redemptions',
    fields: [
      id(),
      field('user_id', 'int'),
      field('key', 'string', { type: 'char(32)' }),
      field('status', 'int', { default: '1' }),
      field('name', 'string'),
      field('quota', 'int', { default: '100' }),
      field('created_time', 'int'),
      field('redeemed_time', 'int'),
      field('used_user_id', 'int'),
      field('deleted_at', 'time'),
      ...(version === 'current' ? [field('expired_time', 'int')] : []),
    ],
    indexes: [...uniqueIndexed('redemptions', 'key'), ...indexed('redemptions', 'name', 'deleted_at')],
  }
}

function logs(version: ReferenceVersion): GormTable {
  const current = version === 'current'
  return {
    name: 'logs',
    fields: [
      id(),
      field('user_id', 'int'),
      field('created_at', 'int'),
      field('type', 'int'),
      field('content', 'string'),
      field('username', 'string', { default: "''" }),
      field('token_name', 'string', { default: "''" }),
      field('model_name', 'string', { default: "''" }),
      field('quota', 'int', { default: '0' }),
      field('prompt_tokens', 'int', { default: '0' }),
      field('completion_tokens', 'int', { default: '0' }),
      field('use_time', 'int', { default: '0' }),
      field('is_stream', 'bool', current ? {} : { default: 'false' }),
      field('channel_id', 'int'),
      field('token_id', 'int', { default: '0' }),
      field('group', 'string'),
      ...(current
        ? [
            field('ip', 'string', { default: "''" }),
            field('request_id', 'string', { type: 'varchar(64)', default: "''" }),
            field('upstream_request_id', 'string', { type: 'varchar(128)', default: "''" }),
          ]
        : []),
      field('other', 'string'),
    ],
    indexes: [
      { name: 'idx_created_at_id', columns: current ? ['created_at', 'id'] : ['id', 'created_at'] },
      ...(current ? [{ name: 'idx_user_id_id', columns: ['user_id', 'id'] }] : []),
      { name: 'idx_created_at_type', columns: ['created_at', 'type'] },
      { name: 'index_username_model_name', columns: ['model_name', 'username'] },
      ...indexed('logs', 'user_id', 'username', 'token_name', 'model_name', 'channel_id', 'token_id', 'group'),
      ...(current
        ? [
            ...indexed('logs', 'ip'),
            { name: 'idx_logs_request_id', columns: ['request_id'] },
            { name: 'idx_logs_upstream_request_id', columns: ['upstream_request_id'] },
          ]
        : []),
    ],
  }
}

function midjourneys(version: ReferenceVersion): GormTable {
  const current = version === 'current'
  return {
    name: 'midjourneys',
    fields: [
      id(),
      field('code', 'int'),
      field('user_id', 'int'),
      field('action', 'string', { type: 'varchar(40)' }),
      field('mj_id', 'string'),
      field('prompt', 'string'),
      field('prompt_en', 'string'),
      field('description', 'string'),
      field('state', 'string'),
      field('submit_time', 'int'),
      field('start_time', 'int'),
      field('finish_time', 'int'),
      field('image_url', 'string'),
      ...(current ? [field('video_url', 'string'), field('video_urls', 'string')] : []),
      field('status', 'string', { type: 'varchar(20)' }),
      field('progress', 'string', { type: 'varchar(30)' }),
      field('fail_reason', 'string'),
      field('channel_id', 'int'),
      field('quota', 'int'),
      field('buttons', 'string'),
      field('properties', 'string'),
      ...(current
        ? [field('token_id', 'int', { default: '0' }), field('billing_channel_id', 'int', { default: '0' })]
        : []),
    ],
    indexes: indexed(
      'midjourneys',
      'user_id',
      'action',
      'mj_id',
      'submit_time',
      'start_time',
      'finish_time',
      'status',
      'progress'
    ),
  }
}

function topUps(version: ReferenceVersion): GormTable {
  if (version === 'spec-era') {
    return {
      name: 'top_ups',
      fields: [
        id(),
        field('user_id', 'int'),
        field('amount', 'int'),
        field('money', 'float64'),
        field('trade_no', 'string'),
        field('create_time', 'int'),
        field('status', 'string'),
      ],
      indexes: indexed('top_ups', 'user_id'),
    }
  }
  return {
    name: 'top_ups',
    fields: [
      id(),
      field('user_id', 'int'),
      field('amount', 'int'),
      field('money', 'float64'),
      field('trade_no', 'string', { type: 'varchar(255)', unique: true }),
      field('payment_method', 'string', { type: 'varchar(50)' }),
      field('payment_provider', 'string', { type: 'varchar(50)', default: "''" }),
      field('create_time', 'int'),
      field('complete_time', 'int'),
      field('status', 'string'),
    ],
    indexes: indexed('top_ups', 'user_id', 'trade_no'),
  }
}

function quotaData(version: ReferenceVersion): GormTable {
  const current = version === 'current'
  return {
    name: 'quota_data',
    fields: [
      id(),
      field('user_id', 'int'),
      field('username', 'string', { size: 64, default: "''" }),
      field('model_name', 'string', { size: 64, default: "''" }),
      field('created_at', 'int'),
      ...(current
        ? [
            field('use_group', 'string', { size: 64, default: "''" }),
            field('token_id', 'int', { default: '0' }),
            field('channel_id', 'int', { default: '0' }),
            field('node_name', 'string', { size: 64, default: "''" }),
          ]
        : []),
      field('token_used', 'int', { default: '0' }),
      field('count', 'int', { default: '0' }),
      field('quota', 'int', { default: '0' }),
    ],
    indexes: [
      ...indexed('quota_data', 'user_id'),
      { name: 'idx_qdt_model_user_name', columns: ['model_name', 'username'] },
      { name: 'idx_qdt_created_at', columns: ['created_at'] },
      ...(current ? indexed('quota_data', 'use_group', 'token_id', 'channel_id', 'node_name') : []),
    ],
  }
}

function tasks(version: ReferenceVersion): GormTable {
  const current = version === 'current'
  return {
    name: 'tasks',
    fields: [
      id(),
      field('created_at', 'int'),
      field('updated_at', 'int'),
      field('task_id', 'string', { type: current ? 'varchar(191)' : 'varchar(50)' }),
      field('platform', 'string', { type: 'varchar(30)' }),
      field('user_id', 'int'),
      ...(current ? [field('group', 'string', { type: 'varchar(50)' })] : []),
      field('channel_id', 'int'),
      field('quota', 'int'),
      field('action', 'string', { type: 'varchar(40)' }),
      field('status', 'string', { type: 'varchar(20)' }),
      field('fail_reason', 'string'),
      field('submit_time', 'int'),
      field('start_time', 'int'),
      field('finish_time', 'int'),
      field('progress', 'string', { type: 'varchar(20)' }),
      field('properties', 'string', { type: 'json' }),
      ...(current ? [field('private_data', 'string', { type: 'json' })] : []),
      field('data', 'string', { type: 'json' }),
    ],
    indexes: indexed(
      'tasks',
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
      'progress'
    ),
  }
}

const setups: GormTable = {
  name: 'setups',
  fields: [
    id('uint'),
    field('version', 'string', { type: 'varchar(50)', notNull: true }),
    field('initialized_at', 'int', { type: 'bigint', notNull: true }),
  ],
  indexes: [],
}

/** Tables of the current reference only. */
const twoFas: GormTable = {
  name: 'two_fas',
  fields: [
    id(),
    field('user_id', 'int', { unique: true, notNull: true }),
    field('secret', 'string', { type: 'varchar(255)', notNull: true }),
    field('is_enabled', 'bool'),
    field('failed_attempts', 'int', { default: '0' }),
    field('locked_until', 'time'),
    field('last_used_at', 'time'),
    field('created_at', 'time'),
    field('updated_at', 'time'),
    field('deleted_at', 'time'),
  ],
  indexes: indexed('two_fas', 'user_id', 'deleted_at'),
}

const twoFaBackupCodes: GormTable = {
  name: 'two_fa_backup_codes',
  fields: [
    id(),
    field('user_id', 'int', { notNull: true }),
    field('code_hash', 'string', { type: 'varchar(255)', notNull: true }),
    field('is_used', 'bool'),
    field('used_at', 'time'),
    field('created_at', 'time'),
    field('deleted_at', 'time'),
  ],
  indexes: indexed('two_fa_backup_codes', 'user_id', 'deleted_at'),
}

const checkins: GormTable = {
  name: 'checkins',
  fields: [
    id(),
    field('user_id', 'int', { notNull: true }),
    field('checkin_date', 'string', { type: 'varchar(10)', notNull: true }),
    field('quota_awarded', 'int', { notNull: true }),
    field('created_at', 'int'),
  ],
  indexes: [{ name: 'idx_user_checkin_date', columns: ['user_id', 'checkin_date'], unique: true }],
}

const models: GormTable = {
  name: 'models',
  fields: [
    id(),
    field('model_name', 'string', { size: 128, notNull: true }),
    field('description', 'string', { type: 'text' }),
    field('icon', 'string', { type: 'varchar(128)' }),
    field('tags', 'string', { type: 'varchar(255)' }),
    field('vendor_id', 'int'),
    field('endpoints', 'string', { type: 'text' }),
    field('status', 'int', { default: '1' }),
    field('sync_official', 'int', { default: '1' }),
    field('created_time', 'int'),
    field('updated_time', 'int'),
    field('deleted_at', 'time'),
    field('name_rule', 'int', { default: '0' }),
  ],
  indexes: [
    { name: 'uk_model_name_delete_at', columns: ['model_name', 'deleted_at'], unique: true },
    ...indexed('models', 'vendor_id', 'deleted_at'),
  ],
}

const vendors: GormTable = {
  name: 'vendors',
  fields: [
    id(),
    field('name', 'string', { size: 128, notNull: true }),
    field('description', 'string', { type: 'text' }),
    field('icon', 'string', { type: 'varchar(128)' }),
    field('status', 'int', { default: '1' }),
    field('created_time', 'int'),
    field('updated_time', 'int'),
    field('deleted_at', 'time'),
  ],
  indexes: [
    { name: 'uk_vendor_name_delete_at', columns: ['name', 'deleted_at'], unique: true },
    ...indexed('vendors', 'deleted_at'),
  ],
}

const userSubscriptions: GormTable = {
  name: 'user_subscriptions',
  fields: [
    id(),
    field('user_id', 'int'),
    field('plan_id', 'int'),
    field('amount_total', 'int', { type: 'bigint', notNull: true, default: '0' }),
    field('amount_used', 'int', { type: 'bigint', notNull: true, default: '0' }),
    field('start_time', 'int'),
    field('end_time', 'int'),
    field('status', 'string', { type: 'varchar(32)' }),
    field('source', 'string', { type: 'varchar(32)', default: "'order'" }),
    field('last_reset_time', 'int', { type: 'bigint', default: '0' }),
    field('next_reset_time', 'int', { type: 'bigint', default: '0' }),
    field('upgrade_group', 'string', { type: 'varchar(64)', default: "''" }),
    field('prev_user_group', 'string', { type: 'varchar(64)', default: "''" }),
    field('downgrade_group', 'string', { type: 'varchar(64)', default: "''" }),
    field('allow_wallet_overflow', 'bool'),
    field('created_at', 'int'),
    field('updated_at', 'int'),
  ],
  indexes: [
    ...indexed('user_subscriptions', 'user_id', 'plan_id', 'end_time', 'status', 'next_reset_time'),
    { name: 'idx_user_sub_active', columns: ['user_id', 'status', 'end_time'] },
  ],
}

/** Every table the kit builds for `version`, in AutoMigrate's order. */
export function referenceTables(version: ReferenceVersion): GormTable[] {
  const shared = [
    channels(version),
    tokens(version),
    users(version),
    options,
    redemptions(version),
    abilities,
    logs(version),
    midjourneys(version),
    topUps(version),
    quotaData(version),
    tasks(version),
    setups,
  ]
  return version === 'current'
    ? [...shared, twoFas, twoFaBackupCodes, checkins, models, vendors, userSubscriptions]
    : shared
}

/** Tables the reference has and this project never reads or writes: a takeover must leave them as they were. */
export const UNUSED_TABLES: Record<ReferenceVersion, string[]> = {
  current: ['checkins', 'models', 'vendors', 'user_subscriptions'],
  'spec-era': [],
}
