import type { Id, UnixSeconds, WithDefault } from './common.ts'

/** quota_holds: reservations of requests in flight (see the 0004-ledger migration). */
export interface QuotaHoldsTable {
  /** the ledger's id for the request */
  id: string
  /** the ledger_instances id of the process that holds it */
  owner: string
  user_id: number
  token_id: WithDefault<number>
  /** 1 when the token's remain_quota was taken too */
  token_limited: WithDefault<number>
  amount: number
  created_at: UnixSeconds
  username: WithDefault<string>
  token_name: WithDefault<string>
  model_name: WithDefault<string>
  group: WithDefault<string>
  /** the request the hold belongs to (our request id) */
  request_id: WithDefault<string>
  /** 0 a request's own hold, 1 a lease, 2 a request covered by a lease (see the 0018-ledger-leases migration) */
  kind: WithDefault<number>
  /** kind 2: the lease whose amount covers the request */
  lease_id: WithDefault<string>
  /** kind 1: the number of the last settlement charged to the lease */
  seq: WithDefault<number>
}

/** ledger_instances: one heartbeat per running process. */
export interface LedgerInstancesTable {
  id: string
  started_at: UnixSeconds
  heartbeat_at: UnixSeconds
}

/** log_outbox: usage rows (JSON) waiting to be moved to the separate log database. */
export interface LogOutboxTable {
  id: Id
  payload: string
}
