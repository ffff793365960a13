export type DialectName = 'sqlite' | 'postgres' | 'mysql'

export type ConnectionTarget =
  | { dialect: 'sqlite'; path: string }
  | { dialect: 'postgres'; connectionString: string }
  | { dialect: 'mysql'; uri: string }

/**
 * Reads `SQL_DSN` the way the reference system does: `postgres://` or `postgresql://` is PostgreSQL,
 * `local` (or empty) is SQLite, `mysql://` is MySQL, and anything else is Go's MySQL DSN form
 * `user:pass@tcp(host:port)/db?params`, converted here to a mysql:// URI.
 */
export function parseDsn(dsn: string | undefined, sqlitePath: string): ConnectionTarget {
  const value = (dsn ?? '').trim()
  // The reference's SQLITE_PATH may carry its Go driver's options (one-api.db?_busy_timeout=30000):
  // they name no part of the file.
  if (value === '' || value.startsWith('local')) return { dialect: 'sqlite', path: sqlitePath.replace(/\?.*$/s, '') }
  if (value.startsWith('postgres://') || value.startsWith('postgresql://')) {
    return { dialect: 'postgres', connectionString: value }
  }
  if (value.startsWith('mysql://')) return { dialect: 'mysql', uri: value }
  return { dialect: 'mysql', uri: goMysqlDsnToUri(value) }
}

function goMysqlDsnToUri(dsn: string): string {
  const match =
    /^(?:(?<user>[^:@/]*)(?::(?<password>[^@]*))?@)?(?:(?<protocol>\w+)\((?<address>[^)]*)\))?\/(?<database>[^?]*)(?:\?(?<params>.*))?$/.exec(
      dsn
    )
  if (!match?.groups) throw new Error('SQL_DSN is neither a URL nor a MySQL DSN (user:pass@tcp(host:port)/db)')
  const { user = 'root', password = '', address = '127.0.0.1:3306', database = '', params = '' } = match.groups
  // Go-only parameters mean nothing to mysql2 and would be rejected as unknown options.
  const kept = new URLSearchParams(params)
  for (const goOnly of ['parseTime', 'loc', 'charset', 'collation', 'timeout', 'readTimeout', 'writeTimeout'])
    kept.delete(goOnly)
  const query = kept.toString()
  const credentials = `${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}`
  return `mysql://${credentials}@${address || '127.0.0.1:3306'}/${database}${query ? `?${query}` : ''}`
}
