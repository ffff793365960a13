import type { NotifySettingInput } from '@gateway/shared'
import { findUserById, updateUserFields } from '../../db/queries/users.ts'
import { AppError } from '../../errors/app-error.ts'
import { checkOutboundUrl, OutboundBlockedError, policyFor } from '../../lib/outbound/index.ts'
import type { Services } from '../container.ts'

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The user setting JSON as stored; these keys are what services/notify reads. */
interface StoredSetting {
  notify_type: 'email' | 'webhook'
  quota_warning_threshold: number
  webhook_url?: string
  webhook_secret?: string
  notification_email?: string
  accept_unset_model_ratio_model?: boolean
}

export function parseSetting(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text || '{}')
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/**
 * The setting JSON as the browser may see it: the webhook secret is a credential of the user's
 * receiver, so only whether one is set goes out.
 */
export function publicSetting(text: string): string {
  const setting = parseSetting(text)
  if (Object.keys(setting).length === 0) return text === '' ? '' : '{}'
  const { webhook_secret: secret, ...rest } = setting
  return JSON.stringify({ ...rest, webhook_secret_set: typeof secret === 'string' && secret !== '' })
}

/**
 * Checks the notification settings and replaces the stored setting JSON with them: webhook keys only
 * for webhook delivery, the notification email only for email delivery. A webhook URL must be https
 * and pass the outbound guard's user policy now, so a private or metadata address is refused when it
 * is saved and not only when a warning would be sent.
 */
export async function saveNotifySetting(services: Services, userId: number, input: NotifySettingInput): Promise<void> {
  if (input.notify_type !== 'email' && input.notify_type !== 'webhook')
    throw new AppError('BAD_REQUEST', 'personal.notify_type_invalid')
  const threshold = Number(input.quota_warning_threshold)
  if (input.quota_warning_threshold === '' || !Number.isSafeInteger(threshold) || threshold <= 0) {
    throw new AppError('BAD_REQUEST', 'personal.threshold_invalid')
  }
  const user = await findUserById(services.db, userId)
  if (!user) throw new AppError('NOT_FOUND', 'user.not_found')
  const previous = parseSetting(user.setting)
  const next: StoredSetting = { notify_type: input.notify_type, quota_warning_threshold: threshold }
  if (input.notify_type === 'webhook') {
    next.webhook_url = checkWebhookUrl(services, input.webhook_url)
    const secret = input.webhook_secret ?? (typeof previous.webhook_secret === 'string' ? previous.webhook_secret : '')
    if (secret) next.webhook_secret = secret
  } else if (input.notification_email) {
    if (!EMAIL_SHAPE.test(input.notification_email))
      throw new AppError('BAD_REQUEST', 'personal.notification_email_invalid')
    next.notification_email = input.notification_email
  }
  const accept = input.accept_unset_model_ratio_model ?? previous.accept_unset_model_ratio_model
  if (typeof accept === 'boolean') next.accept_unset_model_ratio_model = accept
  await updateUserFields(services.db, userId, { setting: JSON.stringify(next) })
  // The relay keeps users (with their setting) in memory; the quota warning must see the new one.
  await services.changes.publish({ kind: 'user', id: userId })
}

function checkWebhookUrl(services: Services, raw: string): string {
  if (!raw) throw new AppError('BAD_REQUEST', 'personal.webhook_url_required')
  let parsed: URL
  try {
    parsed = new URL(raw)
  } catch {
    throw new AppError('BAD_REQUEST', 'personal.webhook_url_invalid')
  }
  if (parsed.protocol !== 'https:') throw new AppError('BAD_REQUEST', 'personal.webhook_url_https')
  try {
    checkOutboundUrl(parsed, policyFor(services.options, 'user'))
  } catch (error) {
    if (error instanceof OutboundBlockedError) {
      throw new AppError(
        'BAD_REQUEST',
        error.reason === 'INVALID_URL' ? 'personal.webhook_url_invalid' : 'personal.webhook_url_blocked'
      )
    }
    throw error
  }
  return parsed.href
}
