import { createHash } from 'node:crypto'
import bcrypt from 'bcryptjs'
import { sql, type Kysely } from 'kysely'
import type { DialectName } from '../../src/db/dsn.ts'
import type { FillOptions, ReferenceFixture } from './reference-fixture.ts'
import type { ReferenceVersion } from './reference-tables.ts'

const KEY_CHARS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
/** Deterministic strings in the reference's key alphabet, so fingerprints of two fills agree. */
const keyOf = (seed: string, length: number) => {
  let out = ''
  for (let round = 0; out.length < length; round++) {
    for (const byte of createHash('sha256').update(`${seed}:${round}`).digest())
      out += KEY_CHARS[byte % KEY_CHARS.length]
  }
  return out.slice(0, length)
}
/** A uuid without dashes, as the reference makes access tokens and redemption codes. */
const uuidOf = (seed: string) => createHash('sha256').update(seed).digest('hex').slice(0, 32)

const NOW = 1_760_000_000 // 2025-10-09, a fixed "now" so fills are identical
const HOUR = NOW - (NOW % 3600)

/**
 * Inserts realistic rows, as the reference would have written them, into a database made by
 * createReferenceTables for the same version. Time values go in as its ORM stores them: Date on
 * PostgreSQL and MySQL, text `2006-01-02 15:04:05.999999999-07:00` on SQLite; booleans as 0/1 on
 * SQLite; JSON columns as text (channel_info as a blob on SQLite: the reference hands the driver bytes).
 */
export async function fillReferenceDatabase(
  db: Kysely<unknown>,
  dialect: DialectName,
  version: ReferenceVersion,
  options: FillOptions = {}
): Promise<ReferenceFixture> {
  const current = version === 'current'
  const time = (unixSeconds: number): Date | string => {
    const date = new Date(unixSeconds * 1000)
    if (dialect !== 'sqlite') return date
    return `${date.toISOString().replace('T', ' ').replace('Z', '')}+00:00`
  }
  const bool = (value: boolean) => (dialect === 'postgres' ? value : value ? 1 : 0)
  const insert = async (table: string, rows: Record<string, unknown>[]) => {
    for (const row of rows)
      await db
        .insertInto(table as never)
        .values(row as never)
        .execute()
  }
  const hash = (password: string) => bcrypt.hashSync(password, 10)

  const users: ReferenceFixture['users'] = {
    root: {
      id: 1,
      username: 'root',
      password: 'rootpassword1',
      role: 100,
      accessToken: uuidOf('root-access'),
      group: 'default',
      quota: 500_000_000,
    },
    admin: {
      id: 2,
      username: 'admin',
      password: 'adminpassword1',
      role: 10,
      accessToken: null,
      group: 'default',
      quota: 10_000_000,
    },
    user: {
      id: 3,
      username: 'alice',
      password: 'alicepassword1',
      role: 1,
      accessToken: uuidOf('alice-access'),
      group: 'vip',
      quota: 2_000_000,
    },
    deleted: {
      id: 4,
      username: 'gone',
      password: 'gonepassword1',
      role: 1,
      accessToken: null,
      group: 'default',
      quota: 0,
    },
  }
  for (const u of Object.values(users)) {
    await insert('users', [
      {
        id: u.id,
        username: u.username,
        password: hash(u.password),
        display_name: u.username === 'root' ? 'Root User' : u.username,
        role: u.role,
        status: 1,
        email: `${u.username}@example.com`,
        github_id: '',
        oidc_id: '',
        wechat_id: '',
        telegram_id: '',
        access_token: u.accessToken,
        quota: u.quota,
        used_quota: u.id * 1000,
        request_count: u.id * 3,
        group: u.group,
        aff_code: keyOf(`aff-${u.username}`, 4),
        aff_count: 0,
        aff_quota: 0,
        aff_history: 0,
        inviter_id: u.id === 3 ? 1 : 0,
        deleted_at: u.id === 4 ? time(NOW - 86_400) : null,
        linux_do_id: '',
        setting: u.id === 3 ? '{"notify_type":"email","quota_warning_threshold":500000}' : '',
        ...(current
          ? {
              discord_id: '',
              remark: u.id === 3 ? 'moved from reseller' : '',
              stripe_customer: '',
              created_at: NOW - 100_000 + u.id,
              last_login_at: NOW - 3600,
              auth_version: 1,
            }
          : {}),
      },
    ])
  }

  const tokens: ReferenceFixture['tokens'] = {
    user: { id: 1, userId: 3, key: keyOf('alice-token', 48), name: 'alice-key' },
    unlimited: { id: 2, userId: 1, key: keyOf('root-token', 48), name: 'root-unlimited' },
    deleted: { id: 3, userId: 3, key: keyOf('alice-old', 48), name: 'alice-old' },
  }
  for (const t of Object.values(tokens)) {
    await insert('tokens', [
      {
        id: t.id,
        user_id: t.userId,
        key: t.key,
        status: 1,
        name: t.name,
        created_time: NOW - 50_000,
        accessed_time: NOW - 60,
        expired_time: -1,
        remain_quota: t.id === 2 ? 0 : 1_000_000,
        unlimited_quota: bool(t.id === 2),
        model_limits_enabled: bool(false),
        model_limits: '',
        allow_ips: '',
        used_quota: 1234,
        group: t.id === 1 ? 'vip' : '',
        deleted_at: t.id === 3 ? time(NOW - 7200) : null,
        ...(current ? { cross_group_retry: bool(false), auto_groups: '' } : {}),
      },
    ])
  }

  const baseUrl = options.channelBaseUrl ?? 'https://api.example.com'
  const channels: ReferenceFixture['channels'] = {
    single: {
      id: 1,
      name: 'openai-main',
      keys: [`sk-${keyOf('upstream-1', 40)}`],
      models: ['gpt-4o-mini', 'gpt-4o'],
      group: 'default,vip',
    },
    multi: current
      ? {
          id: 2,
          name: 'openai-pool',
          keys: ['a', 'b', 'c'].map((k) => `sk-${keyOf(`pool-${k}`, 40)}`),
          models: ['gpt-4o-mini'],
          group: 'default',
        }
      : undefined,
  }
  const channelInfo = (multi: boolean): unknown => {
    const info = multi
      ? {
          is_multi_key: true,
          multi_key_size: 3,
          multi_key_status_list: { '1': 3 },
          multi_key_disabled_reason: { '1': 'status code 401: invalid api key' },
          multi_key_disabled_time: { '1': NOW - 600 },
          multi_key_polling_index: 0,
          multi_key_mode: 'polling',
        }
      : {
          is_multi_key: false,
          multi_key_size: 0,
          multi_key_status_list: null,
          multi_key_polling_index: 0,
          multi_key_mode: '',
        }
    const text = JSON.stringify(info)
    return dialect === 'sqlite' ? new TextEncoder().encode(text) : text
  }
  for (const c of [channels.single, channels.multi]) {
    if (!c) continue
    await insert('channels', [
      {
        id: c.id,
        type: 1,
        key: c.keys.join('\n'),
        open_ai_organization: c.id === 1 ? 'org-reference123' : null,
        test_model: 'gpt-4o-mini',
        status: 1,
        name: c.name,
        weight: 0,
        created_time: NOW - 90_000,
        test_time: NOW - 300,
        response_time: 420,
        base_url: baseUrl,
        other: '',
        balance: 12.5,
        balance_updated_time: NOW - 3000,
        models: c.models.join(','),
        group: c.group,
        used_quota: 99_999,
        model_mapping: '',
        status_code_mapping: '',
        priority: c.id === 1 ? 10 : 0,
        auto_ban: 1,
        other_info: '',
        tag: null,
        setting: '{"force_format":false,"thinking_to_content":false,"proxy":""}',
        param_override: null,
        ...(current
          ? {
              header_override: null,
              remark: c.id === 2 ? 'three keys' : null,
              channel_info: channelInfo(c.id === 2),
              settings: '{"allow_service_tier":false,"system_prompt":""}',
            }
          : {}),
      },
    ])
    for (const group of c.group.split(',')) {
      for (const model of c.models) {
        await insert('abilities', [
          { group, model, channel_id: c.id, enabled: bool(true), priority: c.id === 1 ? 10 : 0, weight: 0, tag: null },
        ])
      }
    }
  }

  await insert('options', [
    { key: 'QuotaPerUnit', value: '500000' },
    { key: 'SystemName', value: 'Reference Gateway' },
    { key: 'ModelRatio', value: '{"gpt-4o-mini":0.075,"gpt-4o":1.25}' },
    { key: 'RegisterEnabled', value: 'true' },
  ])

  const redemptions: ReferenceFixture['redemptions'] = {
    valid: { id: 1, key: uuidOf('code-valid'), quota: 250_000 },
    expired: current ? { id: 2, key: uuidOf('code-expired'), quota: 300_000 } : undefined,
    used: { id: 3, key: uuidOf('code-used'), quota: 100_000 },
  }
  for (const r of [redemptions.valid, redemptions.expired, redemptions.used]) {
    if (!r) continue
    await insert('redemptions', [
      {
        id: r.id,
        user_id: 1,
        key: r.key,
        status: r.id === 3 ? 3 : 1,
        name: `batch-${r.id}`,
        quota: r.quota,
        created_time: NOW - 40_000,
        redeemed_time: r.id === 3 ? NOW - 30_000 : 0,
        used_user_id: r.id === 3 ? 3 : 0,
        deleted_at: null,
        ...(current ? { expired_time: r.id === 2 ? NOW - 1000 : 0 } : {}),
      },
    ])
  }

  const requestIds = current ? ['20251009101010123456789abcdef', '20251009101111123456789abcdef'] : []
  for (let i = 0; i < 3; i++) {
    await insert('logs', [
      {
        user_id: 3,
        created_at: NOW - 500 + i,
        type: i === 2 ? 1 : 2,
        content: i === 2 ? 'redeemed a code' : 'model ratio 0.075, completion ratio 4',
        username: 'alice',
        token_name: 'alice-key',
        model_name: i === 2 ? '' : 'gpt-4o-mini',
        quota: 150,
        prompt_tokens: 100,
        completion_tokens: 20,
        use_time: 2,
        is_stream: bool(i === 1),
        channel_id: i === 2 ? 0 : 1,
        token_id: i === 2 ? 0 : 1,
        group: 'vip',
        other: '{"model_ratio":0.075,"group_ratio":1}',
        ...(current
          ? { ip: '203.0.113.7', request_id: requestIds[i] ?? '', upstream_request_id: i === 0 ? 'req_upstream_1' : '' }
          : {}),
      },
    ])
  }

  // Current: the same user, model and hour split by group, token, channel and node, as the
  // reference writes it; spec-era: one row per user, model and hour.
  const quotaRows = current
    ? [
        { use_group: 'vip', token_id: 1, channel_id: 1, node_name: 'node-a', count: 3, quota: 450 },
        { use_group: 'vip', token_id: 1, channel_id: 2, node_name: 'node-a', count: 1, quota: 150 },
        { use_group: 'default', token_id: 1, channel_id: 1, node_name: 'node-a', count: 2, quota: 300 },
        { use_group: 'vip', token_id: 1, channel_id: 1, node_name: 'node-b', count: 5, quota: 750 },
      ]
    : [
        { count: 3, quota: 450 },
        { count: 1, quota: 150, hourOffset: -3600 },
      ]
  for (const row of quotaRows) {
    const { hourOffset, ...rest } = row as typeof row & { hourOffset?: number }
    await insert('quota_data', [
      {
        user_id: 3,
        username: 'alice',
        model_name: 'gpt-4o-mini',
        created_at: HOUR + (hourOffset ?? 0),
        token_used: rest.count * 120,
        ...rest,
      },
    ])
  }

  await insert('tasks', [
    {
      created_at: NOW - 900,
      updated_at: NOW - 800,
      task_id: 'task_suno_0001',
      platform: 'suno',
      user_id: 3,
      channel_id: 1,
      quota: 2000,
      action: 'MUSIC',
      status: 'SUCCESS',
      fail_reason: '',
      submit_time: NOW - 900,
      start_time: NOW - 880,
      finish_time: NOW - 800,
      progress: '100%',
      properties: '{"input":"a song about gateways"}',
      data: '[{"id":"clip-1","audio_url":"https://cdn.example.com/clip-1.mp3"}]',
      ...(current ? { group: 'vip', private_data: '{"token_id":1,"node_name":"node-a"}' } : {}),
    },
  ])
  await insert('midjourneys', [
    {
      code: 1,
      user_id: 3,
      action: 'IMAGINE',
      mj_id: '1712345678901234',
      prompt: 'a lighthouse',
      prompt_en: 'a lighthouse',
      description: 'Submit success',
      state: '',
      submit_time: (NOW - 700) * 1000,
      start_time: (NOW - 690) * 1000,
      finish_time: (NOW - 600) * 1000,
      image_url: 'https://cdn.example.com/mj.png',
      status: 'SUCCESS',
      progress: '100%',
      fail_reason: '',
      channel_id: 1,
      quota: 5000,
      buttons: '[]',
      properties: '{}',
      ...(current ? { video_url: '', video_urls: '', token_id: 1, billing_channel_id: 1 } : {}),
    },
  ])
  await insert(
    'top_ups',
    [1, 2].map((n) => ({
      user_id: 3,
      amount: 10 * n,
      money: 7.3 * n,
      trade_no: `USR3NO${keyOf(`trade-${n}`, 10)}`,
      create_time: NOW - 20_000 * n,
      status: n === 1 ? 'success' : 'pending',
      ...(current
        ? { payment_method: 'alipay', payment_provider: 'epay', complete_time: n === 1 ? NOW - 19_000 : 0 }
        : {}),
    }))
  )
  await insert('setups', [{ version: current ? 'v0.9.0' : 'v0.8.0', initialized_at: NOW - 200_000 }])

  if (current) {
    await insert('two_fas', [
      {
        user_id: 1,
        secret: 'JBSWY3DPEHPK3PXP',
        is_enabled: bool(true),
        failed_attempts: 0,
        locked_until: null,
        last_used_at: time(NOW - 5000),
        created_at: time(NOW - 90_000),
        updated_at: time(NOW - 5000),
        deleted_at: null,
      },
    ])
    await insert('two_fa_backup_codes', [
      {
        user_id: 1,
        code_hash: hash('ABCD-EFGH'),
        is_used: bool(false),
        used_at: null,
        created_at: time(NOW - 90_000),
        deleted_at: null,
      },
    ])
    await insert('checkins', [
      { user_id: 3, checkin_date: '2025-10-08', quota_awarded: 5000, created_at: NOW - 86_400 },
      { user_id: 3, checkin_date: '2025-10-09', quota_awarded: 5000, created_at: NOW },
    ])
    await insert('vendors', [
      {
        name: 'OpenAI',
        description: 'OpenAI models',
        icon: 'OpenAI',
        status: 1,
        created_time: NOW,
        updated_time: NOW,
        deleted_at: null,
      },
    ])
    await insert('models', [
      {
        model_name: 'gpt-4o-mini',
        description: 'small',
        icon: '',
        tags: 'chat',
        vendor_id: 1,
        endpoints: '',
        status: 1,
        sync_official: 1,
        created_time: NOW,
        updated_time: NOW,
        deleted_at: null,
        name_rule: 0,
      },
      {
        model_name: 'gpt-3.5-turbo',
        description: 'retired',
        icon: '',
        tags: '',
        vendor_id: 1,
        endpoints: '',
        status: 1,
        sync_official: 1,
        created_time: NOW,
        updated_time: NOW,
        deleted_at: time(NOW - 10),
        name_rule: 0,
      },
    ])
    await insert('user_subscriptions', [
      {
        user_id: 3,
        plan_id: 1,
        amount_total: 1_000_000,
        amount_used: 2000,
        start_time: NOW - 1000,
        end_time: NOW + 2_592_000,
        status: 'active',
        allow_wallet_overflow: bool(true),
        created_at: NOW - 1000,
        updated_at: NOW - 1000,
      },
    ])
  }

  // PostgreSQL's sequences did not see the explicit ids; the reference's next insert would get a fresh one.
  if (dialect === 'postgres') {
    for (const table of ['users', 'tokens', 'channels', 'redemptions']) {
      await sql
        .raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`)
        .execute(db)
    }
  }

  return { users, tokens, channels, redemptions, quotaHour: HOUR, requestIds }
}
