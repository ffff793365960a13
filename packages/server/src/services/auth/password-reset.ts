import { randomInt } from 'node:crypto'
import { HOSTED } from '../../cluster/hosted-names.ts'
import { remote } from '../../cluster/worker-link.ts'
import { findLiveUserByEmail, updateUserFields } from '../../db/queries/users.ts'
import { AppError } from '../../errors/app-error.ts'
import { translate, type Language } from '../../i18n/messages.ts'
import type { Services } from '../container.ts'
import { isSmtpConfigured, sendMail } from '../mail/smtp-mail.ts'
import { endOtherSignIns } from '../sessions/manage-sessions.ts'
import { hashPassword } from '../users/password.ts'
import { normaliseEmail } from './email-rules.ts'
import { RESET_TOKEN_TTL_MS, ResetTokens } from './reset-tokens.ts'

type TokenBook = Pick<ResetTokens, 'issue' | 'consume'>
const stores = new WeakMap<Services, TokenBook>()

/** The reset-token store of this app (shared through Redis when there is one, or through the cluster primary). */
export function resetTokensOf(services: Services): TokenBook {
  let store = stores.get(services)
  if (!store) {
    store = services.shared
      ? remote<TokenBook>(services.shared, HOSTED.resetTokens, ['issue', 'consume'])
      : new ResetTokens({ redis: services.redis, prefix: services.env.REDIS_KEY_PREFIX })
    stores.set(services, store)
  }
  return store
}

/** Tests swap in a store with a fake clock or a short lifetime. */
export const useResetTokens = (services: Services, store: TokenBook): void => void stores.set(services, store)

/**
 * GET /api/reset_password: mails `{server address}/user/reset?email=&token=` to a registered address.
 * The answer is the same whether or not the address is registered, and the mail is sent after the
 * answer, so neither the message nor the timing tells a stranger who has an account here.
 */
export async function requestPasswordReset(
  services: Services,
  rawEmail: string | undefined,
  language: Language,
  serverAddress: string
): Promise<void> {
  const email = normaliseEmail(rawEmail)
  if (!email) throw new AppError('BAD_REQUEST', 'account.email_invalid')
  if (!isSmtpConfigured(services.options)) throw new AppError('BAD_REQUEST', 'account.smtp_not_configured')
  const user = await findLiveUserByEmail(services.db, email)
  if (!user) return
  const token = await resetTokensOf(services).issue(email)
  const link = `${serverAddress}/user/reset?${new URLSearchParams({ email, token })}`
  const system = services.options.get('SystemName')
  const minutes = RESET_TOKEN_TTL_MS / 60_000
  void sendMail(services.options, {
    to: email,
    subject: translate('account.reset_mail_subject', language, { system }),
    text: translate('account.reset_mail_body', language, { system, link, minutes }),
  }).catch((error: unknown) => services.logger.warn({ err: String(error) }, 'password reset mail failed'))
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

/** Twelve characters from an alphabet without look-alikes (about 70 bits). */
export function randomPassword(length = 12): string {
  let password = ''
  for (let i = 0; i < length; i++) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]
  return password
}

/**
 * POST /api/user/reset: a live token of this address sets a new random password, which is
 * returned once, and ends every session of the account and its console access token (whoever
 * asked for the reset may be locking someone out). Wrong, expired and used tokens all get the same answer.
 */
export async function confirmPasswordReset(services: Services, rawEmail: string, token: string): Promise<string> {
  const email = normaliseEmail(rawEmail)
  if (!email || !(await resetTokensOf(services).consume(email, token.trim())))
    throw new AppError('BAD_REQUEST', 'account.reset_link_invalid')
  const user = await findLiveUserByEmail(services.db, email)
  if (!user) throw new AppError('BAD_REQUEST', 'account.reset_link_invalid')
  const password = randomPassword()
  await updateUserFields(services.db, user.id, { password: await hashPassword(password) })
  await endOtherSignIns(services.db, user.id)
  return password
}
