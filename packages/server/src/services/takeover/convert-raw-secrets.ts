import type { Kysely } from 'kysely'
import {
  convertAccessToken,
  convertTokenKey,
  listPlainChannelKeys,
  listPlainTwoFactorSecrets,
  listRawAccessTokens,
  listRawTokenKeys,
  replaceChannelKey,
  replaceTwoFactorSecret,
} from '../../db/queries/takeover.ts'
import type { Database } from '../../db/schema/index.ts'
import { ENCRYPTED_PREFIX, type SecretBox } from '../../lib/secrets.ts'
import { stripKeyPrefix } from '../tokens/token-key.ts'
import { storedAccessToken } from '../users/access-token.ts'
import { rewriteInBatches } from './batches.ts'

export interface ConvertedSecrets {
  tokenKeys: number
  accessTokens: number
  channelKeys: number
  twoFactorSecrets: number
}

/**
 * Brings secrets the reference system stored raw into our storage, so that the keys its users
 * hold keep working unchanged:
 * - tokens.key raw (48 characters, no `sk-`) -> the keyed lookup hash, the key in key_ciphertext;
 * - users.access_token raw (29-32 characters) -> its SHA-256, the token in access_token_ciphertext;
 * - channels.key and two_fas.secret raw -> encrypted (they were readable raw already: decrypt
 *   passes raw values through; this only stops keeping them in the clear).
 * Backup codes stay as they are: the reference's are bcrypt hashes, which we check as they are.
 * Every update is conditional on the row still holding the raw value, so instances that run this
 * at once convert each row once, and a second run finds nothing to do.
 */
export async function convertRawSecrets(
  db: Kysely<Database>,
  secrets: SecretBox,
  batchSize?: number
): Promise<ConvertedSecrets> {
  const tokenKeys = await rewriteInBatches(
    db,
    (afterId, limit) => listRawTokenKeys(db, afterId, limit),
    (trx, row) => {
      // PostgreSQL reads a char(n) column padded; keys never end in spaces.
      const bare = stripKeyPrefix(row.key.trimEnd())
      return convertTokenKey(trx, row.id, row.key, secrets.lookupHash(bare), secrets.encrypt(bare))
    },
    batchSize
  )
  const accessTokens = await rewriteInBatches(
    db,
    (afterId, limit) => listRawAccessTokens(db, afterId, limit),
    (trx, row) => {
      const raw = String(row.access_token)
      const stored = storedAccessToken(secrets, raw.trimEnd())
      return convertAccessToken(trx, row.id, raw, String(stored.access_token), stored.access_token_ciphertext)
    },
    batchSize
  )
  const channelKeys = await rewriteInBatches(
    db,
    (afterId, limit) => listPlainChannelKeys(db, ENCRYPTED_PREFIX, afterId, limit),
    (trx, row) => replaceChannelKey(trx, row.id, row.key, secrets.encrypt(row.key)),
    batchSize
  )
  const twoFactorSecrets = await rewriteInBatches(
    db,
    (afterId, limit) => listPlainTwoFactorSecrets(db, ENCRYPTED_PREFIX, afterId, limit),
    (trx, row) => replaceTwoFactorSecret(trx, row.id, row.secret, secrets.encrypt(row.secret.trim())),
    batchSize
  )
  return { tokenKeys, accessTokens, channelKeys, twoFactorSecrets }
}
