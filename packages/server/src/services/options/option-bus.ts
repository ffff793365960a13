import type { Logger } from '../../lib/logger.ts'
import type { RedisClient } from '../../lib/redis.ts'
import type { OptionBus, OptionStore } from './option-store.ts'

/**
 * Option changes travel to the other instances over Redis pub/sub. Each message names a key;
 * receivers re-read it from the database rather than trusting the message's content.
 */
export async function createRedisOptionBus(
  redis: RedisClient,
  store: OptionStore,
  logger: Logger,
  prefix: string,
): Promise<{ bus: OptionBus; close: () => Promise<void> }> {
  const CHANNEL = `${prefix}:option-changed`
  const subscriber = redis.duplicate()
  subscriber.on('error', (error: Error) => logger.warn({ err: error.message }, 'redis subscriber error'))
  await subscriber.connect()
  await subscriber.subscribe(CHANNEL, (key) => {
    store.reload(key).catch((error: unknown) => logger.error({ err: String(error), key }, 'option reload failed'))
  })
  return {
    bus: {
      publish: async (key) => {
        try {
          await redis.publish(CHANNEL, key)
        } catch (error) {
          // The periodic option sync catches up; a Redis hiccup must not fail the settings save.
          logger.warn({ err: String(error), key }, 'option change not published')
        }
      },
    },
    close: async () => {
      await subscriber.unsubscribe(CHANNEL)
      subscriber.destroy()
    },
  }
}
