/** Search params of /login and /register (`?expired=true`, `?aff=CODE`, `?two_factor=true`). */
export interface AuthSearch {
  expired?: boolean
  aff?: string
  /** the password (or outside account) was accepted and the server waits for the 2FA code */
  two_factor?: boolean
}

// The router JSON-parses search values, so `aff=1234` arrives as a number and `expired=true` as a boolean.
export function parseAuthSearch(search: Record<string, unknown>): AuthSearch {
  const aff = typeof search.aff === 'string' || typeof search.aff === 'number' ? String(search.aff) : undefined
  const expired = search.expired === true || search.expired === 'true' ? true : undefined
  const twoFactor = search.two_factor === true || search.two_factor === 'true'
  return { ...(expired ? { expired } : {}), ...(aff ? { aff } : {}), ...(twoFactor ? { two_factor: true } : {}) }
}
