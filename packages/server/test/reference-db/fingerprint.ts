import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'

export interface TableFingerprint {
  rows: number
  /** SHA-256 over the table's rows, each written as sorted column:value pairs, rows sorted */
  hash: string
}

export type Fingerprint = Record<string, TableFingerprint>

/**
 * One value written the same way whichever driver read it and however the connection parses
 * numbers (PostgreSQL's bigint arrives as text or number depending on the pool's parser).
 */
function normalize(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return `time:${value.toISOString()}`
  if (value instanceof Uint8Array) return `bytes:${Buffer.from(value).toString('hex')}`
  if (typeof value === 'boolean') return value ? '1' : '0'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/**
 * The row count and a stable hash of one table's rows, for "this table did not change" checks.
 * `columns` limits it to those columns (a table we add columns to still keeps the old ones intact).
 */
export async function fingerprintTable(
  db: Kysely<unknown>,
  table: string,
  columns?: string[]
): Promise<TableFingerprint> {
  const query = db.selectFrom(table as never)
  const rows = (await (columns ? query.select(columns as never) : query.selectAll()).execute()) as Record<
    string,
    unknown
  >[]
  const lines = rows
    .map((row) =>
      Object.keys(row)
        .sort()
        .map((key) => JSON.stringify([key, normalize(row[key])]))
        .join(',')
    )
    .sort()
  return { rows: rows.length, hash: createHash('sha256').update(lines.join('\n')).digest('hex') }
}

/** fingerprintTable for each of `tables`. */
export async function fingerprint(
  db: Kysely<unknown>,
  tables: string[],
  columns: Record<string, string[]> = {}
): Promise<Fingerprint> {
  const result: Fingerprint = {}
  for (const table of tables) result[table] = await fingerprintTable(db, table, columns[table])
  return result
}
