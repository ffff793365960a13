import { z } from 'zod'
import type { LogContentFields } from './log-content.ts'
import { pageQuery, searchText } from './pagination.ts'

/** Rows a log count reads at most; beyond it the total is reported as capped (see listLogs). */
export const LOG_COUNT_CAP = 10_000

const optionalInt = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined)

/** GET /api/log/ and /api/log/self. username and channel are honoured for admins only. */
export const listLogsQuery = pageQuery.extend({
  type: z.coerce.number().int().min(0).max(6).catch(0),
  username: searchText,
  token_name: searchText,
  model_name: searchText,
  group: searchText,
  start_timestamp: optionalInt,
  end_timestamp: optionalInt,
  channel: optionalInt,
  /** exact: our request id (X-Oneapi-Request-Id), or the upstream's */
  request_id: searchText,
  upstream_request_id: searchText,
})
export type ListLogsQuery = z.infer<typeof listLogsQuery>

/** One usage log row as the console sees it. */
export interface Log {
  id: number
  user_id: number
  created_at: number
  type: number
  content: string
  username: string
  token_name: string
  model_name: string
  quota: number
  prompt_tokens: number
  completion_tokens: number
  use_time: number
  is_stream: boolean
  channel: number
  /** admins only; '' for users */
  channel_name: string
  token_id: number
  group: string
  ip: string
  /** our request id (X-Oneapi-Request-Id); '' on rows written before it was kept */
  request_id: string
  /** the upstream's id for its answer; '' when it sent none */
  upstream_request_id: string
  /** JSON text; `admin_info` is removed for non-admin readers */
  other: string
}

export interface LogPage {
  items: Log[]
  total: number
  page: number
  page_size: number
  /** true when `total` stopped at LOG_COUNT_CAP: there are at least that many matches */
  total_capped: boolean
}

export interface LogStat {
  quota: number
  rpm: number
  tpm: number
}

/** The parsed `other` field of a log row: every member optional. */
export interface LogOther extends LogContentFields {
  model_ratio?: number
  model_price?: number
  completion_ratio?: number
  group_ratio?: number
  user_group_ratio?: number
  cache_tokens?: number
  cache_ratio?: number
  cache_creation_tokens?: number
  cache_creation_ratio?: number
  claude?: boolean
  ws?: boolean
  audio?: boolean
  audio_input?: number
  audio_output?: number
  text_input?: number
  text_output?: number
  audio_ratio?: number
  audio_completion_ratio?: number
  /** first-token latency in milliseconds; -1 when unknown */
  frt?: number
  is_model_mapped?: boolean
  upstream_model_name?: string
  reasoning_effort?: string
  admin_info?: { use_channel?: (number | string)[] }
  group?: string
}
