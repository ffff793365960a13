import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { randomSecret } from './crypto.ts'

/**
 * A secret generated on first start and kept in a file beside the data (mode 0600), used when
 * SESSION_SECRET / CRYPTO_SECRET are not set: restarts then neither sign everyone out nor make
 * encrypted channel keys unreadable. Several instances must set the variables instead.
 */
export function loadOrCreateLocalSecret(path: string): string {
  if (existsSync(path)) {
    const value = readFileSync(path, 'utf8').trim()
    if (value.length >= 32) return value
  }
  mkdirSync(dirname(path), { recursive: true })
  const value = randomSecret()
  writeFileSync(path, `${value}\n`, { mode: 0o600 })
  return value
}
