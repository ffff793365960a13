import type { Kysely } from 'kysely'
import type { DialectName } from '../../db/dsn.ts'
import { LOG_MIGRATION_TABLE, MAIN_MIGRATION_TABLE } from '../../db/migrate.ts'
import {
  clearHashOnlyAccessTokens,
  clearMigrationRecords,
  deleteMoveOverState,
  listEncryptedAccessTokens,
  listEncryptedChannelKeys,
  listEncryptedTokenKeys,
  listEncryptedTwoFactorSecrets,
  replaceChannelKey,
  replaceTwoFactorSecret,
  restoreAccessToken,
  restoreTokenKey,
} from '../../db/queries/takeover.ts'
import type { Database } from '../../db/schema/index.ts'
import { ENCRYPTED_PREFIX, type SecretBox } from '../../lib/secrets.ts'
import { stripKeyPrefix } from '../tokens/token-key.ts'
import { rewriteInBatches } from './batches.ts'

export interface MovedBack {
  tokenKeys: number
  accessTokens: number
  /** access tokens kept only as a hash, which no one can restore: cleared */
  accessTokensCleared: number
  channelKeys: number
  twoFactorSecrets: number
}

/**
 * Writes back what the reference system stores raw, from our ciphertexts, so that it can run on
 * this database again with every key its users hold: token keys (without `sk-`), console access
 * tokens, channel keys and TOTP secrets. Rows without a ciphertext are the reference's own already.
 * Then it forgets our migrations, so that a start of ours afterwards is a takeover again.
 * Each row changes only if it still holds what was read, so a gateway still running against the
 * database cannot have a row half written. Stop the gateway first all the same: it would convert
 * them again on its next start. Throws before changing anything when CRYPTO_SECRET cannot decrypt.
 */
export async function moveBack(
  db: Kysely<Database>,
  dialect: DialectName,
  secrets: SecretBox,
  batchSize?: number
): Promise<MovedBack> {
  await checkSecret(db, secrets)
  const tokenKeys = await rewriteInBatches(
    db,
    (afterId, limit) => listEncryptedTokenKeys(db, afterId, limit),
    (trx, row) => restoreTokenKey(trx, row.id, row.key, stripKeyPrefix(secrets.decrypt(row.key_ciphertext))),
    batchSize
  )
  const accessTokens = await rewriteInBatches(
    db,
    (afterId, limit) => listEncryptedAccessTokens(db, afterId, limit),
    (trx, row) =>
      restoreAccessToken(trx, row.id, String(row.access_token), secrets.decrypt(String(row.access_token_ciphertext))),
    batchSize
  )
  const accessTokensCleared = await clearHashOnlyAccessTokens(db)
  const channelKeys = await rewriteInBatches(
    db,
    (afterId, limit) => listEncryptedChannelKeys(db, ENCRYPTED_PREFIX, afterId, limit),
    (trx, row) => replaceChannelKey(trx, row.id, row.key, secrets.decrypt(row.key)),
    batchSize
  )
  const twoFactorSecrets = await rewriteInBatches(
    db,
    (afterId, limit) => listEncryptedTwoFactorSecrets(db, ENCRYPTED_PREFIX, afterId, limit),
    (trx, row) => replaceTwoFactorSecret(trx, row.id, row.secret, secrets.decrypt(row.secret)),
    batchSize
  )
  // A later start of ours on this database is a takeover again, with its summary, and runs every
  // migration again: the reference's ORM may have narrowed the columns we widened.
  await deleteMoveOverState(db)
  await clearMigrationRecords(db as unknown as Kysely<unknown>, dialect, [MAIN_MIGRATION_TABLE, LOG_MIGRATION_TABLE])
  return { tokenKeys, accessTokens, accessTokensCleared, channelKeys, twoFactorSecrets }
}

/** One value of each kind decrypted first: a wrong CRYPTO_SECRET stops the move back before any write. */
async function checkSecret(db: Kysely<Database>, secrets: SecretBox): Promise<void> {
  const samples = [
    (await listEncryptedTokenKeys(db, 0, 1))[0]?.key_ciphertext,
    (await listEncryptedAccessTokens(db, 0, 1))[0]?.access_token_ciphertext,
    (await listEncryptedChannelKeys(db, ENCRYPTED_PREFIX, 0, 1))[0]?.key,
    (await listEncryptedTwoFactorSecrets(db, ENCRYPTED_PREFIX, 0, 1))[0]?.secret,
  ]
  for (const sample of samples) {
    if (!sample) continue
    try {
      secrets.decrypt(sample)
    } catch {
      throw new Error('CRYPTO_SECRET does not decrypt the stored keys: set the one the gateway ran with')
    }
  }
}
