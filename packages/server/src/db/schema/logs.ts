import type { Bool, Id, UnixSeconds, WithDefault } from './common.ts'

/** logs: usage and audit records; may live in the separate LOG_SQL_DSN database. */
export interface LogsTable {
  id: Id
  user_id: WithDefault<number>
  created_at: UnixSeconds
  /** 0 unknown, 1 top-up, 2 consume, 3 manage, 4 system, 5 error, 6 refund */
  type: WithDefault<number>
  content: WithDefault<string>
  username: WithDefault<string>
  token_name: WithDefault<string>
  model_name: WithDefault<string>
  quota: WithDefault<number>
  prompt_tokens: WithDefault<number>
  completion_tokens: WithDefault<number>
  /** seconds */
  use_time: WithDefault<number>
  is_stream: Bool
  channel_id: WithDefault<number>
  token_id: WithDefault<number>
  group: WithDefault<string>
  ip: WithDefault<string>
  /** our request id: the X-Oneapi-Request-Id the client got */
  request_id: WithDefault<string>
  /** the id the upstream gave its answer (its request-id header), '' when it sent none */
  upstream_request_id: WithDefault<string>
  /** JSON: ratios, prices, cache and audio tokens, latency, ... */
  other: WithDefault<string>
}

/** quota_data: hourly rollups of consumption for the dashboard. */
export interface QuotaDataTable {
  id: Id
  user_id: number
  username: WithDefault<string>
  model_name: WithDefault<string>
  /** start of the hour bucket */
  created_at: UnixSeconds
  /** the group the requests were billed in; with token, channel and node, rows are per bucket as the reference writes them */
  use_group: WithDefault<string>
  token_id: WithDefault<number>
  channel_id: WithDefault<number>
  /** the instance that settled them (NODE_NAME or host name) */
  node_name: WithDefault<string>
  token_used: WithDefault<number>
  count: WithDefault<number>
  quota: WithDefault<number>
}
