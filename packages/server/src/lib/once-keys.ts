/**
 * Keys that can be claimed once within their lifetime (SET NX EX in memory): a spent OAuth state,
 * the interval of a quota warning. Expired keys are swept on the way.
 */
export class OnceKeys {
  private readonly expiry = new Map<string, number>()
  private sweptAt = 0

  /** True for the first claim of `key` until `ttlMs` has passed, false for every other. */
  claim(key: string, ttlMs: number, now = Date.now()): boolean {
    if (now - this.sweptAt > 1000) {
      for (const [k, expiresAt] of this.expiry) if (expiresAt <= now) this.expiry.delete(k)
      this.sweptAt = now
    }
    const expiresAt = this.expiry.get(key)
    if (expiresAt !== undefined && expiresAt > now) return false
    this.expiry.set(key, now + ttlMs)
    return true
  }
}
