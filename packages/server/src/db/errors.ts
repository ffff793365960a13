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
