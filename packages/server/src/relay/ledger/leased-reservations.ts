import { nowSeconds } from '../../lib/time.ts'
import { budgetKey, LEASE_IDLE_MS, LEASE_REFUSED_MS, LeaseBudget } from './lease-budget.ts'
import type { Hold, HoldLabel, JournalEntry, LedgerOp, OpResult, Payer } from './ledger-types.ts'

/**
 * A covered hold already settled or released (a second settlement of one charges nothing), marked
 * on the hold itself under a symbol (not written to the spool): a WeakSet taking an entry per
 * request kept dead holds alive through young-generation collections.
 */
const kFinished = Symbol('finished')
const isFinished = (hold: Hold) => (hold as Hold & { [kFinished]?: true })[kFinished] === true
const markFinished = (hold: Hold) => {
  ;(hold as Hold & { [kFinished]?: true })[kFinished] = true
}

/** What a reservation answers: the hold, or the side that could not pay. */
export interface Reserved {
  hold?: Hold
  shortfall?: 'token' | 'user'
  balanceAfter?: number
}

/** What the leases need of the ledger around them. */
export interface LedgerQueue {
  readonly instanceId: string
  /** the last transaction found the database away */
  databaseDown(): boolean
  submit(op: LedgerOp): Promise<OpResult>
  /** an operation nobody waits for, committed with the next settlements */
  later(op: LedgerOp): void
  /** a group commit within the settlement window (for the journal) */
  soon(): void
  newHold(payer: Payer, amount: number): Hold
}

/**
 * The relayed requests a process reserves from leases: one LeaseBudget per payer, its lease taken
 * or grown one operation at a time, requests covered in memory, their rows written with the next
 * group commit (the journal), the leases given back when idle, closed or at the end.
 */
export class LeasedReservations {
  private readonly queue: LedgerQueue
  private leaseCounter = 0
  /** budgets by payer, and by lease id (a closing budget is only in the second) */
  private readonly budgets = new Map<string, LeaseBudget>()
  private readonly leases = new Map<string, LeaseBudget>()
  /** covered requests whose row is not written yet */
  private unjournaled: JournalEntry[] = []

  constructor(queue: LedgerQueue) {
    this.queue = queue
  }

  /** covered requests waiting for their row */
  get journalLength(): number {
    return this.unjournaled.length
  }

  /**
   * A relayed request: covered by the payer's budget when its free part suffices (no database
   * work now); else the budget's lease is taken or grown first, one lease operation at a time per
   * payer. A payer that cannot afford a lease gets the request's own hold, in the same transaction.
   */
  async reserve(payer: Payer, amount: number, label: HoldLabel, tokenHash: string | undefined): Promise<Reserved> {
    const key = budgetKey(payer)
    let budget = this.budgets.get(key)
    if (!budget) {
      const id = `${this.queue.instanceId}-L${(++this.leaseCounter).toString(36)}`
      budget = new LeaseBudget(key, payer, id, tokenHash)
      this.budgets.set(key, budget)
      this.leases.set(budget.id, budget)
    }
    for (;;) {
      const nowMs = Date.now()
      const usable = !budget.closing && !this.queue.databaseDown()
      if (usable && budget.free >= amount) return this.cover(budget, amount, label, nowMs)
      if (budget.pending) {
        budget.waiting += amount
        await budget.pending
        budget.waiting -= amount
        continue
      }
      const hold = this.queue.newHold(payer, amount)
      const now = nowSeconds()
      if (!usable || budget.refusedUntilMs > nowMs) {
        const result = await this.queue.submit({ kind: 'reserve', hold, label, owner: this.queue.instanceId, now })
        return result.shortfall ? { shortfall: result.shortfall } : { hold, balanceAfter: result.balanceAfter }
      }
      const giveBack = budget.free
      const result = await this.takeLease(budget, budget.nextSize(amount), label, giveBack, { hold, label })
      if (result.granted) continue
      budget.free -= giveBack
      budget.refusedUntilMs = nowMs + LEASE_REFUSED_MS
      return result.shortfall ? { shortfall: result.shortfall } : { hold, balanceAfter: result.balanceAfter }
    }
  }

  /** More for a covered request (a retry in a dearer group): from its budget, grown if it must be. */
  async grow(hold: Hold, extra: number): Promise<'token' | 'user' | undefined> {
    const budget = this.leases.get(hold.lease ?? '')
    if (!budget || isFinished(hold)) return 'user'
    while (budget.pending) await budget.pending
    if (budget.free < extra && !budget.closing && !this.queue.databaseDown())
      await this.takeLease(budget, budget.nextSize(extra), { username: '', tokenName: '', model: '', group: '' }, 0)
    if (budget.free < extra) return 'user'
    budget.free -= extra
    budget.held += extra
    hold.amount += extra
    return undefined
  }

  /**
   * A covered request ended, charged `charge`: its share leaves the budget, once. Answers the
   * number of its settlement within the lease, or undefined when it was finished before or its
   * lease is gone (nothing is to be charged then).
   */
  finish(hold: Hold, charge: number): number | undefined {
    if (isFinished(hold)) return undefined
    markFinished(hold)
    const budget = this.leases.get(hold.lease ?? '')
    if (!budget) return undefined
    budget.finish(hold.amount, charge)
    if (budget.closing && budget.outstanding === 0) this.queueClose(budget)
    return ++budget.seq
  }

  /** The lease was swept while this process was taken for dead: its budget is gone, new requests lease again. */
  dropLease(id: string | undefined): void {
    const budget = this.leases.get(id ?? '')
    if (!budget) return
    this.leases.delete(budget.id)
    if (this.budgets.get(budget.key) === budget) this.budgets.delete(budget.key)
    budget.closing = true
    budget.free = 0
  }

  /**
   * Closes the budgets this predicate picks (their payer changed: an admin's edit of a balance or a
   * token takes effect at once): no new request is served from them, and their leases go back.
   */
  close(which: (payer: Payer, tokenHash: string | undefined) => boolean): void {
    for (const budget of [...this.budgets.values()]) if (which(budget.payer, budget.tokenHash)) this.closeBudget(budget)
  }

  /** Gives back the leases nobody used for LEASE_IDLE_MS. */
  closeIdle(): void {
    const nowMs = Date.now()
    for (const budget of [...this.budgets.values()])
      if (budget.outstanding === 0 && !budget.pending && nowMs - budget.lastUsedMs >= LEASE_IDLE_MS)
        this.closeBudget(budget)
  }

  /** The rows of the covered requests still running (those that ended meanwhile need none). */
  takeJournal(): LedgerOp | undefined {
    const entries = this.unjournaled.filter((entry) => !isFinished(entry.hold))
    this.unjournaled = []
    return entries.length > 0 ? { kind: 'journal', entries } : undefined
  }

  /** A journal that did not commit wrote no rows: those requests wait for the next one. */
  unjournal(entries: JournalEntry[]): void {
    for (const entry of entries) {
      entry.hold.journaled = false
      if (!isFinished(entry.hold)) this.unjournaled.push(entry)
    }
  }

  /** A request's share of a budget; its row is written in the next group commit. */
  private cover(budget: LeaseBudget, amount: number, label: HoldLabel, nowMs: number): Reserved {
    budget.cover(amount, nowMs)
    const hold: Hold = { ...this.queue.newHold(budget.payer, amount), lease: budget.id, journaled: false }
    this.unjournaled.push({ hold, label, owner: this.queue.instanceId, now: nowSeconds() })
    this.queue.soon()
    return { hold, balanceAfter: budget.balanceAfter() }
  }

  /** Takes or grows the budget's lease, the only lease operation of this payer until it is done. */
  private async takeLease(
    budget: LeaseBudget,
    size: number,
    label: HoldLabel,
    giveBack: number,
    fallback?: { hold: Hold; label: HoldLabel }
  ): Promise<OpResult> {
    let done = () => {}
    budget.pending = new Promise<void>((resolve) => (done = resolve))
    try {
      const result = await this.queue.submit({
        kind: 'lease',
        lease: {
          id: budget.id,
          payer: budget.payer,
          size,
          create: !budget.granted,
          owner: this.queue.instanceId,
          now: nowSeconds(),
          label,
          giveBack,
          fallback,
        },
      })
      if (result.granted) {
        budget.granted = true
        budget.free += size
        budget.userBalance = result.balanceAfter
      }
      return result
    } finally {
      budget.pending = undefined
      done()
    }
  }

  private closeBudget(budget: LeaseBudget): void {
    if (this.budgets.get(budget.key) === budget) this.budgets.delete(budget.key)
    if (budget.closing) return
    budget.closing = true
    if (budget.outstanding > 0 && budget.free > 0) {
      // What no request holds goes back now; the rest when the last request ended.
      this.queue.later({ kind: 'unlease', id: budget.id, payer: budget.payer, amount: budget.free, close: false })
      budget.free = 0
    }
    if (budget.outstanding === 0) this.queueClose(budget)
  }

  private queueClose(budget: LeaseBudget): void {
    this.leases.delete(budget.id)
    if (budget.granted)
      this.queue.later({ kind: 'unlease', id: budget.id, payer: budget.payer, amount: 0, close: true })
  }
}
