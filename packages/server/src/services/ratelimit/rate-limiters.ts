import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { LIMITER_METHODS, limiterName } from '../../cluster/hosted-names.ts'
import { remote, type WorkerLink } from '../../cluster/worker-link.ts'
import type { Env } from '../../env.ts'
import { bounded, type RedisClient } from '../../lib/redis.ts'

export interface LimitRule {
  points: number
  durationSeconds: number
}

/** One hit on one counter: true within the limit, false over it (RateLimiterRes is an answer, not a failure). */
async function consumed(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key)
    return true
  } catch (error) {
    if (error instanceof RateLimiterRes) return false
    throw error
  }
}

/**
 * A fixed-window counter per key. With Redis the windows are shared by every instance; when Redis
 * fails or is slow, this instance's memory counts instead, so that the API degrades to
 * per-instance limits rather than answering 500 or waiting on Redis.
 */
export class Limiter {
  private readonly shared: RateLimiterRedis | undefined
  private readonly local: RateLimiterMemory
  private readonly redis: RedisClient | undefined
  private readonly countLocallyToo: boolean

  /**
   * `countLocallyToo`: every hit is also counted in this instance's memory, and this instance lets
   * through no more than its own count allows, whatever Redis answers. For counters that guard
   * guesses: a Redis that stalls in the middle of a burst (a busy event loop misses the deadline
   * too) would otherwise hand the rest of the burst a fresh local allowance. The price: a reset
   * made on another instance does not clear this one's memory, which may refuse early until its
   * window ends.
   */
  constructor(
    name: string,
    rule: LimitRule,
    redis?: RedisClient,
    prefix = 'gateway',
    { countLocallyToo = false } = {}
  ) {
    const options = { keyPrefix: `${prefix}:rl:${name}`, points: rule.points, duration: rule.durationSeconds }
    this.redis = redis
    this.local = new RateLimiterMemory(options)
    // No insuranceLimiter: it would only step in after Redis failed, however long that took; run() bounds the wait.
    this.shared = redis ? new RateLimiterRedis({ ...options, storeClient: redis, useRedisPackage: true }) : undefined
    this.countLocallyToo = countLocallyToo
  }

  /**
   * Counts one hit and says whether it was within the limit, in one atomic step (the in-memory
   * counter, or Redis's own increment), so that parallel callers cannot all pass one check.
   */
  async hit(key: string): Promise<boolean> {
    const { shared, redis } = this
    if (!shared || !redis) return consumed(this.local, key)
    if (this.countLocallyToo && !(await consumed(this.local, key))) return false
    try {
      return await bounded(redis, () => consumed(shared, key))
    } catch {
      // Already counted (and allowed) here when counting locally too.
      return this.countLocallyToo || (await consumed(this.local, key))
    }
  }

  /**
   * True when the key has used up its window, without counting a hit. Checking this and hitting
   * later can be raced by parallel callers; where the check guards a guess, hit() first instead.
   */
  async isBlocked(key: string): Promise<boolean> {
    const state = await this.run((limiter) => limiter.get(key))
    return state !== null && state.consumedPoints >= this.local.points
  }

  async reset(key: string): Promise<void> {
    await this.run((limiter) => limiter.delete(key))
    if (this.countLocallyToo) await this.local.delete(key)
  }

  /** On the shared counters when Redis answers in time, else on this instance's. A refusal (RateLimiterRes) is an answer. */
  private async run<T>(action: (limiter: RateLimiterAbstract) => Promise<T>): Promise<T> {
    const { shared, redis } = this
    if (!shared || !redis) return action(this.local)
    try {
      return await bounded(redis, () => action(shared))
    } catch (error) {
      if (error instanceof RateLimiterRes) throw error
      return action(this.local)
    }
  }
}

/** What callers use of a limiter: a Limiter here, or the cluster primary's through remoteRateLimiters(). */
export type RateCounter = Pick<Limiter, 'hit' | 'isBlocked' | 'reset'>

export interface RateLimiters {
  /** every /api call, per client IP; absent when disabled */
  globalApi?: RateCounter
  /** console page loads (index.html and its files), per client IP; absent when disabled */
  web?: RateCounter
  /** login, register, verification, reset and OAuth, per client IP; absent when disabled */
  critical?: RateCounter
  /** search routes, per signed-in user; absent when disabled */
  search?: RateCounter
  /** password checks per account (counted before checking, cleared on success), so that rotating IPs does not help a guesser */
  loginFailures: RateCounter
}

export interface RateLimitSettings {
  globalApi?: LimitRule
  web?: LimitRule
  critical?: LimitRule
  search?: LimitRule
  loginFailures: LimitRule
}

/** The limits the environment asks for; a switch set to false leaves its limiter out. */
export function rateLimitSettingsFrom(env: Env): RateLimitSettings {
  const rule = (enabled: boolean, points: number, durationSeconds: number) =>
    enabled ? { points, durationSeconds } : undefined
  return {
    globalApi: rule(env.GLOBAL_API_RATE_LIMIT_ENABLE, env.GLOBAL_API_RATE_LIMIT, env.GLOBAL_API_RATE_LIMIT_DURATION),
    web: rule(env.GLOBAL_WEB_RATE_LIMIT_ENABLE, env.GLOBAL_WEB_RATE_LIMIT, env.GLOBAL_WEB_RATE_LIMIT_DURATION),
    critical: rule(env.CRITICAL_RATE_LIMIT_ENABLE, env.CRITICAL_RATE_LIMIT, env.CRITICAL_RATE_LIMIT_DURATION),
    search: rule(env.SEARCH_RATE_LIMIT_ENABLE, env.SEARCH_RATE_LIMIT, env.SEARCH_RATE_LIMIT_DURATION),
    loginFailures: { points: 10, durationSeconds: 15 * 60 },
  }
}

/**
 * The limiters the settings ask for: this process's (shared through Redis when there is one), or,
 * for a worker of several without Redis, the cluster primary's. The primary builds the same
 * limiters from the same settings (hosted-state.ts), so that N workers allow what one process
 * allows rather than N times as much.
 */
export function createRateLimiters(
  settings: RateLimitSettings,
  redis?: RedisClient,
  prefix?: string,
  shared?: WorkerLink
): RateLimiters {
  const limiter = (field: keyof RateLimiters, name: string, rule: LimitRule, countLocallyToo = false): RateCounter =>
    shared
      ? remote<RateCounter>(shared, limiterName(field), LIMITER_METHODS)
      : new Limiter(name, rule, redis, prefix, { countLocallyToo })
  // The names are the reference's marks (GA, GW, CT, SR), so counters read alike in a shared Redis.
  return {
    globalApi: settings.globalApi ? limiter('globalApi', 'GA', settings.globalApi) : undefined,
    web: settings.web ? limiter('web', 'GW', settings.web) : undefined,
    critical: settings.critical ? limiter('critical', 'CT', settings.critical) : undefined,
    search: settings.search ? limiter('search', 'SR', settings.search) : undefined,
    loginFailures: limiter('loginFailures', 'LF', settings.loginFailures, true),
  }
}
