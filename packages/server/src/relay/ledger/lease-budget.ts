import type { Payer } from './ledger-ops.ts'

/** The first lease, and every extension, covers at least this many requests of the size that asked for it. */
export const LEASE_REQUESTS = 8
/** A lease nobody has used for this long is given back. */
export const LEASE_IDLE_MS = 1000
/** After a payer could not afford a lease, its requests take their own holds for this long before it is tried again. */
export const LEASE_REFUSED_MS = 5000

/** One budget per payer: user, or user and limited token (their balances are taken together). */
export const budgetKey = (payer: Payer): string =>
  payer.tokenId !== undefined && !payer.tokenUnlimited ? `${payer.userId}:${payer.tokenId}` : `${payer.userId}`

/**
 * A process's budget for one payer: a lease (a quota_holds row of kind 1 holding money taken from
 * the payer) from which requests are reserved in memory. At every moment the lease's row holds
 * `free` + the shares of the requests in flight (`held`) + the charges queued for commit, so what
 * the row holds is always covered by what this process owes against it.
 */
export class LeaseBudget {
  readonly key: string
  readonly payer: Payer
  /** the lease's row id */
  readonly id: string
  /** the token's lookup hash, to close the budget when the token changes */
  readonly tokenHash: string | undefined
  /** the row exists (a lease was granted at least once) */
  granted = false
  /** what no request holds and no queued charge needs */
  free = 0
  /** the shares of the covered requests in flight */
  held = 0
  /** covered requests in flight */
  outstanding = 0
  /** the last settlement number given out (the row's seq catches up as they commit) */
  seq = 0
  /** takes no new requests; given back once the last one finished */
  closing = false
  /** a lease (or extension) on its way to the database */
  pending: Promise<void> | undefined
  /** shares of requests waiting for that lease */
  waiting = 0
  lastUsedMs = 0
  refusedUntilMs = 0
  /** the user's balance after the last lease, when the database told it */
  userBalance: number | undefined

  constructor(key: string, payer: Payer, id: string, tokenHash: string | undefined) {
    this.key = key
    this.payer = payer
    this.id = id
    this.tokenHash = tokenHash
  }

  /** How much the next lease (or extension) for a request of `amount` takes: room for the requests in flight twice over. */
  nextSize(amount: number): number {
    return Math.max(amount * LEASE_REQUESTS, (this.held + this.waiting + amount) * 2)
  }

  /** A request's share taken from the free part. */
  cover(amount: number, nowMs: number): void {
    this.free -= amount
    this.held += amount
    this.outstanding++
    this.lastUsedMs = nowMs
  }

  /** A covered request ended; `charged` of its share is owed to the lease (the rest is free again). */
  finish(amount: number, charged: number): void {
    this.held -= amount
    this.outstanding--
    this.free += amount - Math.min(Math.max(0, charged), amount)
  }

  /** What a balance reading says is left to the user: the balance outside the lease and the lease's free part. */
  balanceAfter(): number | undefined {
    return this.userBalance === undefined ? undefined : this.userBalance + this.free
  }
}
