import { dirname, join } from 'node:path'
import type { Kysely } from 'kysely'
import { HOSTED } from '../cluster/hosted-names.ts'
import { remote, type WorkerLink } from '../cluster/worker-link.ts'
import { openDatabase, poolSettingsFrom, type DatabaseHandle } from '../db/client.ts'
import { parseDsn, type DialectName } from '../db/dsn.ts'
import { retryOnDeadlock } from '../db/errors.ts'
import { migrate } from '../db/migrate.ts'
import type { Database } from '../db/schema/index.ts'
import type { Env } from '../env.ts'
import { createClientIpResolver, createTrustedProxyCheck } from '../lib/client-ip.ts'
import { randomSecret } from '../lib/crypto.ts'
import { loadOrCreateLocalSecret } from '../lib/local-secret.ts'
import type { Logger } from '../lib/logger.ts'
import { setOutboundTlsVerification } from '../lib/outbound/guarded-dispatcher.ts'
import { connectRedis, type RedisClient } from '../lib/redis.ts'
import { SecretBox } from '../lib/secrets.ts'
import { nowSeconds } from '../lib/time.ts'
import { createRelayServices, type RelayServices } from '../relay/relay-services.ts'
import { VERSION } from '../version.ts'
import { ChangeBus } from './changes/change-bus.ts'
import { CHANNEL_RUN_METHODS, ChannelRunBoard, type ChannelRunBook } from './channels/channel-run-board.ts'
import type { NotificationTransport } from './notify/deliver-notification.ts'
import { OptionStore } from './options/option-store.ts'
import {
  createRateLimiters,
  rateLimitSettingsFrom,
  type RateLimiters,
  type RateLimitSettings,
} from './ratelimit/rate-limiters.ts'
import { trackSetupState, type TrackedSetupState } from './setup/setup-state.ts'
import { completeMoveOver, noteReferenceDatabase } from './takeover/move-over.ts'
import { setPasswordCost } from './users/password.ts'
import { VerificationCodes, type CodeBook } from './verification/verification-codes.ts'

/** Everything a request handler or job may use, built once at boot. */
export interface Services {
  env: Env
  logger: Logger
  db: Kysely<Database>
  /** the database that holds `logs` (the main one unless LOG_SQL_DSN is set) */
  logDb: Kysely<Database>
  dialect: DialectName
  options: OptionStore
  limiters: RateLimiters
  redis?: RedisClient
  /** the cluster primary's shared state, when this is one of several workers and there is no Redis */
  shared?: WorkerLink
  /** the cluster primary, when this process is one worker of several: a scrape reads every worker's metrics through it */
  cluster?: WorkerLink
  resolveClientIp: (peer: string | undefined, forwardedFor: string | undefined) => string
  /** whether a direct peer is a trusted proxy, whose forwarded headers may be believed */
  isTrustedProxy: (peer: string | undefined) => boolean
  sessionSecret: string
  cryptoSecret: string
  /** encryption at rest and keyed lookup hashes, from CRYPTO_SECRET */
  secrets: SecretBox
  /** announces data changes to every cache of every instance */
  changes: ChangeBus
  version: string
  startTime: number
  setup: TrackedSetupState
  verificationCodes: CodeBook
  /** which fleet run (test all channels, update all balances) is going on this machine */
  channelRuns: ChannelRunBook
  relay: RelayServices
  close(): Promise<void>
}

/** Where this process serves when it is one worker of several (main.ts); absent when it serves alone. */
export interface Placement {
  /** 1 for the worker that migrates and runs the jobs */
  slot: number
  /** the channel to the cluster primary, which carries changes and the shared state when there is no Redis */
  link: WorkerLink
}

/** What tests replace; main never passes any of these. */
export interface ServiceOverrides {
  rateLimits?: RateLimitSettings
  notificationTransport?: NotificationTransport
  /** bcrypt cost of new password hashes (tests lower it: a cost-10 hash takes ~100 ms) */
  passwordCost?: number
  /** SQLite in memory: a migrated database to start from instead of an empty one (tests copy one per app) */
  sqliteImage?: Uint8Array
}

export async function createServices(
  env: Env,
  logger: Logger,
  overrides: ServiceOverrides = {},
  placement?: Placement
): Promise<Services> {
  const closers: Array<() => Promise<void>> = []
  // Before any outbound pool exists: pools keep the connector they were built with.
  setOutboundTlsVerification(!env.TLS_INSECURE_SKIP_VERIFY)
  const onConnectionError = (error: Error) => logger.warn({ err: error.message }, 'database connection lost')
  const pool = poolSettingsFrom(env)
  if (overrides.passwordCost !== undefined) setPasswordCost(overrides.passwordCost)
  const main = await openDatabase(
    parseDsn(env.SQL_DSN, env.SQLITE_PATH),
    pool,
    env.SQLITE_SYNCHRONOUS,
    onConnectionError
  )
  closers.push(main.close)
  if (overrides.sqliteImage && main.sqlite && env.SQLITE_PATH === ':memory:')
    main.sqlite.deserialize(overrides.sqliteImage)
  let logs: DatabaseHandle = main
  if (env.LOG_SQL_DSN) {
    logs = await openDatabase(
      parseDsn(env.LOG_SQL_DSN, env.SQLITE_PATH),
      pool,
      env.SQLITE_SYNCHRONOUS,
      onConnectionError
    )
    closers.push(logs.close)
  }
  // Instances starting together on one MySQL can deadlock in the migrator's bookkeeping; every
  // start-up step retried here is idempotent, so the loser runs it again.
  const retryIfDeadlocked = (what: string, step: () => Promise<void>) =>
    retryOnDeadlock(step, (attempt, error) =>
      logger.warn(
        { attempt, err: error instanceof Error ? error.message : String(error) },
        `${what} lost a deadlock to another instance; retrying`
      )
    )
  // Secondary nodes share the master's schema and never migrate it.
  if (env.NODE_TYPE === 'master') {
    await retryIfDeadlocked('migrations', async () => {
      await noteReferenceDatabase(main.db, main.dialect)
      await migrate(main.db as Kysely<unknown>, main.dialect, 'main')
      await migrate(logs.db as Kysely<unknown>, logs.dialect, 'logs')
    })
  }

  const changes = new ChangeBus(logger)
  const options = new OptionStore(main.db, changes, (error, key) =>
    logger.error({ err: String(error), key }, 'option reload failed')
  )

  // Joined before anything is read into memory (options here, the setup state below): a change the
  // others announce while this process boots then either was committed before that read or reaches
  // a listener that is already there. Joined after, it could fall between the two and be lost.
  let redis: RedisClient | undefined
  if (env.REDIS_CONN_STRING) {
    redis = await connectRedis(env.REDIS_CONN_STRING, logger)
    const leave = await changes.connect(redis, env.REDIS_KEY_PREFIX)
    closers.push(leave, async () => void redis?.destroy())
  } else if (placement) changes.connectCluster(placement.link)
  await options.load()
  // Without Redis, the workers of one machine share their counters and codes through the primary.
  const shared = redis ? undefined : placement?.link

  // Workers after the first read the file the first one wrote; one warning is enough.
  const { sessionSecret, cryptoSecret } = resolveSecrets(env, (placement?.slot ?? 1) === 1 ? logger : undefined)

  const rateLimits: RateLimitSettings = overrides.rateLimits ?? rateLimitSettingsFrom(env)

  const secrets = new SecretBox(cryptoSecret)
  // Keys the reference system stored raw are converted before anything serves or caches them.
  if (env.NODE_TYPE === 'master')
    await retryIfDeadlocked('move-over', () => completeMoveOver({ db: main.db, logDb: logs.db, secrets, logger }))
  const relay = createRelayServices({
    env,
    logger,
    db: main.db,
    logDb: logs.db,
    dialect: main.dialect,
    sqlite: main.sqlite,
    separateLogDb: logs !== main,
    spoolPath: spoolPathOf(env, placement?.slot),
    secrets,
    changes,
    options,
    redis,
    shared,
    notificationTransport: overrides.notificationTransport,
  })
  // Closers run last-in first-out: queued settlements and logs are written before the databases close.
  closers.push(relay.close)
  // Before serving: spooled settlements applied, holds of processes that died returned.
  await relay.sweeper.start()

  return {
    env,
    logger,
    db: main.db,
    logDb: logs.db,
    dialect: main.dialect,
    options,
    limiters: createRateLimiters(rateLimits, redis, env.REDIS_KEY_PREFIX, shared),
    redis,
    shared,
    cluster: placement?.link,
    resolveClientIp: createClientIpResolver(env.TRUSTED_PROXIES),
    isTrustedProxy: createTrustedProxyCheck(env.TRUSTED_PROXIES),
    sessionSecret,
    cryptoSecret,
    secrets,
    changes,
    version: env.VERSION ?? VERSION,
    startTime: nowSeconds(),
    setup: await trackSetupState(main.db, changes),
    verificationCodes: shared
      ? remote<CodeBook>(shared, HOSTED.codes, ['issue', 'consume'])
      : new VerificationCodes({ redis, prefix: env.REDIS_KEY_PREFIX }),
    channelRuns: placement
      ? remote<ChannelRunBook>(placement.link, HOSTED.channelRuns, CHANNEL_RUN_METHODS)
      : new ChannelRunBoard(),
    relay,
    close: async () => {
      for (const close of closers.reverse()) await close()
    },
  }
}

/**
 * SESSION_SECRET and CRYPTO_SECRET from the environment; when unset, one secret generated on first
 * start and kept beside the SQLite file, so a restart changes nothing. (With an in-memory database
 * there is nowhere to keep it, and a random one is used.)
 */
function resolveSecrets(env: Env, logger: Logger | undefined): { sessionSecret: string; cryptoSecret: string } {
  let fallback: string | undefined
  const local = () => {
    if (fallback) return fallback
    if (env.SQLITE_PATH === ':memory:') {
      fallback = randomSecret()
      return fallback
    }
    const path = join(dirname(env.SQLITE_PATH), 'secret.key')
    logger?.warn(
      { path },
      'SESSION_SECRET/CRYPTO_SECRET not set: using a generated secret kept in this file; set both when running several instances'
    )
    fallback = loadOrCreateLocalSecret(path)
    return fallback
  }
  const sessionSecret = env.SESSION_SECRET ?? local()
  return { sessionSecret, cryptoSecret: env.CRYPTO_SECRET ?? env.SESSION_SECRET ?? local() }
}

/**
 * Where settlements wait while the database is away: LEDGER_SPOOL_PATH, else beside the SQLite
 * file. Each worker has its own file (a spool is rewritten whole when applied), named by its slot
 * so that a worker's replacement applies what it left.
 */
function spoolPathOf(env: Env, slot: number | undefined): string | undefined {
  const path =
    env.LEDGER_SPOOL_PATH ??
    (env.SQLITE_PATH === ':memory:' ? undefined : join(dirname(env.SQLITE_PATH), 'ledger-spool.jsonl'))
  if (!path || slot === undefined) return path
  return path.replace(/(\.jsonl)?$/, `-${slot}$1`)
}
