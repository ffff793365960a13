/** The widest range, in seconds, anyone may read of their own dashboard data (the reference's "1 month"). */
export const QUOTA_DATA_SELF_MAX_SPAN_SECONDS = 2_592_000

/**
 * GET /api/data/ (admins: everyone, or one user by username) and /api/data/self: unix seconds;
 * without a start the last day is read.
 */
export interface QuotaDataQuery {
  start_timestamp?: number
  end_timestamp?: number
  /** admins only */
  username?: string
}

/** One dashboard bucket: an hour of one model (and, unless summed over users, one user). */
export interface QuotaDataRow {
  /** 0 for rows summed over users */
  id: number
  /** 0 for rows summed over users */
  user_id: number
  /** '' for rows summed over users */
  username: string
  model_name: string
  /** start of the hour bucket, unix seconds */
  created_at: number
  token_used: number
  count: number
  quota: number
  /**
   * The reference's finer bucket keys. Reads sum every group, token, channel and instance of an
   * hour, so these are the reference's zero values ('' and 0) in the answer.
   */
  use_group: string
  token_id: number
  channel_id: number
  node_name: string
}
