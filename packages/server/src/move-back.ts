import { openDatabase } from './db/client.ts'
import { parseDsn } from './db/dsn.ts'
import { readEnv } from './env.ts'
import { createLogger } from './lib/logger.ts'
import { SecretBox } from './lib/secrets.ts'
import { resolveSecrets } from './services/container.ts'
import { moveBack } from './services/takeover/move-back.ts'

/**
 * `npm run -w @gateway/server move-back` (or `node packages/server/dist/move-back.js` in a build):
 * prepares this gateway's database for the reference system to run on again, by writing back the
 * keys it stores raw (services/takeover/move-back.ts). Run it with the gateway stopped and the
 * same SQL_DSN and CRYPTO_SECRET (or SESSION_SECRET, or SQLite's secret.key) the gateway used.
 */
async function main(): Promise<void> {
  const env = readEnv()
  const logger = createLogger(env.LOG_LEVEL)
  const database = await openDatabase(parseDsn(env.SQL_DSN, env.SQLITE_PATH), 2, env.SQLITE_SYNCHRONOUS)
  try {
    const { cryptoSecret } = resolveSecrets(env, logger)
    const result = await moveBack(database.db, new SecretBox(cryptoSecret))
    logger.info(
      result,
      `moved back: ${result.tokenKeys} token keys, ${result.accessTokens} access tokens, ${result.channelKeys} channel keys, ` +
        `${result.twoFactorSecrets} 2FA secrets written back raw; ${result.accessTokensCleared} access tokens without a ciphertext cleared`,
    )
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
