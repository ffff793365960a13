import type { Kysely, KyselyPlugin } from 'kysely'
import type { Database } from '../src/db/schema/index.ts'

/** The handle a held read gives the code under test, and the switches the test holds. */
export interface HeldRead {
  db: Kysely<Database>
  /** resolves once the first read of the table has run and is waiting to hand back its rows */
  held: Promise<void>
  /** hands those rows back */
  release: () => void
  /** reads of the table that handed back their rows so far */
  finished: () => number
}

/**
 * A real database handle whose first SELECT from `table` runs at once but hands its rows back only
 * when the test says: that read then finishes after reads that started later, as it may on another
 * connection of a pool. Every other query passes untouched.
 */
export function holdFirstRead(db: Kysely<Database>, table: string): HeldRead {
  let release = () => undefined as void
  const released = new Promise<void>((resolve) => (release = resolve))
  let markHeld = () => undefined as void
  const held = new Promise<void>((resolve) => (markHeld = resolve))
  const reads = new Set<string>()
  let seen = 0
  let finished = 0
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      if (node.kind === 'SelectQueryNode' && JSON.stringify(node).includes(`"${table}"`)) reads.add(queryId.queryId)
      return node
    },
    transformResult: async ({ queryId, result }) => {
      if (!reads.delete(queryId.queryId)) return result
      if (++seen === 1) {
        markHeld()
        await released
      }
      finished++
      return result
    },
  }
  return { db: db.withPlugin(plugin), held, release, finished: () => finished }
}
