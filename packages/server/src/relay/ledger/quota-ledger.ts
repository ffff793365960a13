import { randomBytes } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'
import type { Kysely } from 'kysely'
import type { DialectName } from '../../db/dsn.ts'
import { isDatabaseUnavailable } from '../../db/errors.ts'
import { ledgerStatements, type LedgerStatements } from '../../db/queries/ledger.ts'
import type { Database } from '../../db/schema/index.ts'
import { inTransaction } from '../../db/sqlite-direct.ts'
import type { Logger } from '../../lib/logger.ts'
import { nowSeconds } from '../../lib/time.ts'
import { countDatabaseError } from '../../metrics/process-errors.ts'
import {
  applyOps,
  type Hold,
  type HoldLabel,
  type LedgerOp,
  type OpResult,
  type Payer,
  type Settlement,
} from './ledger-ops.ts'
import type { LedgerSpool, SpoolEntry } from './ledger-spool.ts'

export type { Hold, HoldLabel, Payer, Settlement } from './ledger-ops.ts'

/** The database could not take a reservation (lost connection, restart, busy file). */
export class LedgerUnavailableError extends Error {
  constructor(cause: unknown) {
    super('database unavailable', { cause })
  }
}

interface Pending {
  op: LedgerOp
  resolve: (result: OpResult) => void
  reject: (error: unknown) => void
}

const MAX_BATCH = 500
/**
 * How long a settlement may wait for others. Each commit writes every page it touched (balances,
 * holds, the log table and its indexes, counters), so committing settlements in groups is what
 * keeps the ledger cheap; the hold covers the charge meanwhile, and a crash in that window returns
 * the hold as an interrupted request.
 */
const SETTLE_WINDOW_MS = 20

/**
 * The only code that moves quota for relayed requests, with three guarantees:
 * - a reservation takes from token and user and records its hold in one transaction;
 * - a settlement deletes the hold, moves both balances, adds the channel's and the dashboard's
 *   counters and writes the usage row in one transaction, and only if the hold was still there,
 *   so it happens once across processes, restarts and replays;
 * - a settlement the database cannot take now is spooled durably and applied when it returns.
 * Operations queue and commit together (one transaction per batch, one batch at a time), which is
 * the group commit that keeps this cheap; it also means a process never deadlocks with itself.
 */
export class QuotaLedger {
  /** this process's id in ledger_instances and quota_holds.owner */
  readonly instanceId = `${nowSeconds().toString(36)}-${randomBytes(6).toString('hex')}`
  private readonly db: Kysely<Database>
  private readonly statements: LedgerStatements
  private readonly sqlite: DatabaseSync | undefined
  private readonly logsInMainDb: boolean
  private readonly spool: LedgerSpool
  private readonly logger: Logger
  /** written on the quota_data rows this process settles, as the reference records its node */
  private readonly nodeName: string
  /** reservations and releases: a request waits for them, so they go in the next transaction */
  private urgent: Pending[] = []
  /** settlements: nobody waits for them, so they gather for SETTLE_WINDOW_MS and commit together */
  private settlements: Pending[] = []
  private settleTimer: NodeJS.Timeout | undefined
  private settleDue = false
  private flushing = false
  private holdCounter = 0

  constructor(deps: {
    db: Kysely<Database>
    dialect: DialectName
    sqlite?: DatabaseSync
    logsInMainDb: boolean
    spool: LedgerSpool
    logger: Logger
    nodeName?: string
  }) {
    this.nodeName = deps.nodeName ?? ''
    this.db = deps.db
    this.statements = ledgerStatements(deps.dialect, deps.sqlite)
    this.sqlite = deps.sqlite
    this.logsInMainDb = deps.logsInMainDb
    this.spool = deps.spool
    this.logger = deps.logger
  }

  /**
   * Holds `amount` for a request: from the token (when limited) and the user, with the hold's
   * row. Answers which side could not pay, or the hold and the user's balance after it.
   * Throws LedgerUnavailableError when the database cannot be reached.
   */
  async reserve(
    payer: Payer,
    amount: number,
    label: HoldLabel
  ): Promise<{ hold?: Hold; shortfall?: 'token' | 'user'; balanceAfter?: number }> {
    const hold: Hold = {
      id: `${this.instanceId}-${(++this.holdCounter).toString(36)}`,
      payer,
      amount: Math.max(0, amount),
    }
    const result = await this.submit({ kind: 'reserve', hold, label, owner: this.instanceId, now: nowSeconds() })
    return result.shortfall ? { shortfall: result.shortfall } : { hold, balanceAfter: result.balanceAfter }
  }

  /** Adds `extra` to a hold (a realtime session that outgrew it); answers the side that could not pay. */
  async grow(hold: Hold, extra: number): Promise<'token' | 'user' | undefined> {
    if (extra <= 0) return undefined
    const result = await this.submit({ kind: 'grow', hold, extra })
    if (!result.shortfall) hold.amount += extra
    return result.shortfall
  }

  /**
   * Turns a hold into the final charge and writes the usage row with it. A charge above the
   * hold takes the difference only as far as the balances reach (never below zero); the amount
   * collected is answered, and it is what the row records. Never fails: what the database cannot
   * take now is spooled and applied later.
   */
  settle(hold: Hold, settlement: Settlement): Promise<number> {
    return this.submit({ kind: 'settle', hold, settlement: { ...settlement, nodeName: this.nodeName } }).then(
      (result) => result.collected ?? 0
    )
  }

  /** Gives a hold back in full (nothing was produced). Spooled like a settlement when it must be. */
  async release(hold: Hold): Promise<void> {
    await this.submit({ kind: 'release', hold })
  }

  /** Gives quota back outside any hold (a task that failed after it was charged). */
  async refund(payer: Payer, amount: number): Promise<void> {
    if (amount <= 0) return
    await this.transaction(async (trx) => {
      if (payer.tokenId !== undefined && !payer.tokenUnlimited)
        await this.statements.giveToken.run(trx, [amount, payer.tokenId])
      await this.statements.giveUser.run(trx, [amount, payer.userId])
    })
  }

  /** What a payer can spend now: the user's balance, or the token's when that is lower. */
  async available(payer: Payer): Promise<number> {
    const user = Number(
      (await this.statements.readUser.run<{ quota: number }>(this.db, [payer.userId])).rows[0]?.quota ?? 0
    )
    if (payer.tokenId === undefined || payer.tokenUnlimited) return user
    const token = Number(
      (await this.statements.readToken.run<{ remain_quota: number }>(this.db, [payer.tokenId])).rows[0]?.remain_quota ??
        0
    )
    return Math.min(user, token)
  }

  /** The user's balance now. */
  async balance(userId: number): Promise<number> {
    const { rows } = await this.statements.readUser.run<{ quota: number }>(this.db, [userId])
    return Number(rows[0]?.quota ?? 0)
  }

  /** Commits what is queued now, settlements included; resolves once all of it is committed or spooled. */
  async idle(): Promise<void> {
    while (this.urgent.length > 0 || this.settlements.length > 0 || this.flushing) {
      this.settleDue = true
      this.kick()
      await new Promise((done) => setTimeout(done, 2))
    }
  }

  /** Applies what was spooled, in one transaction; true when nothing is left. */
  async replaySpool(): Promise<boolean> {
    const entries = this.spool.entries()
    if (entries.length === 0) return true
    try {
      await this.transaction((trx) => applyOps(trx, this.statements, this.logsInMainDb, entries.map(toOp)))
      this.spool.remove(entries)
      this.logger.info({ applied: entries.length }, 'spooled settlements applied')
      return true
    } catch (error) {
      this.logger.warn(
        { err: String(error), waiting: entries.length },
        'spooled settlements still waiting for the database'
      )
      return false
    }
  }

  get spooled(): number {
    return this.spool.entries().length
  }

  private transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return inTransaction(this.db, this.sqlite, work)
  }

  private submit(op: LedgerOp): Promise<OpResult> {
    return new Promise((resolve, reject) => {
      const pending = { op, resolve, reject }
      if (op.kind !== 'settle') this.urgent.push(pending)
      else {
        this.settlements.push(pending)
        if (this.settlements.length >= MAX_BATCH) this.settleDue = true
        else
          this.settleTimer ??= setTimeout(() => {
            this.settleTimer = undefined
            this.settleDue = true
            this.kick()
          }, SETTLE_WINDOW_MS)
      }
      this.kick()
    })
  }

  private kick(): void {
    if (this.flushing || (this.urgent.length === 0 && !(this.settleDue && this.settlements.length > 0))) return
    this.flushing = true
    setImmediate(() => void this.flush())
  }

  /** One transaction at a time: what is urgent, and the settlements once their window is over. */
  private async flush(): Promise<void> {
    for (;;) {
      const batch = this.urgent.splice(0, MAX_BATCH)
      if (this.settleDue) {
        batch.push(...this.settlements.splice(0, MAX_BATCH - batch.length))
        if (this.settlements.length === 0) this.settleDue = false
      }
      if (batch.length === 0) break
      try {
        const results = await this.transaction((trx) =>
          applyOps(
            trx,
            this.statements,
            this.logsInMainDb,
            batch.map((p) => p.op)
          )
        )
        batch.forEach((pending, index) => pending.resolve(results[index] as OpResult))
      } catch (error) {
        if (isDatabaseUnavailable(error) || batch.length === 1) this.fail(batch, error)
        else await this.oneByOne(batch)
      }
    }
    this.flushing = false
    // Settlements still gathering keep their timer; it kicks again when their window ends.
  }

  /** A batch that failed for another reason than the database being away: each operation alone, so one bad row cannot sink the others. */
  private async oneByOne(batch: Pending[]): Promise<void> {
    for (const pending of batch) {
      try {
        const [result] = await this.transaction((trx) =>
          applyOps(trx, this.statements, this.logsInMainDb, [pending.op])
        )
        pending.resolve(result as OpResult)
      } catch (error) {
        this.fail([pending], error)
      }
    }
  }

  /** Reservations fail (the client gets a 503); settlements and releases are kept for later. */
  private fail(batch: Pending[], error: unknown): void {
    if (isDatabaseUnavailable(error)) countDatabaseError('ledger')
    const keep: SpoolEntry[] = []
    for (const pending of batch) {
      const { op } = pending
      if (op.kind === 'settle' || op.kind === 'release')
        keep.push(
          op.kind === 'settle'
            ? { kind: 'settle', hold: op.hold, settlement: op.settlement }
            : { kind: 'release', hold: op.hold }
        )
      else pending.reject(isDatabaseUnavailable(error) ? new LedgerUnavailableError(error) : error)
    }
    if (keep.length === 0) return
    try {
      this.spool.append(keep)
      this.logger.error({ err: String(error), spooled: keep.length }, 'ledger write failed; settlements spooled')
    } catch (spoolError) {
      // Nowhere to keep them: the holds stay in the database and the sweeper returns them.
      this.logger.error(
        { err: String(spoolError), lost: keep.length },
        'ledger spool write failed; holds left for the sweeper'
      )
    }
    for (const pending of batch) {
      if (pending.op.kind === 'settle') pending.resolve({ collected: pending.op.settlement.charge })
      else if (pending.op.kind === 'release') pending.resolve({})
    }
  }
}

function toOp(entry: SpoolEntry): LedgerOp {
  return entry.kind === 'settle'
    ? { kind: 'settle', hold: entry.hold, settlement: entry.settlement }
    : { kind: 'release', hold: entry.hold }
}
