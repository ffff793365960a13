import {
  appendFileSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs'
import { dirname } from 'node:path'
import type { Hold, Settlement } from './ledger-ops.ts'

/** A settlement or a release that the database could not take when it happened. */
export type SpoolEntry =
  { kind: 'settle'; hold: Hold; settlement: Settlement; seq?: number } | { kind: 'release'; hold: Hold }

/**
 * Where settlements wait while the database is away: one JSON line per entry in a local file,
 * fsynced before the request is considered settled, so a crash during the outage loses nothing.
 * Replaying is safe in any order and any number of times: each entry deletes its hold row first
 * and does nothing when the row is gone. Without a path (an in-memory SQLite database, in tests)
 * entries are kept in memory only.
 */
export class LedgerSpool {
  private readonly path: string | undefined
  private pending: SpoolEntry[] = []

  constructor(path: string | undefined) {
    this.path = path
    if (!path || !existsSync(path)) return
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line.trim()) continue
      try {
        this.pending.push(JSON.parse(line) as SpoolEntry)
      } catch {
        // A line cut by a crash mid-write was never acknowledged; its hold is still in the database.
      }
    }
  }

  append(entries: SpoolEntry[]): void {
    if (this.path) {
      mkdirSync(dirname(this.path), { recursive: true })
      const fd = openSync(this.path, 'a')
      try {
        appendFileSync(fd, entries.map((e) => `${JSON.stringify(e)}\n`).join(''))
        fsyncSync(fd)
      } finally {
        closeSync(fd)
      }
    }
    this.pending.push(...entries)
  }

  entries(): SpoolEntry[] {
    return [...this.pending]
  }

  /** How many entries wait, without copying them (checked before every ledger batch). */
  get size(): number {
    return this.pending.length
  }

  /** Drops entries that were applied; the file is replaced atomically with what is left. */
  remove(applied: SpoolEntry[]): void {
    const done = new Set(applied)
    this.pending = this.pending.filter((entry) => !done.has(entry))
    if (!this.path) return
    const next = `${this.path}.next`
    writeFileSync(next, this.pending.map((e) => `${JSON.stringify(e)}\n`).join(''))
    const fd = openSync(next, 'r')
    fsyncSync(fd)
    closeSync(fd)
    renameSync(next, this.path)
  }
}
