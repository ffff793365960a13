import type { Kysely } from 'kysely'
import { hasSetupRow, insertSetupRow } from '../../db/queries/setups.ts'
import { findRootUser } from '../../db/queries/users.ts'
import type { Database } from '../../db/schema/index.ts'
import { NewestRead } from '../../lib/newest-read.ts'
import { nowSeconds } from '../../lib/time.ts'
import { VERSION } from '../../version.ts'
import type { ChangeBus } from '../changes/change-bus.ts'
import { DEFAULT_ROOT_PASSWORD, verifyPassword } from '../users/password.ts'

/** Kept in memory: read by every status call and by the setup guard. */
export interface SetupState {
  done: boolean
  /** true while the root account's password is the reference system's old default */
  rootDefaultPassword: boolean
}

/**
 * Reads the setup state at boot. A database migrated from the reference system may have a root
 * user but no setups row; it counts as set up, and the row is written then.
 */
export async function loadSetupState(db: Kysely<Database>, version: string): Promise<SetupState> {
  const root = await findRootUser(db)
  let done = await hasSetupRow(db)
  if (!done && root) {
    await insertSetupRow(db, version, nowSeconds()).catch(() => undefined)
    done = true
  }
  return { done, rootDefaultPassword: root ? await verifyPassword(DEFAULT_ROOT_PASSWORD, root.password) : false }
}

/** GET /api/setup's root_init before setup: whether a root account exists already. */
export async function hasRootUser(services: { db: Kysely<Database> }): Promise<boolean> {
  return (await findRootUser(services.db)) !== undefined
}

type SetupField = keyof SetupState

/**
 * The setup state in memory, kept current when another instance or worker finishes the setup (or
 * when caches resync): the status call and the setup guard read it on every request. Reads may
 * finish out of order, and a read that started before this process wrote a field (its own setup,
 * root's new password) may finish after it: per field, an older read never overwrites a newer read
 * or write, so neither puts "not set up" or the default-password warning back.
 */
export class TrackedSetupState implements SetupState {
  done = false
  rootDefaultPassword = false
  private readonly reads = new NewestRead<SetupField>()
  private readonly db: Kysely<Database>

  constructor(db: Kysely<Database>) {
    this.db = db
  }

  /** Reads the state from the database. */
  async refresh(): Promise<void> {
    const mine = this.reads.begin()
    const fresh = await loadSetupState(this.db, VERSION)
    this.apply(mine, fresh)
  }

  /** What this process has just committed: newer than any read still under way. */
  wrote(update: Partial<SetupState>): void {
    this.apply(this.reads.begin(), update)
  }

  private apply(order: number, update: Partial<SetupState>): void {
    if (update.done !== undefined && this.reads.take('done', order)) this.done = update.done
    if (update.rootDefaultPassword !== undefined && this.reads.take('rootDefaultPassword', order))
      this.rootDefaultPassword = update.rootDefaultPassword
  }
}

/**
 * The tracked setup state. It listens before its first read, so a setup finished elsewhere while
 * this process boots reaches it either way: committed before that read, or announced after the
 * listener is there.
 */
export async function trackSetupState(db: Kysely<Database>, changes: ChangeBus): Promise<TrackedSetupState> {
  const state = new TrackedSetupState(db)
  changes.subscribe((change, remote) => {
    if (remote && (change.kind === 'setup' || change.kind === 'resync')) state.refresh().catch(() => undefined)
  })
  await state.refresh()
  return state
}
