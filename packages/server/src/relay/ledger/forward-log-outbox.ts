import type { Kysely } from 'kysely'
import { deleteOutbox, insertLogRows, readOutbox, type LogRow } from '../../db/queries/ledger.ts'
import type { Database } from '../../db/schema/index.ts'

/**
 * Moves usage rows from the main database's outbox to the log database (LOG_SQL_DSN). A row is
 * deleted from the outbox only after the log database took it; a crash between the two writes
 * it twice rather than never.
 */
export async function forwardLogOutbox(main: Kysely<Database>, logs: Kysely<Database>): Promise<void> {
  for (;;) {
    const batch = await readOutbox(main, 200)
    if (batch.length === 0) return
    await insertLogRows(
      logs,
      batch.map((entry) => JSON.parse(entry.payload) as LogRow)
    )
    await deleteOutbox(
      main,
      batch.map((entry) => entry.id)
    )
    if (batch.length < 200) return
  }
}
