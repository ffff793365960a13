import type { DatabaseSync } from 'node:sqlite'
import type { Kysely } from 'kysely'
import { HOSTED } from '../cluster/hosted-names.ts'
import { remote, type WorkerLink } from '../cluster/worker-link.ts'
import type { DialectName } from '../db/dsn.ts'
import type { Database } from '../db/schema/index.ts'
import type { Env } from '../env.ts'
import type { Logger } from '../lib/logger.ts'
import type { RedisClient } from '../lib/redis.ts'
import type { SecretBox } from '../lib/secrets.ts'
import type { ChangeBus } from '../services/changes/change-bus.ts'
import { LogWriter } from '../services/logs/log-writer.ts'
import { createNotificationTransport, type NotificationTransport } from '../services/notify/deliver-notification.ts'
import { QuotaWarnings } from '../services/notify/quota-warning.ts'
import type { OptionStore } from '../services/options/option-store.ts'
import { ChannelCache } from './cache/channel-cache.ts'
import { TokenCache } from './cache/token-cache.ts'
import { AccessTokens } from './credentials/access-tokens.ts'
import { forwardLogOutbox } from './ledger/forward-log-outbox.ts'
import { HoldSweeper } from './ledger/hold-sweeper.ts'
import { LedgerSpool } from './ledger/ledger-spool.ts'
import { QuotaLedger } from './ledger/quota-ledger.ts'
import { KeyPicker, KeyTurns } from './pick-channel-key.ts'
import { UpstreamClient } from './upstream/upstream-client.ts'

/** What the relay keeps between requests: caches, the ledger, the upstream pools and the log queue. */
export interface RelayServices {
  tokens: TokenCache
  channels: ChannelCache
  ledger: QuotaLedger
  upstream: UpstreamClient
  logs: LogWriter
  /** beats the heartbeat, replays the spool and returns the holds of dead processes */
  sweeper: HoldSweeper
  warnings: QuotaWarnings
  /** access tokens minted from channel credentials (Vertex AI service accounts, Baidu API keys) */
  accessTokens: AccessTokens
  /** picks the key of each attempt on a multi-key channel */
  keys: KeyPicker
  /** keeps a settlement running after its response was sent, so shutdown and tests can wait for it */
  track(work: Promise<unknown>): void
  /** an exchange started (its reservation is held until it finishes or is abandoned) */
  opened(): void
  closed(): void
  /** resolves when every open exchange and tracked settlement has finished (10 s at most) */
  drain(): Promise<void>
  /** writes everything still queued (settlements, logs) and closes the pools */
  close(): Promise<void>
}

export function createRelayServices(deps: {
  env: Env
  logger: Logger
  db: Kysely<Database>
  logDb: Kysely<Database>
  dialect: DialectName
  /** SQLite's connection (when the main database is SQLite), for the ledger's statements */
  sqlite?: DatabaseSync
  /** LOG_SQL_DSN is set: usage rows go through the main database's outbox */
  separateLogDb: boolean
  /** where settlements wait while the database is away (undefined: memory only) */
  spoolPath: string | undefined
  secrets: SecretBox
  changes: ChangeBus
  options: OptionStore
  redis?: RedisClient
  /** the cluster primary's shared state (several workers, no Redis) */
  shared?: WorkerLink
  /** tests replace the real webhook and email delivery */
  notificationTransport?: NotificationTransport
}): RelayServices {
  const { env, logger, db } = deps
  /** settlements tracked and not finished yet, and who waits for there to be none */
  let tracked = 0
  let idleWaiters: (() => void)[] = []
  const untrack = () => {
    if (--tracked > 0) return
    const waiting = idleWaiters
    idleWaiters = []
    for (const done of waiting) done()
  }
  let open = 0
  const ledger = new QuotaLedger({
    db,
    dialect: deps.dialect,
    sqlite: deps.sqlite,
    logsInMainDb: !deps.separateLogDb,
    spool: new LedgerSpool(deps.spoolPath),
    logger,
    nodeName: env.nodeName,
  })
  // An admin's change of a balance, a token or a user takes effect at once: leases of that payer go back.
  deps.changes.subscribe((change) => {
    if (change.kind === 'resync') ledger.closeBudgets(() => true)
    else if (change.kind === 'user') ledger.closeBudgets((payer) => payer.userId === change.id)
    else if (change.kind === 'token') ledger.closeBudgets((_payer, tokenHash) => tokenHash === change.hash)
  })
  const relay: RelayServices = {
    tokens: new TokenCache(db, deps.changes, env.SYNC_FREQUENCY),
    channels: new ChannelCache(db, deps.secrets, deps.changes, logger),
    ledger,
    upstream: new UpstreamClient({
      connectMs: env.RELAY_CONNECT_TIMEOUT * 1000,
      headersMs: (env.RELAY_HEADERS_TIMEOUT || 600) * 1000,
      idleMs: env.STREAMING_TIMEOUT * 1000,
      totalMs: env.RELAY_TIMEOUT * 1000,
      keepAliveMs: env.RELAY_IDLE_CONN_TIMEOUT * 1000,
    }),
    logs: new LogWriter(deps.logDb, logger),
    sweeper: new HoldSweeper({
      db,
      dialect: deps.dialect,
      sqlite: deps.sqlite,
      ledger,
      logsInMainDb: !deps.separateLogDb,
      options: deps.options,
      logger,
      language: env.DEFAULT_LANGUAGE,
      heartbeatSeconds: env.LEDGER_HEARTBEAT_SECONDS,
      forwardOutbox: deps.separateLogDb ? () => forwardLogOutbox(db, deps.logDb) : undefined,
    }),
    warnings: new QuotaWarnings({
      options: deps.options,
      transport: deps.notificationTransport ?? createNotificationTransport(deps.options),
      logger,
      redis: deps.redis,
      shared: deps.shared,
      prefix: env.REDIS_KEY_PREFIX,
      language: env.DEFAULT_LANGUAGE,
    }),
    accessTokens: new AccessTokens(deps.options),
    keys: new KeyPicker(
      Math.random,
      deps.shared ? remote<KeyTurns>(deps.shared, HOSTED.keyTurns, ['take']) : new KeyTurns()
    ),
    track: (work) => {
      // A count and one reaction per tracked promise, not a Set entry and a chain of three.
      tracked++
      work.then(untrack, (error: unknown) => {
        logger.error({ err: String(error) }, 'settlement failed')
        untrack()
      })
    },
    opened: () => {
      open++
    },
    closed: () => {
      open--
    },
    drain: async () => {
      // A stream cut at shutdown finishes on the close event that follows; wait for it too.
      const deadline = Date.now() + 10_000
      while ((open > 0 || tracked > 0) && Date.now() < deadline) {
        // Woken when the last tracked settlement finishes, or after 5 ms to look at `open` again.
        await new Promise<void>((done) => {
          const timer = setTimeout(done, tracked > 0 ? Math.max(0, deadline - Date.now()) : 5)
          if (tracked > 0)
            idleWaiters.push(() => {
              clearTimeout(timer)
              done()
            })
        })
      }
      await ledger.idle()
    },
    close: async () => {
      await relay.drain()
      await relay.sweeper.stop()
      ledger.stop()
      await relay.logs.close()
      await relay.upstream.close()
    },
  }
  return relay
}
