import type { Insertable, Kysely } from 'kysely'
import { insertLogRows } from '../../db/queries/ledger.ts'
import type { Database } from '../../db/schema/index.ts'
import type { LogsTable } from '../../db/schema/logs.ts'
import type { Logger } from '../../lib/logger.ts'

export type LogRow = Insertable<LogsTable>

/**
 * Writes usage logs off the request path: rows queue in memory and go to the database in
 * batches (every `intervalMs` or once `batchSize` rows wait). A failed batch is kept and retried;
 * `close()` writes everything still queued, so a shutdown loses no row.
 */
export class LogWriter {
  private queue: LogRow[] = []
  private flushing: Promise<void> | undefined
  private readonly timer: NodeJS.Timeout
  private readonly db: Kysely<Database>
  private readonly logger: Logger
  private readonly batchSize: number

  constructor(db: Kysely<Database>, logger: Logger, options: { intervalMs?: number; batchSize?: number } = {}) {
    this.db = db
    this.logger = logger
    this.batchSize = options.batchSize ?? 200
    this.timer = setInterval(() => void this.flush(), options.intervalMs ?? 500)
    this.timer.unref()
  }

  write(row: LogRow): void {
    this.queue.push(row)
    if (this.queue.length >= this.batchSize) void this.flush()
  }

  /** Writes what is queued now; concurrent calls share the same write. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing.then(() => (this.queue.length > 0 ? this.flush() : undefined))
    if (this.queue.length === 0) return Promise.resolve()
    const batch = this.queue
    this.queue = []
    this.flushing = this.insert(batch)
      .catch((error: unknown) => {
        // Keep the rows: they are retried with the next batch rather than lost.
        this.queue = batch.concat(this.queue)
        this.logger.error({ err: String(error), rows: batch.length }, 'log batch failed; will retry')
      })
      .finally(() => {
        this.flushing = undefined
      })
    return this.flushing
  }

  private async insert(batch: LogRow[]): Promise<void> {
    // Chunks of 200 keep every statement under the parameter limits of PostgreSQL and MySQL.
    await insertLogRows(this.db, batch)
  }

  async close(): Promise<void> {
    clearInterval(this.timer)
    for (let attempt = 0; attempt < 5 && (this.queue.length > 0 || this.flushing); attempt++) await this.flush()
  }

  get pending(): number {
    return this.queue.length
  }
}
