import { isEmailTaken } from '../../db/queries/users.ts'
import { AppError } from '../../errors/app-error.ts'
import { translate, type Language } from '../../i18n/messages.ts'
import type { Services } from '../container.ts'
import { isSmtpConfigured, sendMail } from '../mail/smtp-mail.ts'
import type { CodePurpose } from '../verification/verification-codes.ts'
import { checkEmailAllowed } from './email-rules.ts'

export const EMAIL_CODE_MINUTES = 10

/**
 * GET /api/verification: mails a one-time code for registering or binding this address. The
 * address must pass the domain and alias rules and must not belong to an account already (the
 * reference's rule; the register form needs to say so before the user waits for a mail).
 */
export async function sendEmailCode(
  services: Services,
  rawEmail: string | undefined,
  purpose: CodePurpose,
  language: Language
): Promise<void> {
  const email = checkEmailAllowed(services.options, rawEmail)
  if (await isEmailTaken(services.db, email)) throw new AppError('CONFLICT', 'register.email_taken')
  if (!isSmtpConfigured(services.options)) throw new AppError('BAD_REQUEST', 'account.smtp_not_configured')
  const code = await services.verificationCodes.issue(purpose, email)
  const system = services.options.get('SystemName')
  try {
    await sendMail(services.options, {
      to: email,
      subject: translate('account.code_mail_subject', language, { system }),
      text: translate('account.code_mail_body', language, { system, code, minutes: EMAIL_CODE_MINUTES }),
    })
  } catch (error) {
    services.logger.warn({ err: String(error) }, 'verification mail failed')
    throw new AppError('BAD_REQUEST', 'account.mail_failed', {}, { cause: error })
  }
}
