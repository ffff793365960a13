/** Search params of /login and /register (`?expired=true`, `?aff=CODE`). */
export interface AuthSearch {
  expired?: boolean
  aff?: string
}

// The router JSON-parses search values, so `aff=1234` arrives as a number and `expired=true` as a boolean.
export function parseAuthSearch(search: Record<string, unknown>): AuthSearch {
  const aff = typeof search.aff === 'string' || typeof search.aff === 'number' ? String(search.aff) : undefined
  const expired = search.expired === true || search.expired === 'true' ? true : undefined
  return { ...(expired ? { expired } : {}), ...(aff ? { aff } : {}) }
}
