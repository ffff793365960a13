import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readEnv } from '../../env.ts'
import { createLogger } from '../../lib/logger.ts'
import { createServices } from '../container.ts'

const redisUrl = process.env.TEST_REDIS_URL

// Needs a real Redis server: .ci/run runs this suite with TEST_REDIS_URL against the local one.
describe.runIf(redisUrl)('options across instances (Redis)', () => {
  it('reach the other instance at once, and rate limits are shared', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-sync-'))
    const env = readEnv({
      SQLITE_PATH: join(dir, 'shared.db'),
      REDIS_CONN_STRING: redisUrl,
      REDIS_KEY_PREFIX: `sync-test-${Date.now()}`,
      LOG_LEVEL: 'silent',
      CRITICAL_RATE_LIMIT: '3',
    })
    const logger = createLogger('silent')
    const first = await createServices(env, logger)
    const second = await createServices(env, logger)
    try {
      await first.options.set('SystemName', 'Shared Name')
      await expect.poll(() => second.options.get('SystemName'), { timeout: 3000 }).toBe('Shared Name')

      const key = '198.51.100.1'
      expect(await first.limiters.critical?.hit(key)).toBe(true)
      expect(await second.limiters.critical?.hit(key)).toBe(true)
      expect(await first.limiters.critical?.hit(key)).toBe(true)
      expect(await second.limiters.critical?.hit(key)).toBe(false)
    } finally {
      await first.close()
      await second.close()
    }
  })
})

describe('options across instances (no Redis)', () => {
  it('catch up on the next load', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-sync-'))
    const env = readEnv({ SQLITE_PATH: join(dir, 'shared.db'), LOG_LEVEL: 'silent' })
    const logger = createLogger('silent')
    const first = await createServices(env, logger)
    const second = await createServices(env, logger)
    try {
      await first.options.set('Notice', 'hello')
      expect(second.options.get('Notice')).toBe('')
      await second.options.load()
      expect(second.options.get('Notice')).toBe('hello')
    } finally {
      await first.close()
      await second.close()
    }
  })
})
