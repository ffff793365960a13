import type { createClient } from 'redis'
import { countRedisError } from '../metrics/process-errors.ts'
import type { Logger } from './logger.ts'

/** The node-redis client (loaded only when REDIS_CONN_STRING is set). */
export type RedisClient = ReturnType<typeof createClient>

/**
 * The longest a request waits on Redis. Every use of Redis has a local fallback, so waiting longer
 * than a healthy round trip only delays the answer.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 200

/** After a call overran its deadline, Redis is skipped this long: a hung server costs one wait, not one per call. */
export const REDIS_STALL_PAUSE_MS = 1000
const stalledUntil = new WeakMap<RedisClient, number>()

/** Connects to Redis; errors after start are logged, and callers fall back to local state. */
export async function connectRedis(url: string, logger: Logger): Promise<RedisClient> {
  const { createClient } = await import('redis')
  const client: RedisClient = createClient({
    url,
    // While Redis is away, commands fail at once instead of queueing until it returns (which held
    // every /api call for seconds); each caller then uses its per-instance fallback.
    disableOfflineQueue: true,
    // node-redis stops this clock once a command is written; bounded() covers the wait for the reply.
    commandOptions: { timeout: REDIS_COMMAND_TIMEOUT_MS },
    // Retry soon: until the change-bus subscriber is back, this instance misses the others' changes.
    socket: { reconnectStrategy: (retries) => Math.min(retries * 200, 2000) },
  })
  client.on('error', (error: Error) => {
    countRedisError('connection')
    logger.warn({ err: error.message }, 'redis error')
  })
  await client.connect()
  return client
}

/**
 * Runs one Redis call within REDIS_COMMAND_TIMEOUT_MS, so that a Redis that accepts commands but
 * no longer answers (hung, paused, overloaded) fails as fast as one that is down. Rejects without
 * calling while the client is disconnected, or while a recent stall pauses it.
 */
export async function bounded<T>(redis: RedisClient, call: () => Promise<T>): Promise<T> {
  // disableOfflineQueue does not cover MULTI or pipelines (the rate limiter's reads): they would
  // wait in the offline queue, so a client that is not connected is not asked at all.
  if (!redis.isReady) throw new Error('redis not connected')
  if ((stalledUntil.get(redis) ?? 0) > Date.now()) throw new Error('redis skipped: it stopped answering a moment ago')
  let timer: NodeJS.Timeout | undefined
  let overran = false
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      overran = true
      stalledUntil.set(redis, Date.now() + REDIS_STALL_PAUSE_MS)
      reject(new Error(`redis did not answer within ${REDIS_COMMAND_TIMEOUT_MS} ms`))
    }, REDIS_COMMAND_TIMEOUT_MS)
  })
  try {
    // race() also handles the late outcome of a call that lost, so it is never an unhandled rejection.
    return await Promise.race([call(), deadline])
  } catch (error) {
    countRedisError(overran ? 'timeout' : 'command')
    throw error
  } finally {
    clearTimeout(timer)
  }
}
