import { availableParallelism, hostname } from 'node:os'
import { z } from 'zod'

// The spellings Go's strconv.ParseBool takes, which the reference reads its switches with.
const TRUE = new Set(['1', 't', 'T', 'true', 'TRUE', 'True'])
const FALSE = new Set(['0', 'f', 'F', 'false', 'FALSE', 'False'])
/** A switch that may be left unset (undefined), for settings whose absence means something. */
const optionalFlag = () =>
  z
    .string()
    .optional()
    .refine((v) => v === undefined || TRUE.has(v) || FALSE.has(v), 'must be true or false (or 1/0)')
    .transform((v) => (v === undefined ? undefined : TRUE.has(v)))
const flag = (fallback: boolean) => optionalFlag().transform((v) => v ?? fallback)
const int = (fallback: number) => z.coerce.number().int().min(0).optional().default(fallback)

/** Gemini's harm-block thresholds, as the reference accepts them. */
export const GEMINI_SAFETY_THRESHOLDS = [
  'OFF',
  'BLOCK_NONE',
  'BLOCK_ONLY_HIGH',
  'BLOCK_MEDIUM_AND_ABOVE',
  'BLOCK_LOW_AND_ABOVE',
  'HARM_BLOCK_THRESHOLD_UNSPECIFIED',
] as const

/**
 * Every environment variable the server reads, with its default. Names follow the reference
 * system where it has one, so an operator can move over with the same configuration; where ours
 * differs, the reference's name is read too (see `envAliases`).
 */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  SQLITE_PATH: z.string().default('./data/gateway.db'),
  SQL_DSN: z.string().optional(),
  LOG_SQL_DSN: z.string().optional(),
  SQL_MAX_OPEN_CONNS: int(20),
  /** Idle connections a PostgreSQL or MySQL pool keeps (unset: as many as it may open). */
  SQL_MAX_IDLE_CONNS: z.coerce.number().int().min(0).optional(),
  /** Seconds a pooled connection lives before it is replaced (0 = for ever). */
  SQL_MAX_LIFETIME: int(60),
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
  /** Console page loads (index.html and its files), per IP. */
  GLOBAL_WEB_RATE_LIMIT_ENABLE: flag(true),
  GLOBAL_WEB_RATE_LIMIT: int(120),
  GLOBAL_WEB_RATE_LIMIT_DURATION: int(180),
  CRITICAL_RATE_LIMIT_ENABLE: flag(true),
  CRITICAL_RATE_LIMIT: int(20),
  CRITICAL_RATE_LIMIT_DURATION: int(1200),
  /** Search routes (tokens, users), per signed-in user. */
  SEARCH_RATE_LIMIT_ENABLE: flag(true),
  SEARCH_RATE_LIMIT: int(10),
  SEARCH_RATE_LIMIT_DURATION: int(60),
  /** Prefix of every Redis key and channel, so several deployments can share one Redis. */
  REDIS_KEY_PREFIX: z.string().default('gateway'),
  SYNC_FREQUENCY: int(60),
  NODE_TYPE: z.enum(['master', 'slave']).default('master'),
  /** This instance's name (default: the hostname); the reference records it with usage data. */
  NODE_NAME: z.string().optional(),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  /** Reported as the version (by /api/status) instead of the built one. */
  VERSION: z.string().optional(),
  /** Language of messages stored in logs and of answers to clients that send no Accept-Language. */
  DEFAULT_LANGUAGE: z.enum(['zh', 'en']).default('zh'),
  /** Upstream: seconds to connect, to the response headers (0 = 600), between stream chunks, and in all (0 = no limit). */
  RELAY_CONNECT_TIMEOUT: int(10),
  RELAY_TIMEOUT: int(0),
  STREAMING_TIMEOUT: int(60),
  RELAY_HEADERS_TIMEOUT: int(0),
  /** Seconds an idle upstream connection is kept for reuse (an upstream may close it sooner). */
  RELAY_IDLE_CONN_TIMEOUT: z.coerce.number().int().min(1).default(30),
  /** Do not verify the certificates of upstreams and other outbound HTTPS calls. Dangerous. */
  TLS_INSECURE_SKIP_VERIFY: flag(false),
  /** Largest body, in KiB, of a console API route anyone may call (sign-in, registration, webhooks). */
  ANONYMOUS_REQUEST_BODY_LIMIT_KB: z.coerce.number().int().min(1).max(1024).default(64),
  /** Largest relay request body in MiB (the reference's MAX_REQUEST_BODY_MB). */
  RELAY_MAX_BODY_MB: int(32),
  /** Ask OpenAI-compatible upstreams for the usage chunk of every stream (removed again for clients that did not ask). */
  FORCE_STREAM_OPTION: flag(true),
  /** Harm-block threshold sent for every category with requests converted to Gemini. */
  GEMINI_SAFETY_SETTING: z.enum(GEMINI_SAFETY_THRESHOLDS).default('OFF'),
  /** api-version of Azure channels that name none. */
  AZURE_DEFAULT_API_VERSION: z.string().trim().min(1).default('2024-12-01-preview'),
  /** Record a log row of type error (5) for each failed upstream attempt. */
  ERROR_LOG_ENABLED: flag(false),
  /** Give each user who registers with a password an unlimited, never-expiring token. */
  GENERATE_DEFAULT_TOKEN: flag(false),
  /** false stops the polling of unfinished drawing and music tasks on this instance. */
  UPDATE_TASK: flag(true),
  /** Seconds between polls of unfinished Midjourney and Suno tasks (0 = off). */
  MJ_POLL_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  SUNO_TASK_POLL_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  /** Minutes after which an unfinished music task fails and is refunded (0 = never), and tasks read per poll. */
  TASK_TIMEOUT_MINUTES: int(1440),
  TASK_QUERY_LIMIT: z.coerce.number().int().min(1).default(1000),
  /** Minutes between automatic tests of every channel (0 = off), and seconds to pause between two channels. */
  CHANNEL_TEST_FREQUENCY: int(0),
  /** false switches the automatic channel tests off whatever CHANNEL_TEST_FREQUENCY says. */
  CHANNEL_TEST_ENABLED: optionalFlag(),
  POLLING_INTERVAL: int(0),
  /** Minutes between balance refreshes of every enabled channel that has a balance endpoint (0 = off). */
  CHANNEL_UPDATE_FREQUENCY: int(0),
  /** Seconds between the ledger's heartbeats; the holds of a process silent for three beats are returned to their payers. */
  LEDGER_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  /** File where settlements wait while the database is away (default: ledger-spool.jsonl beside the SQLite file). */
  LEDGER_SPOOL_PATH: z.string().optional(),
  /**
   * Processes that serve the port, each with its own event loop (default: one per CPU core; 1 runs
   * a single process). They share the database; without Redis, the first process started (the
   * primary) carries what they must agree on: change notices, rate-limit counters, one-time codes.
   */
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Seconds a shutdown gives requests in flight (streams included) before cutting them. */
  SHUTDOWN_TIMEOUT_SECONDS: int(30),
  /**
   * OpenTelemetry traces, off unless an OTLP/HTTP endpoint is set: the base endpoint (traces go to
   * its /v1/traces) or the traces endpoint itself (used as it is, and preferred).
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().default('gateway'),
  /** The standard samplers (default: follow the caller's decision, sample every new trace) and the ratio of the *traceidratio ones. */
  OTEL_TRACES_SAMPLER: z
    .enum([
      'always_on',
      'always_off',
      'traceidratio',
      'parentbased_always_on',
      'parentbased_always_off',
      'parentbased_traceidratio',
    ])
    .default('parentbased_always_on'),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
  /** true keeps tracing off even with an endpoint set. */
  OTEL_SDK_DISABLED: flag(false),
  /** Where the built console lives. */
  STATIC_DIR: z.string().optional(),
  /**
   * Stand-ins for github.com and connect.linux.do (tests and e2e): the origin of both endpoints. Only
   * the operator sets the environment, and such an override only ever opens loopback.
   */
  GITHUB_OAUTH_BASE_URL: z.url().optional(),
  LINUXDO_OAUTH_BASE_URL: z.url().optional(),
  /** The reference's names for LinuxDO's token and user endpoints, each replacing the default one. */
  LINUX_DO_TOKEN_ENDPOINT: z.url().optional(),
  LINUX_DO_USER_ENDPOINT: z.url().optional(),
})
export type Env = z.infer<typeof envSchema> & {
  /** NODE_NAME, or the hostname */
  nodeName: string
}

/** The reference's name → ours, for settings we read under another name. Ours wins when both are set. */
export const envAliases: Readonly<Record<string, keyof z.infer<typeof envSchema>>> = {
  MAX_REQUEST_BODY_MB: 'RELAY_MAX_BODY_MB',
}

/**
 * Variables the reference reads that we do not, and why. A start with any of them set logs one
 * warning naming them, so nobody believes a setting took effect that did not. (Left out on purpose:
 * HOSTNAME, KUBERNETES_SERVICE_HOST, DOCKER_CONTAINER and `container`, which the reference reads to
 * learn about its host, not as settings; every container sets some of them.)
 */
export const ignoredReferenceEnv: Readonly<Record<string, string>> = {
  MEMORY_CACHE_ENABLED:
    'always on: tokens, users and channels are cached in memory and refreshed on every change (and every SYNC_FREQUENCY seconds)',
  BATCH_UPDATE_ENABLED:
    'always on: balances, counters, quota_data and the usage row are written in group-committed transactions',
  BATCH_UPDATE_INTERVAL:
    'the group commit has no interval to set: writes are grouped while the previous group is being written',
  SQL_SLOW_THRESHOLD_MS: 'no slow-query log',
  REDIS_POOL_SIZE: 'one multiplexed Redis connection per instance',
  RELAY_MAX_IDLE_CONNS: 'the upstream pool is sized per upstream (256 connections each)',
  RELAY_MAX_IDLE_CONNS_PER_HOST: 'the upstream pool is sized per upstream (256 connections each)',
  STREAM_SCANNER_MAX_BUFFER_MB: 'one line of an upstream stream may be at most 8 MiB, not configurable',
  MAX_FILE_DOWNLOAD_MB: 'not configurable',
  COHERE_SAFETY_SETTING: "Cohere channels go through Cohere's OpenAI compatibility API, which has no safety mode",
  DIFY_DEBUG: 'Dify workflow progress is not shown in answers',
  CountToken: 'not configurable: tokens are counted locally only when an upstream reports no usage',
  GET_MEDIA_TOKEN: 'media in prompts is not counted locally',
  GET_MEDIA_TOKEN_NOT_STREAM: 'media in prompts is not counted locally',
  TASK_PRICE_PATCH: 'no video (Sora) tasks',
  TRUSTED_REDIRECT_DOMAINS: 'payment return URLs are built from ServerAddress only',
  NOTIFY_LIMIT_COUNT: 'at most one quota warning per user every 2 hours, not configurable',
  NOTIFICATION_LIMIT_DURATION_MINUTE: 'at most one quota warning per user every 2 hours, not configurable',
  SESSION_COOKIE_TRUSTED_URL: 'state-changing console calls must come from the console origin itself',
  USER_SESSION_ACTIVE_LIMIT: 'no limit on sessions per user; idle ones end after SessionIdleTimeoutMinutes',
  USER_SESSION_ISSUANCE_LIMIT: 'no limit on sessions per user; idle ones end after SessionIdleTimeoutMinutes',
  USER_SESSION_ISSUANCE_WINDOW_SECONDS: 'no limit on sessions per user; idle ones end after SessionIdleTimeoutMinutes',
  USER_SESSION_REVOKED_RETENTION_DAYS: 'no limit on sessions per user; idle ones end after SessionIdleTimeoutMinutes',
  USER_SESSION_HOURLY_ALERT_THRESHOLD: 'no limit on sessions per user; idle ones end after SessionIdleTimeoutMinutes',
  SMTP_STARTTLS_ENABLE: 'SMTP upgrades to TLS whenever the server offers STARTTLS (SMTPSSLEnabled for implicit TLS)',
  SMTP_STARTTLS_ENABLED: 'SMTP upgrades to TLS whenever the server offers STARTTLS (SMTPSSLEnabled for implicit TLS)',
  SMTP_INSECURE_SKIP_VERIFY: "the SMTP server's certificate is always verified",
  SMTP_TLS_INSECURE_SKIP_VERIFY: "the SMTP server's certificate is always verified",
  GIN_MODE: 'Go (gin) only',
  ENABLE_PPROF: 'Go profiler only; use node --cpu-prof',
  PYROSCOPE_URL: 'no Pyroscope profiling',
  PYROSCOPE_APP_NAME: 'no Pyroscope profiling',
  PYROSCOPE_BASIC_AUTH_USER: 'no Pyroscope profiling',
  PYROSCOPE_BASIC_AUTH_PASSWORD: 'no Pyroscope profiling',
  PYROSCOPE_MUTEX_RATE: 'no Pyroscope profiling',
  PYROSCOPE_BLOCK_RATE: 'no Pyroscope profiling',
  LOG_SQL_CLICKHOUSE_TTL_DAYS: 'no ClickHouse log database',
  SUBSCRIPTION_PLAN_CACHE_TTL: 'no subscription plans',
  SUBSCRIPTION_PLAN_INFO_CACHE_TTL: 'no subscription plans',
  SUBSCRIPTION_PLAN_CACHE_CAP: 'no subscription plans',
  SUBSCRIPTION_PLAN_INFO_CACHE_CAP: 'no subscription plans',
  ALI_ANTHROPIC_MESSAGES_MODELS: "Ali channels are served through DashScope's OpenAI-compatible API only",
  FRONTEND_BASE_URL: 'every instance serves the console itself',
  UMAMI_WEBSITE_ID: 'no analytics scripts are injected into the console',
  UMAMI_SCRIPT_URL: 'no analytics scripts are injected into the console',
  GOOGLE_ANALYTICS_ID: 'no analytics scripts are injected into the console',
  CHANNEL_UPSTREAM_MODEL_UPDATE_TASK_ENABLED:
    'no background sync of upstream model lists (fetch them in the channel editor)',
  CHANNEL_UPSTREAM_MODEL_UPDATE_TASK_INTERVAL_MINUTES:
    'no background sync of upstream model lists (fetch them in the channel editor)',
  CHANNEL_UPSTREAM_MODEL_UPDATE_MIN_CHECK_INTERVAL_SECONDS:
    'no background sync of upstream model lists (fetch them in the channel editor)',
  SYNC_UPSTREAM_BASE: 'no model metadata sync',
  SYNC_HTTP_TIMEOUT_SECONDS: 'no model metadata sync',
  SYNC_HTTP_RETRY: 'no model metadata sync',
  SYNC_HTTP_MAX_MB: 'no model metadata sync',
}

/** Docker Compose and shells often pass `NAME=` for "not set"; the reference reads an empty value as unset too. */
function withoutEmpty(source: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(source)) if (value !== undefined && value.trim() !== '') out[name] = value
  return out
}

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const values = withoutEmpty(source)
  for (const [theirs, ours] of Object.entries(envAliases)) {
    if (values[ours] === undefined && values[theirs] !== undefined) values[ours] = values[theirs]
  }
  // The reference's DEBUG=true means debug logging; an explicit LOG_LEVEL wins.
  if (values.LOG_LEVEL === undefined && values.DEBUG === 'true') values.LOG_LEVEL = 'debug'
  const parsed = envSchema.safeParse(values)
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid environment: ${details}`)
  }
  return { ...parsed.data, nodeName: parsed.data.NODE_NAME ?? hostname() }
}

/** The reference's variables that are set but that we ignore, each with the reason. */
export function ignoredVariablesSet(source: Record<string, string | undefined> = process.env): Record<string, string> {
  const values = withoutEmpty(source)
  return Object.fromEntries(Object.entries(ignoredReferenceEnv).filter(([name]) => values[name] !== undefined))
}

/** The start-up warnings the environment calls for, for main to log. */
export function environmentWarnings(
  env: Env,
  source: Record<string, string | undefined> = process.env
): Array<{ fields: Record<string, unknown>; message: string }> {
  const warnings: Array<{ fields: Record<string, unknown>; message: string }> = []
  const ignored = ignoredVariablesSet(source)
  if (Object.keys(ignored).length > 0)
    warnings.push({ fields: { ignored }, message: 'environment variables of New API that this gateway ignores' })
  if (env.TLS_INSECURE_SKIP_VERIFY) {
    warnings.push({
      fields: { TLS_INSECURE_SKIP_VERIFY: true },
      message:
        'TLS certificates of upstreams are NOT verified: anyone on the network path can read and change relayed requests, keys included',
    })
  }
  return warnings
}

/**
 * How many processes serve the port: WORKERS, else one per core. An in-memory SQLite database
 * lives in one process and cannot be shared, so it always gets one.
 */
export function workerCount(env: Pick<Env, 'WORKERS' | 'SQL_DSN' | 'SQLITE_PATH'>): number {
  if (!env.SQL_DSN && env.SQLITE_PATH === ':memory:') return 1
  return env.WORKERS ?? availableParallelism()
}

/** Set by the cluster primary on each worker it forks: the worker's slot, 1 being the one that runs the jobs. */
const WORKER_SLOT_VARIABLE = 'GATEWAY_WORKER_SLOT'

/** This process's place in a cluster, or undefined when it serves alone. */
export function workerSlot(source: Record<string, string | undefined> = process.env): number | undefined {
  const slot = Number(source[WORKER_SLOT_VARIABLE])
  return Number.isInteger(slot) && slot >= 1 ? slot : undefined
}

/**
 * glibc's malloc gives each thread that allocates (V8's compiler and GC helpers, libuv's pool) an
 * arena of its own and keeps what was freed in it: at 64 concurrent streams that came to ~36 MiB
 * resident beside a live JS heap of ~44 MiB. Two arenas kept a process 10–15 MiB smaller for the
 * same CPU per request (`npm run bench`). `npm start` and the Docker image set it; glibc reads it
 * only at process start, so the primary also sets it for the workers it forks when node was started
 * without it. Other C libraries ignore it, and an operator's own value is kept.
 */
const WORKER_MALLOC_ARENAS = '2'

/** The environment additions of the worker in `slot`: its slot, and the malloc arenas unless the operator chose a number. */
export function workerEnv(
  slot: number,
  inherited: Record<string, string | undefined> = process.env
): Record<string, string> {
  const slotEnv = { [WORKER_SLOT_VARIABLE]: String(slot) }
  // Unset or empty, as the start script's ${MALLOC_ARENA_MAX:-2} reads it.
  return inherited.MALLOC_ARENA_MAX ? slotEnv : { ...slotEnv, MALLOC_ARENA_MAX: WORKER_MALLOC_ARENAS }
}
