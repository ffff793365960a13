import { sql, type RawBuilder, type SqlBool } from 'kysely'
import type { DialectName } from './dsn.ts'

/**
 * '!' rather than '\': a backslash would need different quoting in MySQL string literals than in
 * PostgreSQL and SQLite, while '!' means the same on all three, and makes '\' an ordinary character.
 */
const ESCAPE = '!'

/** Makes %, _ and the escape character in user input match themselves. */
export const escapeLike = (value: string): string => value.replace(/[!%_]/g, (ch) => `${ESCAPE}${ch}`)

/**
 * `column LIKE pattern ESCAPE '!'`, case-insensitive on every dialect (SQLite's LIKE and MySQL's
 * default collation already are; PostgreSQL needs ILIKE). `pattern` must come from escapeLike.
 */
export function likePattern(
  dialect: DialectName,
  column: RawBuilder<unknown> | string,
  pattern: string
): RawBuilder<SqlBool> {
  const target = typeof column === 'string' ? sql.ref(column) : column
  const operator = dialect === 'postgres' ? sql`ilike` : sql`like`
  return sql<SqlBool>`${target} ${operator} ${pattern} escape ${sql.lit(ESCAPE)}`
}

/** The column contains `needle` literally. */
export const likeContains = (dialect: DialectName, column: string, needle: string): RawBuilder<SqlBool> =>
  likePattern(dialect, column, `%${escapeLike(needle)}%`)

/** `member` is one item of the comma list held in `column` (stored without spaces around commas). */
export function commaListHas(dialect: DialectName, column: string, member: string): RawBuilder<SqlBool> {
  const wrapped =
    dialect === 'mysql' ? sql`concat(',', ${sql.ref(column)}, ',')` : sql`(',' || ${sql.ref(column)} || ',')`
  return likePattern(dialect, wrapped, `%,${escapeLike(member)},%`)
}
