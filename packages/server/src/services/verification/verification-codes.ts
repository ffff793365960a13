import { randomInt } from 'node:crypto'
import { safeEqual } from '../../lib/crypto.ts'

export type CodePurpose = 'register' | 'bind'

interface Entry {
  code: string
  expiresAt: number
  attempts: number
}

const TTL_MS = 10 * 60 * 1000
const MAX_ATTEMPTS = 5

/**
 * One-time email codes: six digits, ten minutes, five guesses, then gone. A successful check
 * consumes the code so it cannot be used twice.
 */
export class VerificationCodes {
  private readonly entries = new Map<string, Entry>()

  issue(purpose: CodePurpose, email: string, now = Date.now()): string {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    this.entries.set(this.key(purpose, email), { code, expiresAt: now + TTL_MS, attempts: 0 })
    return code
  }

  consume(purpose: CodePurpose, email: string, code: string, now = Date.now()): boolean {
    const key = this.key(purpose, email)
    const entry = this.entries.get(key)
    if (!entry) return false
    if (entry.expiresAt <= now || entry.attempts >= MAX_ATTEMPTS) {
      this.entries.delete(key)
      return false
    }
    entry.attempts++
    if (!safeEqual(entry.code, code.trim())) return false
    this.entries.delete(key)
    return true
  }

  private key(purpose: CodePurpose, email: string): string {
    return `${purpose}:${email.trim().toLowerCase()}`
  }
}
