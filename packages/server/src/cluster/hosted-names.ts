/** The names under which the cluster primary hosts shared state (hosted-state.ts), as workers call them. */
export const HOSTED = {
  codes: 'verification-codes',
  resetTokens: 'reset-tokens',
  once: 'once',
  keyTurns: 'key-turns',
  channelRuns: 'channel-runs',
} as const
export const LIMITER_METHODS = ['hit', 'isBlocked', 'reset'] as const
export const limiterName = (field: string): string => `limiter:${field}`
