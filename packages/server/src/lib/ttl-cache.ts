/**
 * A bounded map whose entries expire. The oldest entry goes when it is full (insertion order),
 * which is all the relay's caches need: they are refilled from the database on a miss.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>()
  private readonly ttlMs: number
  private readonly maxEntries: number

  constructor(ttlMs: number, maxEntries: number) {
    this.ttlMs = ttlMs
    this.maxEntries = maxEntries
  }

  get(key: K, now = Date.now()): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= now) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  set(key: K, value: V, ttlMs = this.ttlMs, now = Date.now()): void {
    this.entries.delete(key)
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next()
      if (!oldest.done) this.entries.delete(oldest.value)
    }
    this.entries.set(key, { value, expiresAt: now + ttlMs })
  }

  delete(key: K): void {
    this.entries.delete(key)
  }

  /** Drops every entry the predicate matches (e.g. all tokens of a banned user). */
  deleteWhere(predicate: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (predicate(entry.value)) this.entries.delete(key)
  }

  clear(): void {
    this.entries.clear()
  }
}
