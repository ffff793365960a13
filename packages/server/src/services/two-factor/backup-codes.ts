import { randomInt } from 'node:crypto'
import { TWO_FACTOR_BACKUP_CODE_COUNT } from '@gateway/shared'
import bcrypt from 'bcryptjs'
import type { SecretBox } from '../../lib/secrets.ts'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** Ten codes in the reference's XXXX-XXXX form, from the CSPRNG. */
export function newBackupCodes(): string[] {
  const one = () => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
  return Array.from({ length: TWO_FACTOR_BACKUP_CODE_COUNT }, () => {
    const code = one()
    return `${code.slice(0, 4)}-${code.slice(4)}`
  })
}

/** The code as stored: upper case, without spaces, with its dash; undefined when it cannot be a backup code. */
export function normaliseBackupCode(code: string): string | undefined {
  const clean = code.replace(/[\s-]/g, '').toUpperCase()
  return /^[A-Z0-9]{8}$/.test(clean) ? `${clean.slice(0, 4)}-${clean.slice(4)}` : undefined
}

/**
 * Keyed hash (HMAC with CRYPTO_SECRET): a code is found by its hash alone, and a database leak
 * cannot be turned back into codes by trying all 36^8 of them.
 */
export const hashBackupCode = (secrets: SecretBox, normalised: string): string =>
  secrets.lookupHash(`2fa-backup:${normalised}`)

/** Rows taken over from the reference hold bcrypt hashes of the normalised code. */
export const isLegacyHash = (hash: string): boolean => hash.startsWith('$2')

export const matchesLegacyHash = (normalised: string, hash: string): Promise<boolean> =>
  bcrypt.compare(normalised, hash)
