import type { OptionStore } from '../options/option-store.ts'

export interface MailMessage {
  to: string
  subject: string
  text: string
}

/** True when the options name an SMTP server at all. */
export const isSmtpConfigured = (options: OptionStore): boolean => options.get('SMTPServer').trim() !== ''

/**
 * Sends one plain-text mail with the SMTP options (server, port, SSL, account, token, from).
 * nodemailer is loaded on first use: most deployments rarely send mail. Sign-in codes, reset links
 * and quota warnings all go through here.
 * The SMTP server is set by the root in the options, so it is not an outbound URL a user controls.
 */
export async function sendMail(options: OptionStore, message: MailMessage): Promise<void> {
  const { default: nodemailer } = await import('nodemailer')
  const account = options.get('SMTPAccount')
  const transport = nodemailer.createTransport({
    host: options.get('SMTPServer').trim(),
    port: options.number('SMTPPort'),
    secure: options.bool('SMTPSSLEnabled'),
    auth: account ? { user: account, pass: options.get('SMTPToken') } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  try {
    await transport.sendMail({
      from: options.get('SMTPFrom') || account,
      to: message.to,
      subject: message.subject,
      text: message.text,
    })
  } finally {
    transport.close()
  }
}
