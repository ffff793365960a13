import type { BlockList } from 'node:net'
import type { Kysely } from 'kysely'
import { findRelayUser } from '../../db/queries/relay-lookups.ts'
import { findTokenByHash, findTokenByHashOrRawKey } from '../../db/queries/tokens.ts'
import type { Database } from '../../db/schema/index.ts'
import { parseIpAllowList } from '../../lib/ip-allow-list.ts'
import { TtlCache } from '../../lib/ttl-cache.ts'
import type { ChangeBus } from '../../services/changes/change-bus.ts'

export interface RelayToken {
  id: number
  userId: number
  name: string
  hash: string
  status: number
  /** unix seconds, -1 never */
  expiredTime: number
  unlimited: boolean
  /** undefined when model limits are off */
  modelLimits: Set<string> | undefined
  allowIps: BlockList | undefined
  group: string
  /** group `auto`: go on to the next auto group when one group's channels all failed */
  crossGroupRetry: boolean
}

export interface RelayUser {
  id: number
  username: string
  role: number
  status: number
  group: string
  email: string
  cancelled: boolean
  /** the user's own setting: accept the default ratio for unpriced models */
  acceptUnsetRatio: boolean
  setting: Record<string, unknown>
}

const MISSING = Symbol('missing')
const MAX_REMEMBERED_KEYS = 10_000

/**
 * Tokens and users served from memory, so the hot path does no lookup query. Quota is never
 * cached: it is reserved with an atomic update. Entries are dropped when the change bus says
 * the row changed, and expire after SYNC_FREQUENCY seconds anyway. Unknown keys are remembered
 * briefly so that a flood of bad keys does not become a flood of queries.
 */
export class TokenCache {
  private readonly tokens: TtlCache<string, RelayToken | typeof MISSING>
  private readonly users: TtlCache<number, RelayUser>
  private readonly db: Kysely<Database>

  /**
   * Keys seen lately and their lookup hashes: a client sends the same key with every request, and
   * its HMAC is a fifth of what authenticating it costs. A key's hash never changes, so entries only
   * go when the map is full (it is then started afresh). Nothing here is written anywhere.
   */
  private readonly hashes = new Map<string, string>()

  constructor(db: Kysely<Database>, changes: ChangeBus, ttlSeconds: number) {
    this.db = db
    const ttl = Math.max(1, ttlSeconds) * 1000
    this.tokens = new TtlCache(ttl, 100_000)
    this.users = new TtlCache(ttl, 100_000)
    changes.subscribe((change) => {
      if (change.kind === 'resync') {
        this.tokens.clear()
        this.users.clear()
      }
      if (change.kind === 'token') this.tokens.delete(change.hash)
      if (change.kind === 'user') {
        this.users.delete(change.id)
        this.tokens.deleteWhere((token) => token !== MISSING && token.userId === change.id)
      }
    })
  }

  /** The lookup hash of a key, remembered for the next request with it. */
  hashOf(key: string, lookupHash: (key: string) => string): string {
    let hash = this.hashes.get(key)
    if (hash === undefined) {
      if (this.hashes.size >= MAX_REMEMBERED_KEYS) this.hashes.clear()
      hash = lookupHash(key)
      this.hashes.set(key, hash)
    }
    return hash
  }

  /**
   * The token of a key's lookup hash. With the bare key as well, a row taken over from the
   * reference that still holds it raw is found too (services/takeover/ converts them at start;
   * an instance may serve before that is done).
   */
  async token(hash: string, bareKey?: string): Promise<RelayToken | undefined> {
    const cached = this.tokens.get(hash)
    if (cached === MISSING) return undefined
    if (cached) return cached
    const row =
      bareKey === undefined
        ? await findTokenByHash(this.db, hash)
        : await findTokenByHashOrRawKey(this.db, hash, bareKey)
    if (!row) {
      this.tokens.set(hash, MISSING, 5000)
      return undefined
    }
    const token: RelayToken = {
      id: row.id,
      userId: row.user_id,
      name: row.name,
      // the lookup hash even for a raw row, so the entry is dropped when the converted row changes
      hash,
      status: row.status,
      expiredTime: Number(row.expired_time),
      unlimited: Boolean(row.unlimited_quota),
      modelLimits: row.model_limits_enabled
        ? new Set(
            row.model_limits
              .split(',')
              .map((m) => m.trim())
              .filter(Boolean)
          )
        : undefined,
      allowIps: safeAllowList(row.allow_ips),
      group: row.group,
      crossGroupRetry: Boolean(row.cross_group_retry),
    }
    this.tokens.set(hash, token)
    return token
  }

  async user(id: number): Promise<RelayUser | undefined> {
    const cached = this.users.get(id)
    if (cached) return cached
    const row = await findRelayUser(this.db, id)
    if (!row) return undefined
    const setting = parseSetting(row.setting)
    const user: RelayUser = {
      id: row.id,
      username: row.username,
      role: row.role,
      status: row.status,
      group: row.group,
      email: row.email,
      cancelled: row.deleted_at !== null,
      acceptUnsetRatio: setting.accept_unset_model_ratio_model === true,
      setting,
    }
    this.users.set(id, user)
    return user
  }
}

/** A stored list that no longer parses allows nobody rather than everybody. */
function safeAllowList(text: string): BlockList | undefined {
  try {
    return parseIpAllowList(text)
  } catch {
    return parseIpAllowList('0.0.0.0/32')
  }
}

function parseSetting(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text || '{}')
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}
