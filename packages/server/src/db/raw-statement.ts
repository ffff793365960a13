import { CompiledQuery, type Kysely } from 'kysely'
import type { DialectName } from './dsn.ts'

/**
 * A fixed SQL statement written once with `?` placeholders and "double-quoted" identifiers,
 * converted for the dialect at startup. The hot path runs it without building or compiling a
 * query each time.
 */
export function rawStatement(dialect: DialectName, text: string) {
  let index = 0
  let sqlText = dialect === 'postgres' ? text.replace(/\?/g, () => `$${++index}`) : text
  if (dialect === 'mysql') sqlText = sqlText.replace(/"(\w+)"/g, '`$1`')
  return {
    sql: sqlText,
    /** Runs the statement; answers the number of rows it changed (or the rows it read). */
    async run<R = unknown>(db: Kysely<any>, parameters: readonly unknown[]): Promise<{ changed: number; rows: R[] }> {
      const result = await db.executeQuery<R>(CompiledQuery.raw(sqlText, parameters as unknown[]))
      return { changed: Number(result.numAffectedRows ?? 0n), rows: result.rows }
    },
  }
}
