import { createClient } from 'redis'
import type { Logger } from './logger.ts'

/** The client type of `createClient({ url })` as this module configures it. */
export type RedisClient = Awaited<ReturnType<typeof connectRedis>>

/** Connects to Redis; errors after start are logged, and callers fall back to local state. */
export async function connectRedis(url: string, logger: Logger) {
  const client = createClient({ url, socket: { reconnectStrategy: (retries) => Math.min(retries * 200, 5000) } })
  client.on('error', (error: Error) => logger.warn({ err: error.message }, 'redis error'))
  await client.connect()
  return client
}
