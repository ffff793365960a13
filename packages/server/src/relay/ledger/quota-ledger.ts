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
import { give } from './balance-ops.ts'
import { LEASE_IDLE_MS } from './lease-budget.ts'
import { LeasedReservations, type LedgerQueue, type Reserved } from './leased-reservations.ts'
import {
  applyOps,
  LedgerUnavailableError,
  type Hold,
  type HoldLabel,
  type LedgerOp,
  type OpResult,
  type Payer,
  type ReserveOptions,
  type Settlement,
} from './ledger-ops.ts'
import type { LedgerSpool, SpoolEntry } from './ledger-spool.ts'
import { applySpooled, keepForLater, spoolEntryOf } from './spooled-settlements.ts'

export type { Hold, HoldLabel, Payer, ReserveOptions, Settlement } from './ledger-ops.ts'
export { LedgerUnavailableError } from './ledger-types.ts'

interface Pending {
  op: LedgerOp
  resolve: (result: OpResult) => void
  reject: (error: unknown) => void
}

const MAX_BATCH = 500
/** After a replay of the spool found the database away, the next is tried this much later. */
const REPLAY_PAUSE_MS = 250
/**
 * How long a settlement may wait for others. Each commit writes every page it touched (balances,
 * holds, the log table and its indexes, counters), so committing settlements in groups is what
 * keeps the ledger cheap; the hold covers the charge meanwhile, and a crash in that window returns
 * the hold as an interrupted request.
 */
const SETTLE_WINDOW_MS = 20

/**
 * The only code that moves quota for relayed requests, with three guarantees:
 * - a reservation takes from token and user and records its hold in one transaction; a relayed
 *   request of a payer with an ample balance is instead reserved in memory from a lease this
 *   process took from that balance in one transaction (see LeaseBudget), and its row is written in
 *   the next group commit while it runs;
 * - a settlement deletes the hold, moves both balances, adds the channel's and the dashboard's
 *   counters and writes the usage row in one transaction, and only if the hold was still there
 *   (a covered request: if its lease is still there and has not been charged with it, by its
 *   number), so it happens once across processes, restarts and replays;
 * - a settlement the database cannot take now is spooled durably and applied when it returns,
 *   before any later batch.
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
  private readonly leased: LeasedReservations
  /** the last transaction failed because the database is away: no request is served from a lease meanwhile */
  private databaseDown = false
  private readonly idleTimer: NodeJS.Timeout
  /** no spool replay before this (the last one found the database away) */
  private replayPausedUntil = 0
  /** leases to give back that the database could not take; tried again every LEASE_IDLE_MS */
  private deferred: Pending[] = []

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
    const queue: LedgerQueue = {
      instanceId: this.instanceId,
      databaseDown: () => this.databaseDown,
      submit: (op) => this.submit(op),
      later: (op) => this.later(op),
      soon: () => this.armSettleTimer(),
      newHold: (payer, amount) => this.newHold(payer, amount),
    }
    this.leased = new LeasedReservations(queue)
    this.idleTimer = setInterval(() => this.everySecond(), LEASE_IDLE_MS)
    this.idleTimer.unref()
  }

  /**
   * Holds `amount` for a request: from the token (when limited) and the user, with the hold's
   * row. Answers which side could not pay, or the hold and the user's balance after it.
   * Throws LedgerUnavailableError when the database cannot be reached.
   */
  async reserve(payer: Payer, amount: number, label: HoldLabel, options: ReserveOptions = {}): Promise<Reserved> {
    const share = Math.max(0, amount)
    if (options.leased && !this.databaseDown) return this.leased.reserve(payer, share, label, options.tokenHash)
    const hold = this.newHold(payer, share)
    const result = await this.submit({ kind: 'reserve', hold, label, owner: this.instanceId, now: nowSeconds() })
    return result.shortfall ? { shortfall: result.shortfall } : { hold, balanceAfter: result.balanceAfter }
  }

  private newHold(payer: Payer, amount: number): Hold {
    return { id: `${this.instanceId}-${(++this.holdCounter).toString(36)}`, payer, amount }
  }

  /** Adds `extra` to a hold (a realtime session that outgrew it); answers the side that could not pay. */
  async grow(hold: Hold, extra: number): Promise<'token' | 'user' | undefined> {
    if (extra <= 0) return undefined
    if (hold.lease) return this.leased.grow(hold, extra)
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
    const seq = hold.lease ? this.leased.finish(hold, settlement.charge) : undefined
    if (hold.lease && seq === undefined) return Promise.resolve(0)
    return this.submit({ kind: 'settle', hold, settlement: { ...settlement, nodeName: this.nodeName }, seq }).then(
      (result) => {
        if (result.leaseGone) this.leased.dropLease(hold.lease)
        return result.collected ?? 0
      }
    )
  }

  /** Gives a hold back in full (nothing was produced). Spooled like a settlement when it must be. */
  async release(hold: Hold): Promise<void> {
    if (!hold.lease) {
      await this.submit({ kind: 'release', hold })
      return
    }
    // A covered share is free again at once; only its row (if written) is left to delete, by the next group commit.
    if (this.leased.finish(hold, 0) !== undefined) this.later({ kind: 'release', hold })
  }

  /**
   * Closes the budgets of the payers this predicate picks (their user or token changed: an admin's
   * edit of a balance or a token takes effect at once), and gives their leases back.
   */
  closeBudgets(which: (payer: Payer, tokenHash: string | undefined) => boolean): void {
    this.leased.close(which)
  }

  /** Once a second: idle leases go back, and leases the database could not take back are tried again. */
  private everySecond(): void {
    if (this.deferred.length > 0) {
      this.settlements.push(...this.deferred)
      this.deferred = []
      this.armSettleTimer()
    }
    this.leased.closeIdle()
  }

  /** An operation nobody waits for, committed with the next settlements. */
  private later(op: LedgerOp): void {
    void this.submit(op).catch((error: unknown) =>
      this.logger.error({ err: String(error), op: op.kind }, 'ledger operation failed')
    )
  }

  /** Gives quota back outside any hold (a task that failed after it was charged). */
  async refund(payer: Payer, amount: number): Promise<void> {
    if (amount <= 0) return
    await this.transaction((trx) => give(trx, this.statements, payer, amount))
  }

  /** Stops the timer that gives idle leases back (after the last idle()). */
  stop(): void {
    clearInterval(this.idleTimer)
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
    this.leased.close(() => true)
    // Journal rows are not waited for while the database is away: they are moot once the requests end.
    const journaling = () => this.leased.journalLength > 0 && !this.databaseDown
    while (this.urgent.length > 0 || this.settlements.length > 0 || journaling() || this.flushing) {
      this.settleDue = true
      this.kick()
      await new Promise((done) => setTimeout(done, 2))
    }
  }

  /**
   * Applies what was spooled, in one transaction; true when nothing is left. Runs between the
   * ledger's own batches (never beside one), so spooled settlements keep their order.
   */
  async replaySpool(): Promise<boolean> {
    if (this.spool.size === 0) return true
    // A batch of its own: the spool is replayed before any batch is committed.
    const outcome = await this.submit({ kind: 'barrier' }).then(
      () => true,
      (error: unknown) => {
        if (error instanceof LedgerUnavailableError) return false
        throw error
      }
    )
    return outcome && this.spool.size === 0
  }

  private async replaySpoolNow(): Promise<boolean> {
    if (this.spool.size === 0) return true
    // While the database is away every batch would try again: once per REPLAY_PAUSE_MS is enough.
    if (Date.now() < this.replayPausedUntil) return false
    const outcome = await applySpooled(this.spool, this.logger, (ops) =>
      this.transaction((trx) => applyOps(trx, this.statements, this.logsInMainDb, ops))
    )
    if (outcome === 'away') this.replayPausedUntil = Date.now() + REPLAY_PAUSE_MS
    return outcome === 'applied'
  }

  get spooled(): number {
    return this.spool.size
  }

  private transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return inTransaction(this.db, this.sqlite, work)
  }

  private submit(op: LedgerOp): Promise<OpResult> {
    return new Promise((resolve, reject) => {
      const pending = { op, resolve, reject }
      if (isUrgent(op)) this.urgent.push(pending)
      else {
        this.settlements.push(pending)
        if (this.settlements.length >= MAX_BATCH) this.settleDue = true
        else this.armSettleTimer()
      }
      this.kick()
    })
  }

  /** Settlements and journal rows gather for SETTLE_WINDOW_MS, then commit together. */
  private armSettleTimer(): void {
    this.settleTimer ??= setTimeout(() => {
      this.settleTimer = undefined
      this.settleDue = true
      this.kick()
    }, SETTLE_WINDOW_MS)
  }

  private kick(): void {
    const later = this.settlements.length > 0 || this.leased.journalLength > 0
    if (this.flushing || (this.urgent.length === 0 && !(this.settleDue && later))) return
    this.flushing = true
    setImmediate(() => void this.flush())
  }

  /** One transaction at a time: what is urgent, and the settlements once their window is over. */
  private async flush(): Promise<void> {
    for (;;) {
      const batch = this.urgent.splice(0, MAX_BATCH)
      if (this.settleDue) {
        const journal = this.leased.takeJournal()
        if (journal) batch.push({ op: journal, resolve: () => {}, reject: () => {} })
        batch.push(...this.settlements.splice(0, MAX_BATCH - batch.length))
        if (this.settlements.length === 0) this.settleDue = false
      }
      if (batch.length === 0) break
      // Spooled settlements go first, so that a lease is charged in the order its settlements were numbered.
      if (this.spool.size > 0 && !(await this.replaySpoolNow())) {
        this.unjournal(batch)
        this.fail(batch, new LedgerUnavailableError(new Error('spooled settlements are still waiting')))
        continue
      }
      try {
        const results = await this.transaction((trx) =>
          applyOps(
            trx,
            this.statements,
            this.logsInMainDb,
            batch.map((p) => p.op)
          )
        )
        this.databaseDown = false
        batch.forEach((pending, index) => pending.resolve(results[index] as OpResult))
      } catch (error) {
        this.unjournal(batch)
        if (isDatabaseUnavailable(error) || batch.length === 1) this.fail(batch, error)
        else await this.oneByOne(batch)
      }
    }
    this.flushing = false
    // Settlements still gathering keep their timer; it kicks again when their window ends.
  }

  /** A batch that did not commit wrote no journal rows: those requests wait for the next one. */
  private unjournal(batch: Pending[]): void {
    for (const { op } of batch) if (op.kind === 'journal') this.leased.unjournal(op.entries)
  }

  /** A batch that failed for another reason than the database being away: each operation alone, so one bad row cannot sink the others. */
  private async oneByOne(batch: Pending[]): Promise<void> {
    for (const pending of batch) {
      // The journal's entries went back to the queue; they are written with the next batch.
      if (pending.op.kind === 'journal') continue
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
    const unavailable = isDatabaseUnavailable(error) || error instanceof LedgerUnavailableError
    if (isDatabaseUnavailable(error)) countDatabaseError('ledger')
    if (unavailable) this.databaseDown = true
    const keep: SpoolEntry[] = []
    for (const pending of batch) {
      const { op } = pending
      const entry = spoolEntryOf(op)
      if (entry) keep.push(entry)
      // A lease given back later is still a lease: the money stays in its row until then.
      else if (op.kind === 'unlease' && unavailable) this.deferred.push(pending)
      else if (op.kind === 'journal') pending.resolve({})
      else pending.reject(unavailable ? new LedgerUnavailableError(error) : error)
    }
    if (keep.length === 0) return
    keepForLater(this.spool, this.logger, keep, error)
    for (const pending of batch) {
      if (pending.op.kind === 'settle') pending.resolve({ collected: pending.op.settlement.charge })
      else if (pending.op.kind === 'release') pending.resolve({})
    }
  }
}

/** Reservations, leases and releases are waited for by a request: they go in the next transaction. */
function isUrgent(op: LedgerOp): boolean {
  return (
    op.kind === 'reserve' ||
    op.kind === 'grow' ||
    op.kind === 'lease' ||
    op.kind === 'barrier' ||
    (op.kind === 'release' && !op.hold.lease)
  )
}
