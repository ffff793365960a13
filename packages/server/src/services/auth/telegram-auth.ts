import { createHash, createHmac } from 'node:crypto'
import { AppError } from '../../errors/app-error.ts'
import { safeEqual } from '../../lib/crypto.ts'

/** A widget login older than this is refused: a captured link must not sign in forever. */
export const TELEGRAM_AUTH_MAX_AGE_SECONDS = 10 * 60
/** Clocks drift; a little of the future is tolerated, more is a forgery. */
const FUTURE_SKEW_SECONDS = 60
// `lang` is added by our own login page, not by Telegram, so it is not part of the signed data.
const UNSIGNED = new Set(['hash', 'lang'])

/**
 * Checks Telegram Login Widget data: HMAC-SHA256, keyed with SHA-256 of the bot token, over the
 * received fields sorted by name as `key=value` lines, compared in constant time; then the age of
 * auth_date. Returns the Telegram user id.
 * @see https://core.telegram.org/widgets/login#checking-authorization
 */
export function verifyTelegramLogin(
  query: Record<string, string>,
  botToken: string,
  now = Math.floor(Date.now() / 1000)
): string {
  const hash = query.hash ?? ''
  if (!botToken || !/^[0-9a-f]{64}$/.test(hash) || !query.id)
    throw new AppError('BAD_REQUEST', 'account.telegram_invalid')
  const checkString = Object.keys(query)
    .filter((key) => !UNSIGNED.has(key))
    .sort()
    .map((key) => `${key}=${query[key]}`)
    .join('\n')
  const secret = createHash('sha256').update(botToken).digest()
  const expected = createHmac('sha256', secret).update(checkString).digest('hex')
  if (!safeEqual(expected, hash)) throw new AppError('BAD_REQUEST', 'account.telegram_invalid')
  const authDate = Number(query.auth_date)
  if (
    !Number.isInteger(authDate) ||
    authDate > now + FUTURE_SKEW_SECONDS ||
    now - authDate > TELEGRAM_AUTH_MAX_AGE_SECONDS
  ) {
    throw new AppError('BAD_REQUEST', 'account.telegram_expired')
  }
  return query.id
}
