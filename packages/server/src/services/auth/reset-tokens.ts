import { randomBytes } from 'node:crypto'
import { safeEqual, sha256Hex } from '../../lib/crypto.ts'
import { bounded, type RedisClient } from '../../lib/redis.ts'

export const RESET_TOKEN_TTL_MS = 10 * 60 * 1000

interface Pending {
  email: string
  expiresAt: number
}

/**
 * Password-reset tokens: 128 random bits, ten minutes, single use, bound to one address. Only the
 * SHA-256 of a token is kept (a leaked store cannot be replayed), and a new request for an address
 * voids its previous token. With Redis every instance sees the same tokens (GETDEL makes the
 * consume atomic across instances); without it they live in this process. While Redis is
 * unreachable, new tokens are kept here (they then work on this instance only), and a token is
 * looked for here before in Redis.
 */
export class ResetTokens {
  private readonly byHash = new Map<string, Pending>()
  private readonly latestByEmail = new Map<string, string>()

  private readonly redis: RedisClient | undefined
  private readonly prefix: string
  private readonly now: () => number
  private readonly ttlMs: number

  constructor(options: { redis?: RedisClient; prefix?: string; now?: () => number; ttlMs?: number } = {}) {
    this.redis = options.redis
    this.prefix = options.prefix ?? 'gateway'
    this.now = options.now ?? Date.now
    this.ttlMs = options.ttlMs ?? RESET_TOKEN_TTL_MS
  }

  async issue(email: string): Promise<string> {
    const token = randomBytes(16).toString('hex')
    const hash = sha256Hex(token)
    const redis = this.redis
    if (redis) {
      try {
        const previous = await bounded(redis, () =>
          redis.set(this.emailKey(email), hash, { PX: this.ttlMs, GET: true })
        )
        if (previous) await bounded(redis, () => redis.del(this.tokenKey(previous)))
        await bounded(redis, () => redis.set(this.tokenKey(hash), email, { PX: this.ttlMs }))
        this.forgetLocal(email)
        return token
      } catch {
        // Redis is away: this instance keeps the token.
      }
    }
    this.sweep()
    this.forgetLocal(email)
    this.byHash.set(hash, { email, expiresAt: this.now() + this.ttlMs })
    this.latestByEmail.set(email, hash)
    return token
  }

  /** True once for a live token of this address; the token is gone afterwards, whatever the answer. */
  async consume(email: string, token: string): Promise<boolean> {
    if (!/^[0-9a-f]{32}$/.test(token)) return false
    const hash = sha256Hex(token)
    const redis = this.redis
    if (redis && !this.byHash.has(hash)) {
      try {
        const owner = await bounded(redis, () => redis.getDel(this.tokenKey(hash)))
        if (!owner || !safeEqual(owner, email)) return false
        await bounded(redis, () => redis.del(this.emailKey(email))).catch(() => undefined)
        return true
      } catch {
        // A token held by an unreachable Redis cannot be checked; the user can ask for a new one.
        return false
      }
    }
    const pending = this.byHash.get(hash)
    // Deleted before any check: two concurrent uses cannot both see it.
    this.byHash.delete(hash)
    if (!pending || pending.expiresAt <= this.now() || !safeEqual(pending.email, email)) return false
    if (this.latestByEmail.get(email) === hash) this.latestByEmail.delete(email)
    return true
  }

  /** Voids the token this instance keeps for the address, if any. */
  private forgetLocal(email: string): void {
    const previous = this.latestByEmail.get(email)
    if (!previous) return
    this.byHash.delete(previous)
    this.latestByEmail.delete(email)
  }

  private sweep(): void {
    const now = this.now()
    for (const [hash, pending] of this.byHash) {
      if (pending.expiresAt > now) continue
      this.byHash.delete(hash)
      if (this.latestByEmail.get(pending.email) === hash) this.latestByEmail.delete(pending.email)
    }
  }

  private tokenKey = (hash: string) => `${this.prefix}:pwreset:token:${hash}`
  private emailKey = (email: string) => `${this.prefix}:pwreset:email:${sha256Hex(email)}`
}
