import { isDatabaseUnavailable } from '../../db/errors.ts'
import type { Logger } from '../../lib/logger.ts'
import type { LedgerOp } from './ledger-ops.ts'
import type { LedgerSpool, SpoolEntry } from './ledger-spool.ts'

/** What of an operation that could not commit is kept in the spool: settlements and releases, nothing else. */
export function spoolEntryOf(op: LedgerOp): SpoolEntry | undefined {
  if (op.kind === 'settle') return { kind: 'settle', hold: op.hold, settlement: op.settlement, seq: op.seq }
  if (op.kind === 'release') return { kind: 'release', hold: op.hold }
  return undefined
}

/** Writes what a failed batch leaves for later; with no spool to write to, the holds stay for the sweeper. */
export function keepForLater(spool: LedgerSpool, logger: Logger, keep: SpoolEntry[], error: unknown): void {
  try {
    spool.append(keep)
    logger.error({ err: String(error), spooled: keep.length }, 'ledger write failed; settlements spooled')
  } catch (spoolError) {
    // Nowhere to keep them: the holds stay in the database and the sweeper returns them.
    logger.error(
      { err: String(spoolError), lost: keep.length },
      'ledger spool write failed; holds left for the sweeper'
    )
  }
}

/**
 * Applies every spooled entry and removes it from the spool: 'applied' when none is left, 'away'
 * when the database did not answer the whole batch, 'interrupted' when it went away during the
 * entries applied one by one. `apply` runs operations in one transaction (a spooled entry is one as it is).
 */
export async function applySpooled(
  spool: LedgerSpool,
  logger: Logger,
  apply: (ops: LedgerOp[]) => Promise<unknown>
): Promise<'applied' | 'away' | 'interrupted'> {
  const entries = spool.entries()
  if (entries.length === 0) return 'applied'
  try {
    await apply(entries)
    spool.remove(entries)
    logger.info({ applied: entries.length }, 'spooled settlements applied')
    return 'applied'
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: String(error), waiting: entries.length }, 'spooled settlements still waiting for the database')
      return 'away'
    }
  }
  // The database answers but refuses the batch: each entry alone, so one that can never be
  // applied does not hold up the others (nor, behind them, every request).
  for (const entry of entries) {
    try {
      await apply([entry])
    } catch (error) {
      if (isDatabaseUnavailable(error)) return 'interrupted'
      logger.error({ err: String(error), hold: entry.hold.id }, 'a spooled settlement cannot be applied; dropped')
    }
    spool.remove([entry])
  }
  return 'applied'
}
