/**
 * Numbers reads of the database as they start and says, per key, whether a read that has just
 * finished is still the newest that key has taken. A read that started earlier but finished later
 * (another connection of a pool) must not put an older value back. A local write counts as a read
 * that starts once it is committed.
 */
export class NewestRead<K> {
  private started = 0
  private readonly taken = new Map<K, number>()

  /** The number of a read (or committed write) starting now. */
  begin(): number {
    return ++this.started
  }

  /** Whether `read` may set `key`: true unless a newer read already did. */
  take(key: K, read: number): boolean {
    if ((this.taken.get(key) ?? 0) > read) return false
    this.taken.set(key, read)
    return true
  }
}
