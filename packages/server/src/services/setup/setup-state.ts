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

/**
 * The setup state, kept current when another instance or worker finishes the setup (or when caches
 * resync): the status call and the setup guard read it on every request. It listens before its first
 * read, so a setup finished elsewhere while this process boots reaches it either way: committed
 * before that read, or announced after the listener is there. Reads may finish out of order; an
 * older one never overwrites a newer one.
 */
export async function trackSetupState(db: Kysely<Database>, changes: ChangeBus): Promise<SetupState> {
  const state: SetupState = { done: false, rootDefaultPassword: false }
  const reads = new NewestRead<'setup'>()
  const read = async () => {
    const mine = reads.begin()
    const fresh = await loadSetupState(db, VERSION)
    if (reads.take('setup', mine)) Object.assign(state, fresh)
  }
  changes.subscribe((change, remote) => {
    if (remote && (change.kind === 'setup' || change.kind === 'resync')) read().catch(() => undefined)
  })
  await read()
  return state
}
