import type { LogRow } from '../../db/queries/ledger.ts'
import type { Language } from '../../i18n/messages.ts'

/** Who pays: the user always, the token unless it is unlimited or absent (the playground). */
export interface Payer {
  userId: number
  tokenId?: number
  tokenUnlimited: boolean
}

/** What a hold row says about its request, so an interrupted one can be logged. */
export interface HoldLabel {
  username: string
  tokenName: string
  model: string
  group: string
  /** our request id, written into the row of an interrupted request */
  requestId?: string
}

/** The final charge of a hold and everything that is recorded with it. */
export interface Settlement {
  charge: number
  now: number
  channelId: number
  /** prompt + completion tokens, for the dashboard's hourly rows */
  tokens: number
  userId: number
  username: string
  model: string
  /** add to quota_data (the dashboard's data export is on) */
  rollup: boolean
  /** the group the request was billed in, for its quota_data row ('' when unknown) */
  group?: string
  /** the instance that settled it (NODE_NAME or the host name), for its quota_data row; set by the ledger */
  nodeName?: string
  /** the usage row; its quota is set to what was collected (absent when consume logs are off) */
  log?: LogRow
  /** how to say in the row that part of the charge could not be collected */
  note?: { language: Language; quotaPerUnit: number; displayInCurrency: boolean }
}

/** A reservation in flight: its durable row is `quota_holds.id`. */
export interface Hold {
  id: string
  payer: Payer
  amount: number
  /** a request covered by a lease: the lease's row id; the amount is inside the lease */
  lease?: string
  /** a covered request's row (kind 2) was written; a request's own hold always has its row */
  journaled?: boolean
}

/** A lease to take or extend, and what to do instead when the payer cannot afford one. */
export interface LeaseTake {
  /** the lease's row id */
  id: string
  payer: Payer
  size: number
  /** the row is made now (else it exists and grows) */
  create: boolean
  owner: string
  now: number
  label: HoldLabel
  /** refused: first give this much of the lease back (what no request holds), so the payer's whole balance is seen */
  giveBack: number
  /** refused: a request's own hold instead */
  fallback?: { hold: Hold; label: HoldLabel }
}

/** The row of a covered request, written while it runs so that a crash leaves a trace of it. */
export interface JournalEntry {
  hold: Hold
  label: HoldLabel
  owner: string
  now: number
}

export type LedgerOp =
  | { kind: 'reserve'; hold: Hold; label: HoldLabel; owner: string; now: number }
  | { kind: 'grow'; hold: Hold; extra: number }
  /** `seq` numbers a covered request's settlement within its lease (charged once, in order) */
  | { kind: 'settle'; hold: Hold; settlement: Settlement; seq?: number }
  /** `log` is written only when the hold was still there (the sweeper's row for an interrupted request) */
  | { kind: 'release'; hold: Hold; log?: LogRow }
  | { kind: 'lease'; lease: LeaseTake }
  | { kind: 'journal'; entries: JournalEntry[] }
  /** gives `amount` of a lease back to its payer; `close` then gives back whatever is left and removes it */
  | { kind: 'unlease'; id: string; payer: Payer; amount: number; close: boolean }
  /** does nothing: a batch of its own, before which the spool is replayed */
  | { kind: 'barrier' }

export interface OpResult {
  shortfall?: 'token' | 'user'
  balanceAfter?: number
  collected?: number
  /** lease: taken (or extended); refused leases answer the fallback's result */
  granted?: boolean
  /** a covered settlement found its lease gone (swept while this process was taken for dead) */
  leaseGone?: boolean
}

/** Hold row kinds (quota_holds.kind). */
export const HoldKind = { request: 0, lease: 1, covered: 2 } as const

/** A lease is taken only from a balance this many times its size, so a payer's money is never mostly parked in leases. */
export const LEASE_HEADROOM = 8

/** The database could not take a reservation (lost connection, restart, busy file). */
export class LedgerUnavailableError extends Error {
  constructor(cause: unknown) {
    super('database unavailable', { cause })
  }
}

/** What a reservation may do besides taking its own hold. */
export interface ReserveOptions {
  /** served from a lease of this process when the payer's balance allows one (relayed requests) */
  leased?: boolean
  /** the token's lookup hash, so a change of the token closes its budget */
  tokenHash?: string
}
