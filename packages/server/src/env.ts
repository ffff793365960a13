import { z } from 'zod'

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'))
const int = (fallback: number) => z.coerce.number().int().min(0).optional().default(fallback)

/**
 * Every environment variable the server reads, with its default. Names follow the reference
 * system where it has one, so an operator can move over with the same configuration.
 */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  SQLITE_PATH: z.string().default('./data/gateway.db'),
  SQL_DSN: z.string().optional(),
  LOG_SQL_DSN: z.string().optional(),
  SQL_MAX_OPEN_CONNS: int(20),
  /** SQLite durability: NORMAL (safe across process crashes) or FULL (also across power loss, one fsync per commit). */
  SQLITE_SYNCHRONOUS: z.enum(['NORMAL', 'FULL']).default('NORMAL'),
  REDIS_CONN_STRING: z.string().optional(),
  SESSION_SECRET: z
    .string()
    .optional()
    .refine((v) => v !== 'random_string', 'SESSION_SECRET must not be the literal "random_string"'),
  CRYPTO_SECRET: z.string().optional(),
  /** Comma-separated IPs or CIDRs of reverse proxies whose X-Forwarded-For is believed. */
  TRUSTED_PROXIES: z.string().default(''),
  /** Force the Secure flag on the session cookie (otherwise set when the request came over https). */
  SESSION_COOKIE_SECURE: flag(false),
  GLOBAL_API_RATE_LIMIT_ENABLE: flag(true),
  GLOBAL_API_RATE_LIMIT: int(180),
  GLOBAL_API_RATE_LIMIT_DURATION: int(180),
  CRITICAL_RATE_LIMIT: int(20),
  CRITICAL_RATE_LIMIT_DURATION: int(1200),
  /** Prefix of every Redis key and channel, so several deployments can share one Redis. */
  REDIS_KEY_PREFIX: z.string().default('gateway'),
  SYNC_FREQUENCY: int(60),
  NODE_TYPE: z.enum(['master', 'slave']).default('master'),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  /** Language of messages stored in logs and of answers to clients that send no Accept-Language. */
  DEFAULT_LANGUAGE: z.enum(['zh', 'en']).default('zh'),
  /** Upstream: seconds to connect, to the response headers (0 = 600), between stream chunks, and in all (0 = no limit). */
  RELAY_CONNECT_TIMEOUT: int(10),
  RELAY_TIMEOUT: int(0),
  STREAMING_TIMEOUT: int(60),
  RELAY_HEADERS_TIMEOUT: int(0),
  /** Largest body, in KiB, of a console API route anyone may call (sign-in, registration, webhooks). */
  ANONYMOUS_REQUEST_BODY_LIMIT_KB: z.coerce.number().int().min(1).max(1024).default(64),
  /** Largest relay request body in MiB. */
  RELAY_MAX_BODY_MB: int(32),
  /** Ask OpenAI-compatible upstreams for the usage chunk of every stream (removed again for clients that did not ask). */
  FORCE_STREAM_OPTION: flag(true),
  /** Minutes between automatic tests of every channel (0 = off), and seconds to pause between two channels. */
  CHANNEL_TEST_FREQUENCY: int(0),
  POLLING_INTERVAL: int(0),
  /** Minutes between balance refreshes of every enabled channel that has a balance endpoint (0 = off). */
  CHANNEL_UPDATE_FREQUENCY: int(0),
  /** Seconds between the ledger's heartbeats; the holds of a process silent for three beats are returned to their payers. */
  LEDGER_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  /** File where settlements wait while the database is away (default: ledger-spool.jsonl beside the SQLite file). */
  LEDGER_SPOOL_PATH: z.string().optional(),
  /** This instance's name on its dashboard rows (quota_data.node_name), as the reference's; the host name when unset. */
  NODE_NAME: z.string().optional(),
  /** Where the built console lives. */
  STATIC_DIR: z.string().optional(),
})
export type Env = z.infer<typeof envSchema>

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid environment: ${details}`)
  }
  return parsed.data
}
