import type { Kysely } from 'kysely'
import type { DialectName } from '../../db/dsn.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { MAIN_MIGRATION_TABLE } from '../../db/migrate.ts'
import {
  countMigrationRecords,
  countRows,
  finishMoveOver,
  getMoveOverState,
  insertMoveOverPending,
  MOVE_OVER_PENDING,
  tableExists,
  type CountedTable,
} from '../../db/queries/takeover.ts'
import type { Database } from '../../db/schema/index.ts'
import type { Logger } from '../../lib/logger.ts'
import type { SecretBox } from '../../lib/secrets.ts'
import { nowSeconds } from '../../lib/time.ts'
import { convertRawSecrets } from './convert-raw-secrets.ts'

/**
 * Before our migrations run: a database with the reference's `users` table and no record of our
 * migrations was written by the reference system (or moved back to it, which forgets them). The
 * mark survives a start that fails half way, so the summary still comes once the takeover
 * completes. Masters only.
 */
export async function noteReferenceDatabase(db: Kysely<Database>, dialect: DialectName): Promise<boolean> {
  const untyped = db as unknown as Kysely<unknown>
  if (!(await tableExists(untyped, dialect, 'users')) || !(await tableExists(untyped, dialect, 'options'))) return false
  if ((await countMigrationRecords(untyped, dialect, MAIN_MIGRATION_TABLE)) > 0) return false
  try {
    await insertMoveOverPending(db)
  } catch (error) {
    // Another instance starting at the same moment marked it first.
    if (!isUniqueViolation(error)) throw error
  }
  return true
}

/** The rows counted in the start summary, in its order, with the words it uses. */
const SUMMARY: [CountedTable, string][] = [
  ['users', 'users'],
  ['tokens', 'tokens'],
  ['channels', 'channels'],
  ['abilities', 'abilities'],
  ['redemptions', 'redemptions'],
  ['top_ups', 'top-ups'],
  ['logs', 'logs'],
  ['quota_data', 'usage rows'],
  ['midjourneys', 'drawings'],
  ['tasks', 'tasks'],
]

/**
 * After migrations, before serving (masters only; the relay and the console accept raw keys
 * meanwhile): converts what the reference stored raw, and on the first start on a taken-over
 * database prints one summary line and records it, so it is printed once.
 */
export async function completeMoveOver(deps: {
  db: Kysely<Database>
  logDb: Kysely<Database>
  secrets: SecretBox
  logger: Logger
}): Promise<void> {
  const { db, logDb, secrets, logger } = deps
  const converted = await convertRawSecrets(db, secrets)
  if (Object.values(converted).some((n) => n > 0))
    logger.info(converted, 'converted keys stored raw by the reference system')
  if ((await getMoveOverState(db)) !== MOVE_OVER_PENDING) return

  const counts: Partial<Record<CountedTable, number>> = {}
  for (const [table] of SUMMARY) counts[table] = await countRows(table === 'logs' ? logDb : db, table)
  // Only the instance whose update took prints, when two start at once.
  if (!(await finishMoveOver(db, JSON.stringify({ at: nowSeconds(), ...counts })))) return
  const line = SUMMARY.map(([table, words]) => `${counts[table]} ${words}`).join(', ')
  logger.info({ movedOver: counts }, `moved over: ${line}`)
}
