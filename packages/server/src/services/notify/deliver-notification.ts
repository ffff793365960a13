import { policyFor } from '../../lib/outbound/address-policy.ts'
import { guardedFetch } from '../../lib/outbound/guarded-fetch.ts'
import { isSmtpConfigured, sendMail } from '../mail/smtp-mail.ts'
import type { OptionStore } from '../options/option-store.ts'
import { fillPlaceholders, type Notification } from './notification.ts'

/** Sends one notification somewhere; injectable so tests can watch what would be sent. */
export interface NotificationTransport {
  webhook(url: string, secret: string, notification: Notification): Promise<void>
  email(to: string, notification: Notification): Promise<void>
}

/**
 * The real transport. Webhooks: https only, POST of the JSON payload, the secret as a bearer
 * token, through the outbound guard under the user-URL policy (no private or metadata addresses,
 * redirects re-checked), 5 s at most. Email: the SMTP settings of the options.
 */
export function createNotificationTransport(options: OptionStore): NotificationTransport {
  return {
    async webhook(url, secret, notification) {
      if (!url.startsWith('https://')) throw new Error('webhook URL must be https')
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (secret) headers.authorization = `Bearer ${secret}`
      const response = await guardedFetch(
        url,
        { method: 'POST', headers, body: JSON.stringify(notification) },
        { policy: policyFor(options, 'user'), timeoutMs: 5000, maxBytes: 64 * 1024 }
      )
      if (response.status < 200 || response.status >= 300) throw new Error(`webhook answered ${response.status}`)
    },
    async email(to, notification) {
      if (!isSmtpConfigured(options) || !to) throw new Error('SMTP is not configured or the user has no email')
      await sendMail(options, {
        to,
        subject: notification.title,
        text: fillPlaceholders(notification.content, notification.values),
      })
    },
  }
}
