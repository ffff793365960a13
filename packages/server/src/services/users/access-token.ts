import type { Kysely } from 'kysely'
import { findUsersByAccessTokenValues } from '../../db/queries/users.ts'
import type { Database } from '../../db/schema/index.ts'
import { sha256Hex } from '../../lib/crypto.ts'
import type { SecretBox } from '../../lib/secrets.ts'

// Functions here take the services' fields they read, not the container's type: the takeover, which the container
// imports, uses this module, and that import would come back round.

/** What we keep of a console access token: its hash (the lookup) and its ciphertext (for a move back). */
export const storedAccessToken = (secrets: SecretBox, token: string) => ({
  access_token: sha256Hex(token),
  access_token_ciphertext: secrets.encrypt(token),
})

/** How our hashes look; a raw token of the reference (29 to 32 characters) never does. */
export const isAccessTokenHash = (value: string): boolean => /^[0-9a-f]{64}$/.test(value)

/**
 * The user a console access token belongs to. Tokens are found by their hash; a token the
 * reference system stored raw is found as it is, until the start-up conversion
 * (services/takeover/) hashes it, so that an instance serving before that finishes still accepts
 * it. A presented value shaped like a hash is never matched raw: knowing a stored hash must not
 * be enough to sign in.
 */
export async function findUserByAccessToken(services: { db: Kysely<Database> }, token: string) {
  const hash = sha256Hex(token)
  const values = isAccessTokenHash(token) ? [hash] : [hash, token]
  const rows = await findUsersByAccessTokenValues(services.db, values)
  return rows.find((row) => row.access_token === hash) ?? rows.find((row) => row.access_token?.trimEnd() === token)
}
