import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { openDatabase } from './db/client.ts'
import { parseDsn } from './db/dsn.ts'
import { readEnv } from './env.ts'
import { createLogger } from './lib/logger.ts'
import { SecretBox } from './lib/secrets.ts'
import { moveBack } from './services/takeover/move-back.ts'

/**
 * `npm run -w @gateway/server move-back` (or `node --conditions=gateway-dist packages/server/dist/move-back.js` in a build):
 * prepares this gateway's database for the reference system to run on again, by writing back the
 * keys it stores raw (services/takeover/move-back.ts). Run it with the gateway stopped and the
 * same SQL_DSN and CRYPTO_SECRET (or SESSION_SECRET, or SQLite's secret.key) the gateway used.
 */
async function main(): Promise<void> {
  const env = readEnv()
  const logger = createLogger(env.LOG_LEVEL)
  const secrets = new SecretBox(cryptoSecret(env))
  const target = parseDsn(env.SQL_DSN, env.SQLITE_PATH)
  // Opening a missing SQLite file would create an empty one.
  if (target.dialect === 'sqlite' && !existsSync(target.path))
    throw new Error(`no database at ${target.path}: set SQL_DSN or SQLITE_PATH as the gateway had them`)
  const database = await openDatabase(target, { maxOpen: 2, maxLifetimeSeconds: 0 }, env.SQLITE_SYNCHRONOUS)
  try {
    const result = await moveBack(database.db, database.dialect, secrets)
    logger.info(
      result,
      `moved back: ${result.tokenKeys} token keys, ${result.accessTokens} access tokens, ${result.channelKeys} channel keys, ` +
        `${result.twoFactorSecrets} 2FA secrets written back raw; ${result.accessTokensCleared} access tokens without a ciphertext cleared`
    )
  } finally {
    await database.close()
  }
}

/**
 * The secret the gateway encrypted with, found as it finds it (services/container.ts), except that
 * a missing secret.key is an error here: a new one could decrypt nothing.
 */
function cryptoSecret(env: ReturnType<typeof readEnv>): string {
  const secret = env.CRYPTO_SECRET ?? env.SESSION_SECRET
  if (secret) return secret
  const path = join(dirname(env.SQLITE_PATH), 'secret.key')
  if (!existsSync(path)) throw new Error('set CRYPTO_SECRET (or SESSION_SECRET) to the one the gateway ran with')
  return readFileSync(path, 'utf8').trim()
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
