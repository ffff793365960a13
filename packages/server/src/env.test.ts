import { availableParallelism, hostname } from 'node:os'
import { describe, expect, it } from 'vitest'
import {
  environmentWarnings,
  ignoredReferenceEnv,
  ignoredVariablesSet,
  readEnv,
  workerCount,
  workerEnv,
  workerSlot,
} from './env.ts'

describe('readEnv', () => {
  it('reads the reference name MAX_REQUEST_BODY_MB as the relay body limit, and ours wins when both are set', () => {
    expect(readEnv({}).RELAY_MAX_BODY_MB).toBe(32)
    expect(readEnv({ MAX_REQUEST_BODY_MB: '128' }).RELAY_MAX_BODY_MB).toBe(128)
    expect(readEnv({ MAX_REQUEST_BODY_MB: '128', RELAY_MAX_BODY_MB: '16' }).RELAY_MAX_BODY_MB).toBe(16)
  })

  it('treats an empty value as unset, as the reference does (compose files write NAME=)', () => {
    const env = readEnv({ SQL_MAX_OPEN_CONNS: '', GLOBAL_API_RATE_LIMIT_ENABLE: '', PORT: ' ' })
    expect(env.SQL_MAX_OPEN_CONNS).toBe(20)
    expect(env.GLOBAL_API_RATE_LIMIT_ENABLE).toBe(true)
    expect(env.PORT).toBe(3000)
  })

  it("takes every spelling of a switch that Go's ParseBool takes, and refuses others", () => {
    for (const yes of ['1', 't', 'T', 'true', 'TRUE', 'True'])
      expect(readEnv({ ERROR_LOG_ENABLED: yes }).ERROR_LOG_ENABLED).toBe(true)
    for (const no of ['0', 'f', 'F', 'false', 'FALSE', 'False'])
      expect(readEnv({ GLOBAL_WEB_RATE_LIMIT_ENABLE: no }).GLOBAL_WEB_RATE_LIMIT_ENABLE).toBe(false)
    expect(() => readEnv({ TLS_INSECURE_SKIP_VERIFY: 'yes' })).toThrow(/TLS_INSECURE_SKIP_VERIFY/)
  })

  it('has the reference defaults for the limits it adds', () => {
    const env = readEnv({})
    expect([env.GLOBAL_WEB_RATE_LIMIT_ENABLE, env.GLOBAL_WEB_RATE_LIMIT, env.GLOBAL_WEB_RATE_LIMIT_DURATION]).toEqual([
      true,
      120,
      180,
    ])
    expect([env.SEARCH_RATE_LIMIT_ENABLE, env.SEARCH_RATE_LIMIT, env.SEARCH_RATE_LIMIT_DURATION]).toEqual([
      true,
      10,
      60,
    ])
    expect(env.CRITICAL_RATE_LIMIT_ENABLE).toBe(true)
    expect([env.SQL_MAX_IDLE_CONNS, env.SQL_MAX_LIFETIME]).toEqual([undefined, 60])
    expect([env.TASK_TIMEOUT_MINUTES, env.TASK_QUERY_LIMIT]).toEqual([1440, 1000])
    expect([env.ERROR_LOG_ENABLED, env.GENERATE_DEFAULT_TOKEN, env.TLS_INSECURE_SKIP_VERIFY]).toEqual([
      false,
      false,
      false,
    ])
    expect(env.GEMINI_SAFETY_SETTING).toBe('OFF')
    expect(env.CHANNEL_TEST_ENABLED).toBeUndefined()
    expect(env.SHUTDOWN_TIMEOUT_SECONDS).toBe(30)
    expect(env.RELAY_IDLE_CONN_TIMEOUT).toBe(30)
  })

  it('reads the pool, task, provider and node settings under the reference names', () => {
    const env = readEnv({
      SQL_MAX_IDLE_CONNS: '5',
      SQL_MAX_LIFETIME: '0',
      TASK_TIMEOUT_MINUTES: '30',
      GEMINI_SAFETY_SETTING: 'BLOCK_ONLY_HIGH',
      AZURE_DEFAULT_API_VERSION: '2025-04-01-preview',
      NODE_NAME: 'edge-1',
      CHANNEL_TEST_ENABLED: 'false',
      VERSION: 'v9.9.9',
      SHUTDOWN_TIMEOUT_SECONDS: '120',
    })
    expect(env).toMatchObject({
      SQL_MAX_IDLE_CONNS: 5,
      SQL_MAX_LIFETIME: 0,
      TASK_TIMEOUT_MINUTES: 30,
      GEMINI_SAFETY_SETTING: 'BLOCK_ONLY_HIGH',
      AZURE_DEFAULT_API_VERSION: '2025-04-01-preview',
      nodeName: 'edge-1',
      CHANNEL_TEST_ENABLED: false,
      VERSION: 'v9.9.9',
      SHUTDOWN_TIMEOUT_SECONDS: 120,
    })
    expect(() => readEnv({ GEMINI_SAFETY_SETTING: 'BLOCK_ALL' })).toThrow(/GEMINI_SAFETY_SETTING/)
  })

  it('names the node after the host when NODE_NAME is unset', () => {
    expect(readEnv({}).nodeName).toBe(hostname())
  })

  it("reads the reference's DEBUG=true as debug logging unless LOG_LEVEL says otherwise", () => {
    expect(readEnv({ DEBUG: 'true' }).LOG_LEVEL).toBe('debug')
    expect(readEnv({ DEBUG: 'true', LOG_LEVEL: 'warn' }).LOG_LEVEL).toBe('warn')
    expect(readEnv({}).LOG_LEVEL).toBe('info')
  })
})

describe('ignored reference variables', () => {
  it('lists the set ones with their reason and leaves out those not set, empty or read', () => {
    const ignored = ignoredVariablesSet({
      MEMORY_CACHE_ENABLED: 'true',
      PYROSCOPE_URL: 'http://p',
      UMAMI_WEBSITE_ID: '',
      SQL_MAX_LIFETIME: '30',
      PATH: '/bin',
    })
    expect(Object.keys(ignored).sort()).toEqual(['MEMORY_CACHE_ENABLED', 'PYROSCOPE_URL'])
    expect(ignored.MEMORY_CACHE_ENABLED).toMatch(/always on/)
  })

  it('never lists a variable that the schema reads', () => {
    const read = new Set(Object.keys(readEnv({})))
    expect(Object.keys(ignoredReferenceEnv).filter((name) => read.has(name))).toEqual([])
  })

  it('asks for one warning naming every ignored variable set, and one when TLS verification is off', () => {
    const source = { BATCH_UPDATE_ENABLED: 'true', GIN_MODE: 'release' }
    expect(environmentWarnings(readEnv(source), source)).toEqual([
      {
        fields: {
          ignored: {
            BATCH_UPDATE_ENABLED: ignoredReferenceEnv.BATCH_UPDATE_ENABLED,
            GIN_MODE: ignoredReferenceEnv.GIN_MODE,
          },
        },
        message: expect.stringContaining('ignores'),
      },
    ])
    const insecure = { TLS_INSECURE_SKIP_VERIFY: 'true' }
    const warnings = environmentWarnings(readEnv(insecure), insecure)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]?.fields).toEqual({ TLS_INSECURE_SKIP_VERIFY: true })
    expect(environmentWarnings(readEnv({}), {})).toEqual([])
  })
})

describe('WORKERS', () => {
  it('defaults to one process per core, and keeps an in-memory SQLite database in one process', () => {
    expect(workerCount(readEnv({}))).toBe(availableParallelism())
    expect(workerCount(readEnv({ WORKERS: '3' }))).toBe(3)
    expect(workerCount(readEnv({ WORKERS: '3', SQLITE_PATH: ':memory:' }))).toBe(1)
    expect(workerCount(readEnv({ WORKERS: '3', SQLITE_PATH: ':memory:', SQL_DSN: 'postgres://db/x' }))).toBe(3)
    expect(() => readEnv({ WORKERS: '0' })).toThrow(/WORKERS/)
  })

  it('knows a worker by the slot its primary gave it', () => {
    expect(workerSlot({})).toBeUndefined()
    expect(workerSlot(workerEnv(2))).toBe(2)
    expect(workerSlot({ GATEWAY_WORKER_SLOT: 'x' })).toBeUndefined()
  })

  it('gives each worker two malloc arenas unless the operator chose a number', () => {
    expect(workerEnv(3, {})).toEqual({ GATEWAY_WORKER_SLOT: '3', MALLOC_ARENA_MAX: '2' })
    // The worker inherits the primary's environment, so the operator's value reaches it unchanged.
    expect(workerEnv(3, { MALLOC_ARENA_MAX: '8' })).toEqual({ GATEWAY_WORKER_SLOT: '3' })
    expect(workerEnv(3, { MALLOC_ARENA_MAX: '' })).toEqual({ GATEWAY_WORKER_SLOT: '3', MALLOC_ARENA_MAX: '2' })
  })
})
