import { describe, expect, it } from 'vitest'
import { toEnvelope } from '../errors/to-envelope.ts'
import { bounded, type RedisClient } from '../lib/redis.ts'
import { toRelayError } from '../relay/relay-error.ts'
import { databaseErrors, redisErrors } from './process-errors.ts'

/** The process-wide counters are shared by every test of this worker: compare before and after. */
async function count(family: typeof databaseErrors, label: string, value: string): Promise<number> {
  return (await family.get()).values.find((v) => v.labels[label] === value)?.value ?? Number.NaN
}

describe('database and Redis error counters', () => {
  it('counts an unreachable database where the relay and the console API classify it, and nothing else', async () => {
    const [relay, api] = [await count(databaseErrors, 'where', 'relay'), await count(databaseErrors, 'where', 'api')]
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    expect(toRelayError(refused).error.status).toBe(503)
    expect(toEnvelope(refused, 'en').status).toBe(503)
    // A wrong statement is not the database being away.
    toRelayError(Object.assign(new Error('syntax error'), { code: '42601' }))
    expect(await count(databaseErrors, 'where', 'relay')).toBe(relay + 1)
    expect(await count(databaseErrors, 'where', 'api')).toBe(api + 1)
  })

  it('counts a Redis command that fails and one that overruns its deadline', async () => {
    const [command, timeout] = [
      await count(redisErrors, 'kind', 'command'),
      await count(redisErrors, 'kind', 'timeout'),
    ]
    const redis = { isReady: true } as unknown as RedisClient
    await expect(bounded(redis, () => Promise.reject(new Error('WRONGTYPE')))).rejects.toThrow('WRONGTYPE')
    expect(await count(redisErrors, 'kind', 'command')).toBe(command + 1)
    await expect(bounded(redis, () => new Promise(() => {}))).rejects.toThrow('did not answer')
    expect(await count(redisErrors, 'kind', 'timeout')).toBe(timeout + 1)
    expect(await count(redisErrors, 'kind', 'command')).toBe(command + 1)
  })
})
