import { createHash, randomInt } from 'node:crypto'
import { safeEqual } from '../../lib/crypto.ts'
import { bounded, type RedisClient } from '../../lib/redis.ts'

export type CodePurpose = 'register' | 'bind'

/** What callers use: VerificationCodes here, or the cluster primary's (container.ts). */
export type CodeBook = Pick<VerificationCodes, 'issue' | 'consume'>

interface Entry {
  code: string
  expiresAt: number
  attempts: number
}

const TTL_MS = 10 * 60 * 1000
const MAX_ATTEMPTS = 5

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex')

/**
 * Checks a guess in one step on Redis: the code's hash, the guesses made, a hit deletes both.
 * KEYS: code hash, attempts; ARGV: the guess's hash, the TTL in ms, the most guesses.
 */
const CONSUME_SCRIPT = `
local stored = redis.call('GET', KEYS[1])
if not stored then return 0 end
local attempts = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
if attempts > tonumber(ARGV[3]) then redis.call('DEL', KEYS[1], KEYS[2]) return 0 end
if stored == ARGV[1] then redis.call('DEL', KEYS[1], KEYS[2]) return 1 end
return 0`

/**
 * One-time email codes: six digits, ten minutes, five guesses, then gone. A successful check
 * consumes the code so it cannot be used twice. With Redis every instance sees the same codes
 * (only their hashes are stored); without it they live in this process. A code issued while Redis
 * is unreachable is kept here too, and checked here first: it then works on this instance only.
 */
export class VerificationCodes {
  private readonly entries = new Map<string, Entry>()
  private readonly redis: RedisClient | undefined
  private readonly prefix: string

  constructor(options: { redis?: RedisClient; prefix?: string } = {}) {
    this.redis = options.redis
    this.prefix = options.prefix ?? ''
  }

  async issue(purpose: CodePurpose, email: string, now = Date.now()): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const key = this.key(purpose, email)
    const redis = this.redis
    if (redis) {
      try {
        await bounded(redis, () => redis.set(`${key}:code`, hashCode(code), { PX: TTL_MS }))
        await bounded(redis, () => redis.del(`${key}:attempts`))
        // A code kept here during an outage would be checked before this newer one.
        this.entries.delete(key)
        return code
      } catch {
        // Redis is away: this instance keeps the code.
      }
    }
    this.entries.set(key, { code, expiresAt: now + TTL_MS, attempts: 0 })
    return code
  }

  async consume(purpose: CodePurpose, email: string, code: string, now = Date.now()): Promise<boolean> {
    const key = this.key(purpose, email)
    const redis = this.redis
    if (redis && !this.entries.has(key)) {
      try {
        const result = await bounded(redis, () =>
          redis.eval(CONSUME_SCRIPT, {
            keys: [`${key}:code`, `${key}:attempts`],
            arguments: [hashCode(code.trim()), String(TTL_MS), String(MAX_ATTEMPTS)],
          })
        )
        return result === 1
      } catch {
        // A code held by an unreachable Redis cannot be checked; the user can ask for a new one.
        return false
      }
    }
    const entry = this.entries.get(key)
    if (!entry) return false
    if (entry.expiresAt <= now || entry.attempts >= MAX_ATTEMPTS) {
      this.entries.delete(key)
      return false
    }
    entry.attempts++
    if (!safeEqual(entry.code, code.trim())) return false
    this.entries.delete(key)
    return true
  }

  private key(purpose: CodePurpose, email: string): string {
    return `${this.prefix}vcode:${purpose}:${email.trim().toLowerCase()}`
  }
}
