import { HOSTED } from '../../cluster/hosted-names.ts'
import { sha256Hex } from '../../lib/crypto.ts'
import { bounded } from '../../lib/redis.ts'
import type { Services } from '../container.ts'

const STATE_TTL_SECONDS = 600
const memory = new WeakMap<Services, Map<string, number>>()

/**
 * Marks an OAuth state as spent and tells whether it was fresh. Clearing the cookie stops the
 * browser from sending the state twice; this stops a copied cookie and callback URL from being
 * replayed. Shared through Redis when there is one (SET NX), by the workers of one machine through
 * their cluster primary, otherwise (or while Redis is unreachable) kept per process.
 */
export async function spendState(services: Services, state: string): Promise<boolean> {
  const key = sha256Hex(state)
  if (services.shared)
    return services.shared.call<boolean>(HOSTED.once, 'claim', [`oauth-state:${key}`, STATE_TTL_SECONDS * 1000])
  const redis = services.redis
  if (redis) {
    try {
      const set = await bounded(redis, () =>
        redis.set(`${services.env.REDIS_KEY_PREFIX}:oauth-state:${key}`, '1', { NX: true, EX: STATE_TTL_SECONDS })
      )
      return set === 'OK'
    } catch {
      // Redis is away: this process's record still stops a replay to this instance.
    }
  }
  let spent = memory.get(services)
  if (!spent) memory.set(services, (spent = new Map()))
  const now = Date.now()
  for (const [k, expiresAt] of spent) if (expiresAt <= now) spent.delete(k)
  if (spent.has(key)) return false
  spent.set(key, now + STATE_TTL_SECONDS * 1000)
  return true
}
