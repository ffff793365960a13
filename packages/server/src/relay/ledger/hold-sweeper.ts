import type { DatabaseSync } from 'node:sqlite'
import { formatQuota, LogType } from '@gateway/shared'
import type { Kysely } from 'kysely'
import type { DialectName } from '../../db/dsn.ts'
import {
  anotherInstanceAlive,
  beatInstance,
  ledgerStatements,
  listOrphanHolds,
  pruneInstances,
  removeInstance,
} from '../../db/queries/ledger.ts'
import type { Database } from '../../db/schema/index.ts'
import { inTransaction } from '../../db/sqlite-direct.ts'
import { logTextColumns } from '../../i18n/log-text.ts'
import type { Language } from '../../i18n/messages.ts'
import type { Logger } from '../../lib/logger.ts'
import { nowSeconds } from '../../lib/time.ts'
import type { OptionStore } from '../../services/options/option-store.ts'
import { applyOps, HoldKind } from './ledger-ops.ts'
import type { QuotaLedger } from './quota-ledger.ts'

export interface HoldSweeperDeps {
  db: Kysely<Database>
  dialect: DialectName
  /** SQLite's connection, for the ledger's statements (see db/sqlite-direct.ts) */
  sqlite?: DatabaseSync
  ledger: QuotaLedger
  logsInMainDb: boolean
  options: OptionStore
  logger: Logger
  language: Language
  /** seconds between beats; a process silent for three beats is taken for dead */
  heartbeatSeconds: number
  /** moves outbox rows to the log database, when logs live elsewhere */
  forwardOutbox?: () => Promise<void>
}

/**
 * Keeps the books whole after crashes: beats this process's heartbeat, applies spooled
 * settlements once the database answers again, and returns the holds of processes that stopped
 * beating (killed, crashed, their machine gone) to their payers, with a usage row that says the
 * request was interrupted. A process's own holds are never swept while it beats.
 */
export class HoldSweeper {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private readonly statements
  private readonly deps: HoldSweeperDeps

  constructor(deps: HoldSweeperDeps) {
    this.deps = deps
    this.statements = ledgerStatements(deps.dialect, deps.sqlite)
  }

  /** First beat and a first sweep before the instance serves; then on every beat. */
  async start(): Promise<void> {
    await this.tick()
    this.timer = setInterval(() => void this.tick(), this.deps.heartbeatSeconds * 1000)
    this.timer.unref()
  }

  /** One round; concurrent calls share it. */
  tick(): Promise<void> {
    this.running ??= this.round().finally(() => {
      this.running = undefined
    })
    return this.running
  }

  /**
   * Whether another process writes to this database now: another worker, or another instance (by
   * the heartbeats in the instance table). An error counts as yes, the safe answer for a caller
   * that waits for what another process may be writing.
   */
  async anotherProcessAlive(): Promise<boolean> {
    const aliveSince = nowSeconds() - 3 * this.deps.heartbeatSeconds
    return anotherInstanceAlive(this.deps.db, this.deps.ledger.instanceId, aliveSince).catch(() => true)
  }

  /** Stops beating and leaves the instance table (after the ledger has drained). */
  async stop(): Promise<void> {
    clearInterval(this.timer)
    await this.running
    await this.deps.ledger.replaySpool()
    await this.deps.forwardOutbox?.().catch(() => undefined)
    if (this.deps.ledger.spooled === 0)
      await removeInstance(this.deps.db, this.deps.ledger.instanceId).catch(() => undefined)
  }

  private async round(): Promise<void> {
    const { db, ledger, logger } = this.deps
    const now = nowSeconds()
    try {
      await beatInstance(db, ledger.instanceId, now)
    } catch (error) {
      logger.warn({ err: String(error) }, 'ledger heartbeat failed')
      return
    }
    // Spooled settlements first: their holds must not be swept as interrupted.
    if (!(await ledger.replaySpool())) return
    try {
      await this.sweep(now)
      await this.deps.forwardOutbox?.()
      await pruneInstances(db, now - 86_400)
    } catch (error) {
      logger.warn({ err: String(error) }, 'hold sweep failed; will retry')
    }
  }

  private async sweep(now: number): Promise<void> {
    const { db, ledger, options, language } = this.deps
    const aliveSince = now - 3 * this.deps.heartbeatSeconds
    for (;;) {
      const orphans = await listOrphanHolds(db, ledger.instanceId, aliveSince, 200)
      if (orphans.length === 0) return
      const display = {
        quotaPerUnit: options.number('QuotaPerUnit'),
        displayInCurrency: options.bool('DisplayInCurrencyEnabled'),
      }
      const logged = options.bool('LogConsumeEnabled')
      await inTransaction(db, this.deps.sqlite, (trx) =>
        applyOps(
          trx,
          this.statements,
          this.deps.logsInMainDb,
          orphans.map((row) => ({
            kind: 'release' as const,
            hold: {
              id: row.id,
              payer: { userId: row.user_id, tokenId: row.token_id || undefined, tokenUnlimited: !row.token_limited },
              amount: Number(row.amount),
              // A covered request's money is in its lease, which goes back on its own.
              ...(row.kind === HoldKind.covered ? { lease: row.lease_id, journaled: true } : {}),
            },
            // A lease is not a request: its money goes back without a row.
            log:
              logged && row.kind !== HoldKind.lease
                ? {
                    user_id: row.user_id,
                    created_at: now,
                    type: LogType.consume,
                    ...logTextColumns(
                      language,
                      'log.interrupted',
                      { quota: formatQuota(Number(row.amount), display) },
                      { interrupted: true, held: Number(row.amount), request: row.id }
                    ),
                    username: row.username,
                    token_name: row.token_name,
                    model_name: row.model_name,
                    quota: 0,
                    token_id: row.token_id,
                    group: row.group,
                    request_id: row.request_id ?? '',
                  }
                : undefined,
          }))
        )
      )
      this.deps.logger.warn(
        {
          holds: orphans.length,
          quota: orphans.reduce((sum, row) => sum + (row.kind === HoldKind.covered ? 0 : Number(row.amount)), 0),
        },
        'returned the holds of interrupted requests'
      )
    }
  }
}
