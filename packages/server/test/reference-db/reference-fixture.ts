/** The shapes of what fillReferenceDatabase writes and answers (the reference system's rows, seen from tests). */

/** What the filler wrote, for tests to sign in, call and compare with. */
export interface ReferenceFixture {
  users: {
    root: ReferenceUser
    admin: ReferenceUser
    user: ReferenceUser
    /** soft-deleted (deleted_at set): must not sign in */
    deleted: ReferenceUser
  }
  tokens: {
    /** the user's token: a raw 48-character key as the reference stores it (clients send it with `sk-`) */
    user: ReferenceToken
    /** the root's unlimited token */
    unlimited: ReferenceToken
    /** soft-deleted */
    deleted: ReferenceToken
  }
  channels: {
    /** one key, OpenAI-compatible, with an organization */
    single: ReferenceChannel
    /** three keys in one channel (current version only; undefined for spec-era), the second disabled */
    multi?: ReferenceChannel
  }
  redemptions: {
    /** never expires (expired_time 0), unused */
    valid: ReferenceRedemption
    /** expired_time in the past (current version only) */
    expired?: ReferenceRedemption
    /** already redeemed by the user */
    used: ReferenceRedemption
  }
  /** the hour bucket of the quota_data rows */
  quotaHour: number
  /** request ids written on the log rows (current version only) */
  requestIds: string[]
}

export interface ReferenceUser {
  id: number
  username: string
  password: string
  role: number
  /** the raw 32-character console access token, or null */
  accessToken: string | null
  group: string
  quota: number
}
export interface ReferenceToken {
  id: number
  userId: number
  /** the raw key as stored (no `sk-`) */
  key: string
  name: string
}
export interface ReferenceChannel {
  id: number
  name: string
  keys: string[]
  models: string[]
  group: string
}
export interface ReferenceRedemption {
  id: number
  key: string
  quota: number
}

export interface FillOptions {
  /** base_url of the channels (point it at a test upstream to relay through them) */
  channelBaseUrl?: string
}
