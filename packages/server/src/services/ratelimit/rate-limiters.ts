import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { RedisClient } from '../../lib/redis.ts'

export interface LimitRule {
  points: number
  durationSeconds: number
}

/**
 * A fixed-window counter per key. With Redis the windows are shared by every instance; when Redis
 * fails, an in-memory limiter takes over so that the API degrades to per-instance limits rather
 * than answering 500.
 */
export class Limiter {
  private readonly limiter: RateLimiterAbstract

  constructor(name: string, rule: LimitRule, redis?: RedisClient, prefix = 'gateway') {
    const options = { keyPrefix: `${prefix}:rl:${name}`, points: rule.points, duration: rule.durationSeconds }
    this.limiter = redis
      ? new RateLimiterRedis({ ...options, storeClient: redis, useRedisPackage: true, insuranceLimiter: new RateLimiterMemory(options) })
      : new RateLimiterMemory(options)
  }

  /** Counts one hit; false when the key is over its limit. */
  async hit(key: string): Promise<boolean> {
    try {
      await this.limiter.consume(key)
      return true
    } catch (error) {
      if (error instanceof RateLimiterRes) return false
      throw error
    }
  }

  /** True when the key has used up its window, without counting a hit. */
  async isBlocked(key: string): Promise<boolean> {
    const state = await this.limiter.get(key)
    return state !== null && state.consumedPoints >= this.limiter.points
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key)
  }
}

export interface RateLimiters {
  /** every /api call, per client IP; absent when disabled */
  globalApi?: Limiter
  /** login, register, verification, reset and OAuth, per client IP */
  critical: Limiter
  /** failed password checks per account, so that rotating IPs does not help a guesser */
  loginFailures: Limiter
}

export interface RateLimitSettings {
  globalApi?: LimitRule
  critical: LimitRule
  loginFailures: LimitRule
}

export function createRateLimiters(settings: RateLimitSettings, redis?: RedisClient, prefix?: string): RateLimiters {
  return {
    globalApi: settings.globalApi ? new Limiter('GA', settings.globalApi, redis, prefix) : undefined,
    critical: new Limiter('CT', settings.critical, redis, prefix),
    loginFailures: new Limiter('LF', settings.loginFailures, redis, prefix),
  }
}
