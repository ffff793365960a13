/**
 * A log row's `content` is written once, in the server's DEFAULT_LANGUAGE, so that New API and
 * old rows can read it. Beside it the row's `other` JSON keeps what the text was made of: the
 * message key and its parameters (`content_key`, `content_params`), and the sentences appended to
 * it (`content_more`). The console renders these in its own language and falls back to `content`
 * when the key is absent or unknown to it.
 */

/** Every key a log row may name, with the parameters its text uses. */
export const logContentParams = {
  'log.consume_ratio': ['model', 'completion', 'group'],
  'log.consume_price': ['price', 'group'],
  'log.stream_cut': [],
  'log.uncollected': ['quota'],
  'log.output_budget_lowered': ['tokens'],
  'log.interrupted': ['quota'],
  'log.register_gift': ['quota'],
  'log.invitee_gift': ['quota'],
  'log.inviter_reward': ['quota'],
  'log.redeemed': ['quota', 'id'],
  'users.log_quota_changed': ['from', 'to'],
  'wallet.log_online_topup': ['quota', 'money'],
  'suno.log_submit': ['price', 'group', 'action'],
  'suno.log_refund': ['id', 'quota'],
  'midjourney.refund_log': ['id', 'quota'],
  // Error rows (type 5) whose failure is the gateway's own words rather than the upstream's.
  'relay.upstream.failed': [],
  'relay.upstream.timeout': [],
  'relay.upstream.saturated': [],
  'relay.upstream.bad_response': [],
  'relay.request.internal': [],
} as const satisfies Record<string, readonly string[]>

export type LogContentKey = keyof typeof logContentParams

/** Parameter values are already language-neutral (numbers, ids, quotas formatted as `$0.5` or `12k`). */
export type LogContentParams = Record<string, string | number>

/** One sentence of a log text: its key and parameters. */
export interface LogContentPart {
  key: LogContentKey
  params?: LogContentParams
}

/** The members a log row's `other` carries for its text (see the note at the top). */
export interface LogContentFields {
  content_key?: string
  content_params?: LogContentParams
  content_more?: LogContentPart[]
}

export const isLogContentKey = (value: unknown): value is LogContentKey =>
  typeof value === 'string' && Object.hasOwn(logContentParams, value)
