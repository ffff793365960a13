/** True when a database error is a unique-key violation, on any of the three dialects. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const e = error as { code?: unknown; errno?: unknown; errcode?: unknown; message?: unknown }
  if (e.code === '23505') return true // PostgreSQL
  if (e.code === 'ER_DUP_ENTRY' || e.errno === 1062) return true // MySQL / MariaDB
  // node:sqlite: SQLITE_CONSTRAINT_UNIQUE (2067) or SQLITE_CONSTRAINT_PRIMARYKEY (1555)
  if (e.errcode === 2067 || e.errcode === 1555) return true
  return typeof e.message === 'string' && /UNIQUE constraint failed/.test(e.message)
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_LOCK_WAIT_TIMEOUT',
])

/**
 * True when a database error says the database cannot be reached or cannot serve now (a lost or
 * refused connection, a restart, a failover, a busy SQLite file), rather than that the statement
 * was wrong. Such errors are answered 503 and settlements hit by them are spooled and retried.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  // A deadlock victim (or a PostgreSQL serialization failure) only has to be tried again.
  if (isDeadlockVictim(error)) return true
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown; cause?: unknown }
  if (typeof e.code === 'string') {
    if (CONNECTION_ERROR_CODES.has(e.code)) return true
    // PostgreSQL: 08 connection exceptions, 57P01-57P03 shutdown and cannot-connect-now, 53300 too many connections, 40001 serialization failure
    if (/^08...$/.test(e.code) || /^57P0[123]$/.test(e.code) || e.code === '53300' || e.code === '40001') return true
  }
  // node:sqlite: SQLITE_BUSY (5) and SQLITE_LOCKED (6), extended codes included
  if (typeof e.errcode === 'number' && ((e.errcode & 0xff) === 5 || (e.errcode & 0xff) === 6)) return true
  if (
    typeof e.message === 'string' &&
    /Connection terminated|connection error|timeout exceeded when trying to connect|Connection is closed|database is locked|not queryable|pool is (closed|ending)/i.test(
      e.message
    )
  )
    return true
  return e.cause !== undefined && e.cause !== error ? isDatabaseUnavailable(e.cause) : false
}

/** True when the database chose this statement's transaction as a deadlock victim (MySQL/MariaDB 1213, PostgreSQL 40P01). */
export function isDeadlock(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  if (isDeadlockVictim(error)) return true
  const cause = (error as { cause?: unknown }).cause
  return cause !== undefined && cause !== error ? isDeadlock(cause) : false
}

/** The error itself (not its cause) names a deadlock. */
function isDeadlockVictim(error: object): boolean {
  const e = error as { code?: unknown; errno?: unknown }
  return e.code === 'ER_LOCK_DEADLOCK' || e.errno === 1213 || e.code === '40P01'
}

/**
 * Runs `step` again when it lost a deadlock, up to `attempts` times with a short, growing pause.
 * For idempotent work: start-up steps several instances may do at once (migrations, the move-over
 * from the reference system: on MySQL two of them creating Kysely's lock row together can
 * deadlock), and a whole transaction that locks rows in another order than the ledger (a token's
 * new limit). The loser was rolled back and only has to try again.
 */
export async function retryOnDeadlock<T>(
  step: () => Promise<T>,
  onRetry: (attempt: number, error: unknown) => void,
  attempts = 5
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step()
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error
      onRetry(attempt, error)
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.floor(Math.random() * 50)))
    }
  }
}
