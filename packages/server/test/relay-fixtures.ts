import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHttpServer } from '../src/http-server.ts'
import { randomAlphanumeric } from '../src/lib/crypto.ts'
import { nowSeconds } from '../src/lib/time.ts'
import type { Settlement } from '../src/relay/ledger/ledger-types.ts'
import type { Harness } from './harness.ts'

export interface ChannelFixture {
  name?: string
  type?: number
  baseUrl: string
  /** false: the channel may not reach private addresses (the mocks listen on loopback, so it cannot reach them) */
  privateNetwork?: boolean
  models?: string
  groups?: string
  priority?: number
  weight?: number
  modelMapping?: Record<string, string>
  statusCodeMapping?: Record<string, string>
  autoBan?: boolean
  key?: string
  /** type-specific: Azure's API version, Vertex's region, ... */
  other?: string
  /** the channel's setting JSON (thinking_to_content, system_prompt, ...) */
  setting?: Record<string, unknown>
  /** channels.channel_info (a multi-key channel's state; its keys go one per line in `key`) */
  channelInfo?: Record<string, unknown>
  /** the channel's settings JSON (allow_service_tier, claude_beta_query, ...) */
  settings?: Record<string, unknown>
}

/** Inserts a channel and its abilities the way the channel API stores them (key encrypted). */
export async function addChannel(h: Harness, fixture: ChannelFixture): Promise<number> {
  const { db, dialect, secrets } = h.services
  const values = {
    name: fixture.name ?? 'mock',
    type: fixture.type ?? 1,
    key: secrets.encrypt(fixture.key ?? 'sk-upstream-canary-key'),
    base_url: fixture.baseUrl,
    models: fixture.models ?? 'gpt-4o-mini',
    group: fixture.groups ?? 'default',
    priority: fixture.priority ?? 0,
    weight: fixture.weight ?? 0,
    model_mapping: JSON.stringify(fixture.modelMapping ?? {}),
    status_code_mapping: JSON.stringify(fixture.statusCodeMapping ?? {}),
    auto_ban: fixture.autoBan === false ? 0 : 1,
    // The mock upstreams listen on loopback: as if the root had allowed it for this channel.
    private_network: fixture.privateNetwork === false ? 0 : 1,
    created_time: nowSeconds(),
    ...(fixture.other === undefined ? {} : { other: fixture.other }),
    ...(fixture.setting === undefined ? {} : { setting: JSON.stringify(fixture.setting) }),
    ...(fixture.channelInfo === undefined ? {} : { channel_info: JSON.stringify(fixture.channelInfo) }),
    ...(fixture.settings === undefined ? {} : { settings: JSON.stringify(fixture.settings) }),
  }
  let id: number
  if (dialect === 'postgres')
    id = (await db.insertInto('channels').values(values).returning('id').executeTakeFirstOrThrow()).id
  else id = Number((await db.insertInto('channels').values(values).executeTakeFirstOrThrow()).insertId)
  for (const group of values.group.split(',')) {
    for (const model of values.models.split(',')) {
      await db
        .insertInto('abilities')
        .values({ group, model, channel_id: id, enabled: true, priority: values.priority, weight: values.weight })
        .execute()
    }
  }
  await h.services.changes.publish({ kind: 'channels' })
  return id
}

export interface TokenFixture {
  remainQuota?: number
  unlimited?: boolean
  status?: number
  expiredTime?: number
  modelLimits?: string
  allowIps?: string
  group?: string
  name?: string
  /** group `auto` only: go on to the next auto group when one group's channels failed */
  crossGroupRetry?: boolean
}

/** Inserts a token for a user the way the token API stores it; returns its `sk-` key and id. */
export async function addToken(
  h: Harness,
  userId: number,
  fixture: TokenFixture = {}
): Promise<{ key: string; id: number }> {
  const { db, dialect, secrets } = h.services
  const raw = randomAlphanumeric(48)
  const values = {
    user_id: userId,
    key: secrets.lookupHash(raw),
    key_ciphertext: secrets.encrypt(raw),
    name: fixture.name ?? 'test-token',
    status: fixture.status ?? 1,
    created_time: nowSeconds(),
    expired_time: fixture.expiredTime ?? -1,
    remain_quota: fixture.remainQuota ?? 0,
    unlimited_quota: fixture.unlimited ?? true,
    model_limits_enabled: fixture.modelLimits !== undefined,
    model_limits: fixture.modelLimits ?? '',
    allow_ips: fixture.allowIps ?? '',
    group: fixture.group ?? '',
    cross_group_retry: fixture.crossGroupRetry ?? false,
  }
  let id: number
  if (dialect === 'postgres')
    id = (await db.insertInto('tokens').values(values).returning('id').executeTakeFirstOrThrow()).id
  else id = Number((await db.insertInto('tokens').values(values).executeTakeFirstOrThrow()).insertId)
  return { key: `sk-${raw}`, id }
}

export async function quotaOf(h: Harness, userId: number): Promise<number> {
  return Number(
    (await h.services.db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow()).quota
  )
}

export async function tokenRemainOf(h: Harness, tokenId: number): Promise<number> {
  return Number(
    (
      await h.services.db
        .selectFrom('tokens')
        .select('remain_quota')
        .where('id', '=', tokenId)
        .executeTakeFirstOrThrow()
    ).remain_quota
  )
}

/**
 * `count` chat completions sent at once with `key` (a burst on one balance), answered in the
 * order they were sent. `body` defaults to a one-word chat with gpt-4o-mini.
 */
export function concurrentChats(
  h: Harness,
  key: string,
  count: number,
  body: Record<string, unknown> = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
  headers: Record<string, string> = {}
) {
  return Promise.all(
    Array.from({ length: count }, () =>
      h.request('POST', '/v1/chat/completions', { body, headers: { authorization: `Bearer ${key}`, ...headers } })
    )
  )
}

/** Waits for every settlement and writes the queued logs, so assertions see the final state. */
export async function settle(h: Harness): Promise<void> {
  await h.services.relay.drain()
  await h.services.relay.logs.flush()
}

export const consumeLogs = (h: Harness) =>
  h.services.logDb.selectFrom('logs').selectAll().where('type', '=', 2).orderBy('id').execute()

/** Serves the harness app on a real loopback port, for clients that need sockets (SDKs, aborts). */
export async function listen(h: Harness): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  // The same server as main.ts: the relay's fast path plus the Hono app.
  const server = createHttpServer(h.services, h.app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

/** A settlement of `charge` for a relayed gpt-4o-mini request of `userId`, with a usage row when `withLog`. */
export function settlementOf(userId: number, charge: number, withLog = false): Settlement {
  const now = nowSeconds()
  return {
    charge,
    now,
    channelId: 0,
    tokens: 1,
    userId,
    username: 'u',
    model: 'gpt-4o-mini',
    rollup: false,
    ...(withLog ? { log: { user_id: userId, created_at: now, type: 2, model_name: 'gpt-4o-mini', content: 'x' } } : {}),
  }
}
