import { Role, USER_ID_HEADER, type ErrorCode } from '@gateway/shared'
import { afterEach, beforeEach, expect } from 'vitest'
import { createApp } from '../src/app.ts'
import { insertUser } from '../src/db/queries/users.ts'
import { readEnv } from '../src/env.ts'
import { createLogger } from '../src/lib/logger.ts'
import { createServices, type Services } from '../src/services/container.ts'
import type { NotificationTransport } from '../src/services/notify/deliver-notification.ts'
import type { RateLimitSettings } from '../src/services/ratelimit/rate-limiters.ts'
import { hashPassword } from '../src/services/users/password.ts'
import { createTestDatabase } from './test-database.ts'

const generous = { points: 1_000_000, durationSeconds: 60 }

export interface TestUser {
  id: number
  username: string
  password: string
  role: number
  cookie: string
}

export interface RequestOptions {
  body?: unknown
  /** signs the request in as this user (cookie and New-Api-User header) */
  as?: TestUser
  headers?: Record<string, string>
}

/**
 * A real app over a real database (SQLite in memory, or the server named by TEST_SQL_DSN),
 * called through app.request() with no port.
 */
export interface HarnessOptions {
  env?: Record<string, string>
  rateLimits?: Partial<RateLimitSettings>
  notificationTransport?: NotificationTransport
}

export async function createHarness(options: HarnessOptions = {}) {
  const database = await createTestDatabase({ migrated: true })
  const env = readEnv({
    SQLITE_PATH: database.sqlitePath,
    SQL_DSN: database.dsn,
    SESSION_SECRET: 'test-session-secret',
    CRYPTO_SECRET: 'test-crypto-secret',
    LOG_LEVEL: 'silent',
    REDIS_CONN_STRING: process.env.TEST_REDIS_URL,
    // Test files run in parallel against one Redis; each app keeps to its own keys.
    REDIS_KEY_PREFIX: `test-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    ...options.env,
  })
  const services: Services = await createServices(env, createLogger(env.LOG_LEVEL), {
    rateLimits: {
      globalApi: undefined,
      web: undefined,
      critical: generous,
      search: undefined,
      loginFailures: { points: 10, durationSeconds: 900 },
      ...options.rateLimits,
    },
    notificationTransport: options.notificationTransport,
    // Low cost and a pre-migrated database: the two things that made every test slow (test-database.ts).
    passwordCost: 4,
    sqliteImage: database.sqliteImage,
  })
  const app = createApp(services)
  let counter = 0

  const request = async (method: string, path: string, opts: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...opts.headers }
    if (opts.body !== undefined) headers['content-type'] ??= 'application/json'
    if (opts.as) {
      headers.cookie = opts.as.cookie
      headers[USER_ID_HEADER] ??= String(opts.as.id)
    }
    const response = await app.request(path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
    })
    const text = await response.text()
    let json: { success: boolean; message: string; data?: any; code?: string } | undefined
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: response.status, headers: response.headers, json, text }
  }

  /** Signs in through the real login route and returns the session cookie. */
  const login = async (username: string, password: string): Promise<{ cookie: string; id: number }> => {
    const response = await request('POST', '/api/user/login', { body: { username, password } })
    if (!response.json?.success) throw new Error(`login failed: ${response.text}`)
    const setCookie = response.headers.get('set-cookie') ?? ''
    return { cookie: setCookie.split(';')[0] as string, id: response.json.data.id }
  }

  /** Inserts a user directly (fast) and signs them in. */
  const createUser = async (
    role: number = Role.user,
    fields: { quota?: number; group?: string } = {}
  ): Promise<TestUser> => {
    const n = ++counter
    const username = `u${n}_${role}`.slice(0, 12)
    const password = 'password123'
    const id = await insertUser(services.db, services.dialect, {
      username,
      password: await hashPassword(password),
      display_name: username,
      role,
      aff_code: `code${n}x${role}`,
      ...fields,
    })
    return { id, username, password, role, cookie: (await login(username, password)).cookie }
  }

  /** Runs the first-run setup and returns the signed-in root. */
  const setupRoot = async (): Promise<TestUser> => {
    const response = await request('POST', '/api/setup', {
      body: { username: 'root', password: 'rootpassword', confirmPassword: 'rootpassword' },
    })
    if (!response.json?.success) throw new Error(`setup failed: ${response.text}`)
    const { cookie, id } = await login('root', 'rootpassword')
    return { id, username: 'root', password: 'rootpassword', role: Role.root, cookie }
  }

  return {
    app,
    services,
    request,
    login,
    createUser,
    setupRoot,
    close: async () => {
      await services.close()
      await database.drop()
    },
  }
}

export type Harness = Awaited<ReturnType<typeof createHarness>>

/**
 * A fresh harness for each test of the file: made before each test and handed to `ready` (which
 * keeps it and sets up what every test needs, such as the root), closed after each test. The
 * hook timeout covers both, for files whose setup starts servers or waits on them.
 */
export function harnessPerTest(
  ready: (made: Harness) => unknown,
  options: HarnessOptions | (() => HarnessOptions) = {},
  hookTimeoutMs?: number
): void {
  let current: Harness | undefined
  beforeEach(async () => {
    // A function when the options name something made in beforeAll (a stub server's address).
    current = await createHarness(typeof options === 'function' ? options() : options)
    await ready(current)
  }, hookTimeoutMs)
  afterEach(async () => {
    await current?.close()
    current = undefined
  }, hookTimeoutMs)
}

/**
 * A console API refusal as the reference answers it: HTTP 200 with `success: false`, the error
 * code and a message for the caller. Auth failures (401, 403) and 413/429/5xx keep their statuses
 * and are asserted by status instead.
 */
export function expectRefused(
  response: { status: number; json?: { success: boolean; message: string; code?: string }; text: string },
  code: Exclude<
    ErrorCode,
    'UNAUTHORIZED' | 'FORBIDDEN' | 'RATE_LIMITED' | 'PAYLOAD_TOO_LARGE' | 'INTERNAL_ERROR' | 'SERVICE_UNAVAILABLE'
  >,
  label?: string
): void {
  const context = label === undefined ? response.text : `${label}: ${response.text}`
  expect(response.status, context).toBe(200)
  expect(response.json?.success, context).toBe(false)
  expect(response.json?.code, context).toBe(code)
  expect(response.json?.message, context).toBeTruthy()
}
