import type { Kysely } from 'kysely'
import { getOptionRow, listOptionRows, upsertOption } from '../../db/queries/options.ts'
import type { Database } from '../../db/schema/index.ts'
import { NewestRead } from '../../lib/newest-read.ts'
import type { ChangeBus } from '../changes/change-bus.ts'
import { isOptionKey, optionDefaults, type OptionKey } from './option-defaults.ts'
import { checkPrerequisites, normalizeOptionValue } from './option-rules.ts'

/**
 * Runtime settings served from memory. The options table is the source of truth; every write
 * goes to it first, then to this process's cache, then to the other instances through the bus.
 */
export class OptionStore {
  private readonly values = new Map<OptionKey, string>(Object.entries(optionDefaults) as [OptionKey, string][])
  /** parsed JSON options, dropped whenever the key's text changes (the relay reads them per request) */
  private readonly parsed = new Map<OptionKey, unknown>()
  /** grows with every change of a value, so what is computed from options can be kept until the next one */
  version = 0
  /** so that a read of the table that finishes late never puts back a value a newer read or save set */
  private readonly reads = new NewestRead<OptionKey>()
  private readonly db: Kysely<Database>
  private readonly bus: ChangeBus | undefined

  /** With a bus, saves are announced to the other instances and their announcements reload keys here (all keys on a resync). */
  constructor(db: Kysely<Database>, bus?: ChangeBus, onReloadError?: (error: unknown, key: string) => void) {
    this.db = db
    this.bus = bus
    bus?.subscribe((change, remote) => {
      if (change.kind === 'option' && remote)
        this.reload(change.key).catch((error: unknown) => onReloadError?.(error, change.key))
      if (change.kind === 'resync') this.load().catch((error: unknown) => onReloadError?.(error, '*'))
    })
  }

  /** Overlays the stored rows on the defaults; rows of keys this version does not know are ignored. */
  async load(): Promise<void> {
    const read = this.reads.begin()
    for (const row of await listOptionRows(this.db)) {
      if (isOptionKey(row.key)) this.storeFrom(read, row.key, row.value)
    }
  }

  /** Re-reads one key after another instance changed it. */
  async reload(key: string): Promise<void> {
    if (!isOptionKey(key)) return
    const read = this.reads.begin()
    const value = await getOptionRow(this.db, key)
    this.storeFrom(read, key, value ?? optionDefaults[key])
  }

  get(key: OptionKey): string {
    return this.values.get(key) ?? optionDefaults[key]
  }

  bool(key: OptionKey): boolean {
    return this.get(key) === 'true'
  }

  number(key: OptionKey): number {
    const n = Number(this.get(key))
    return Number.isFinite(n) ? n : Number(optionDefaults[key])
  }

  /**
   * A JSON option, parsed once per change and shared: callers must not mutate it. A broken stored
   * value falls back to the default instead of failing a request.
   */
  json<T>(key: OptionKey): T {
    if (this.parsed.has(key)) return this.parsed.get(key) as T
    let value: unknown
    try {
      value = JSON.parse(this.get(key))
    } catch {
      value = JSON.parse(optionDefaults[key])
    }
    this.parsed.set(key, value)
    return value as T
  }

  private storeFrom(read: number, key: OptionKey, value: string): void {
    if (this.reads.take(key, read)) this.store(key, value)
  }

  private store(key: OptionKey, value: string): void {
    this.values.set(key, value)
    this.parsed.delete(key)
    this.version++
  }

  entries(): [OptionKey, string][] {
    return [...this.values.entries()]
  }

  /** Validates, persists and publishes one option. Returns the stored form of the value. */
  async set(key: string, raw: string): Promise<string> {
    const { key: optionKey, value } = normalizeOptionValue(key, raw)
    checkPrerequisites(optionKey, value, (k) => this.get(k))
    await upsertOption(this.db, optionKey, value)
    // Newer than any read still under way: those started before this write.
    this.storeFrom(this.reads.begin(), optionKey, value)
    await this.bus?.publish({ kind: 'option', key: optionKey })
    return value
  }
}
