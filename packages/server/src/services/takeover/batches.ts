import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/schema/index.ts'

export const BATCH_SIZE = 500

/**
 * Walks a table by id in batches; each batch is rewritten in one transaction, so a process that
 * stops half way leaves every row either as it was or fully rewritten. `rewrite` answers whether
 * its row changed (false when another instance got there first). Answers how many rows changed.
 */
export async function rewriteInBatches<Row extends { id: number }>(
  db: Kysely<Database>,
  list: (afterId: number, limit: number) => Promise<Row[]>,
  rewrite: (trx: Transaction<Database>, row: Row) => Promise<boolean>,
  batchSize = BATCH_SIZE
): Promise<number> {
  let changed = 0
  let afterId = 0
  for (;;) {
    const rows = await list(afterId, batchSize)
    if (rows.length === 0) return changed
    changed += await db.transaction().execute(async (trx) => {
      let n = 0
      for (const row of rows) if (await rewrite(trx, row)) n++
      return n
    })
    afterId = Number(rows[rows.length - 1]?.id)
    if (rows.length < batchSize) return changed
  }
}
