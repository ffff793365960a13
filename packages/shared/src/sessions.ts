/**
 * GET /api/user/sessions: one signed-in browser of the caller. `id` is an opaque reference for
 * DELETE /api/user/sessions/:sid, derived from the stored session key but not that key itself, so
 * listing sessions never hands out anything that could be replayed.
 */
export interface LoginSession {
  id: string
  /** browser name read from the user agent; '' when it is not recognised */
  browser: string
  /** operating system read from the user agent; '' when it is not recognised */
  os: string
  ip: string
  /** unix seconds of the sign-in */
  created_at: number
  /** unix seconds of the last request, kept to the minute */
  last_seen_at: number
  /** the session making this request */
  current: boolean
  /** the reference's names: `sid` is `id`, `last_active_at` is `last_seen_at` */
  sid: string
  last_active_at: number
  /** how the session signed in; '' (not recorded) */
  login_method: string
  /** the browser's user agent as it sent it */
  user_agent: string
  /** unix seconds when the session ends unless used */
  expires_at: number
}

/** DELETE /api/user/sessions/:sid: which session ended, and whether it was the caller's own. */
export interface RevokeSessionResult {
  revoked_sid: string
  current: boolean
}

/** POST /api/user/sessions/revoke-others: how many other sessions were ended. */
export interface RevokeOtherSessionsResult {
  revoked: number
  /** the same count under the reference's name */
  revoked_count: number
}
