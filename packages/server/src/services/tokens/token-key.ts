import { TOKEN_KEY_LENGTH, TOKEN_KEY_PREFIX } from '@gateway/shared'
import type { Kysely } from 'kysely'
import { findTokenByHashOrRawKey, type TokenRow } from '../../db/queries/tokens.ts'
import type { Database } from '../../db/schema/index.ts'
import { randomAlphanumeric } from '../../lib/crypto.ts'
import type { SecretBox } from '../../lib/secrets.ts'

// Functions here take the services' fields they read, not the container's type: the takeover, which the container
// imports, uses this module, and that import would come back round.

/** A new token key: 48 characters of [0-9a-zA-Z] from the CSPRNG (without the `sk-` prefix). */
export const newTokenKey = (): string => randomAlphanumeric(TOKEN_KEY_LENGTH)

/** Removes the `sk-` that keys carry on the wire. */
export const stripKeyPrefix = (key: string): string =>
  key.startsWith(TOKEN_KEY_PREFIX) ? key.slice(TOKEN_KEY_PREFIX.length) : key

/**
 * How lists show a key: the reference system's mask (first and last four characters around ten
 * asterisks; shorter keys keep less) over the bare key, then `sk-` as every key carries on the wire.
 */
export function maskTokenKey(bareKey: string): string {
  if (bareKey === '') return ''
  if (bareKey.length <= 4) return TOKEN_KEY_PREFIX + '*'.repeat(bareKey.length)
  if (bareKey.length <= 8) return `${TOKEN_KEY_PREFIX}${bareKey.slice(0, 2)}****${bareKey.slice(-2)}`
  return `${TOKEN_KEY_PREFIX}${bareKey.slice(0, 4)}**********${bareKey.slice(-4)}`
}

/** The full `sk-…` key of a row, from its ciphertext; '' for a row that has none. */
export const fullTokenKey = (secrets: SecretBox, row: Pick<TokenRow, 'key_ciphertext'>): string =>
  row.key_ciphertext ? TOKEN_KEY_PREFIX + stripKeyPrefix(secrets.decrypt(row.key_ciphertext)) : ''

/**
 * tokens.key for a key as a client presents it (with or without `sk-`). Keys are stored only as
 * this keyed hash plus a ciphertext, so a key can be found by its whole value and never by a part.
 */
export const tokenKeyHash = (secrets: SecretBox, key: string): string => secrets.lookupHash(stripKeyPrefix(key))

/**
 * The live (not deleted) token of a whole key, whatever its status; the relay checks status,
 * expiry and quota itself. Callers split off any `-<channel id>` suffix first. A row taken over
 * from the reference and not yet converted (services/takeover/) is found by its raw key.
 */
export function findTokenByKey(
  services: { db: Kysely<Database>; secrets: SecretBox },
  key: string
): Promise<TokenRow | undefined> {
  return findTokenByHashOrRawKey(services.db, tokenKeyHash(services.secrets, key), stripKeyPrefix(key))
}
