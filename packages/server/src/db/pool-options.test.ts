import { describe, expect, it } from 'vitest'
import { readEnv } from '../env.ts'
import { poolOptions, poolSettingsFrom } from './client.ts'

describe('pool options from SQL_MAX_OPEN_CONNS, SQL_MAX_IDLE_CONNS and SQL_MAX_LIFETIME', () => {
  it('gives pg the size and the lifetime, and mysql2 the size, the idle cap and the lifetime as idle timeout', () => {
    const options = poolOptions(
      poolSettingsFrom(readEnv({ SQL_MAX_OPEN_CONNS: '40', SQL_MAX_IDLE_CONNS: '8', SQL_MAX_LIFETIME: '120' }))
    )
    expect(options.pg).toEqual({ max: 40, maxLifetimeSeconds: 120 })
    expect(options.mysql).toEqual({ connectionLimit: 40, maxIdle: 8, idleTimeout: 120_000 })
  })

  it('keeps as many idle connections as it may open when SQL_MAX_IDLE_CONNS is unset, and never more', () => {
    expect(poolOptions(poolSettingsFrom(readEnv({ SQL_MAX_OPEN_CONNS: '10' }))).mysql.maxIdle).toBe(10)
    expect(
      poolOptions(poolSettingsFrom(readEnv({ SQL_MAX_OPEN_CONNS: '10', SQL_MAX_IDLE_CONNS: '100' }))).mysql.maxIdle
    ).toBe(10)
  })

  it('closes idle pg clients at once when no idle connection may be kept, and sets no lifetime for 0', () => {
    const options = poolOptions(poolSettingsFrom(readEnv({ SQL_MAX_IDLE_CONNS: '0', SQL_MAX_LIFETIME: '0' })))
    expect(options.pg).toEqual({ max: 20, maxLifetimeSeconds: 0, idleTimeoutMillis: 1 })
    expect(options.mysql).toEqual({ connectionLimit: 20, maxIdle: 0 })
  })
})
