import type { createClient } from 'redis'
import type { Logger } from './logger.ts'

/** The node-redis client (loaded only when REDIS_CONN_STRING is set). */
export type RedisClient = ReturnType<typeof createClient>

/** Connects to Redis; errors after start are logged, and callers fall back to local state. */
export async function connectRedis(url: string, logger: Logger): Promise<RedisClient> {
  const { createClient } = await import('redis')
  const client: RedisClient = createClient({ url, socket: { reconnectStrategy: (retries) => Math.min(retries * 200, 5000) } })
  client.on('error', (error: Error) => logger.warn({ err: error.message }, 'redis error'))
  await client.connect()
  return client
}
