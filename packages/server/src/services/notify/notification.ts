/** The webhook notification payload of the spec; `content` carries {{value}} placeholders filled from `values` in order. */
export interface Notification {
  type: 'quota_exceed'
  title: string
  content: string
  values: string[]
  timestamp: number
}

/** Replaces each {{value}} with the next value, for channels (email) that show text, not templates. */
export function fillPlaceholders(content: string, values: readonly string[]): string {
  let index = 0
  return content.replace(/\{\{value\}\}/g, () => values[index++] ?? '')
}

/** Where a user wants to hear about their quota (users.setting). */
export interface NotifySettings {
  notifyType: 'email' | 'webhook'
  threshold: number | undefined
  webhookUrl: string
  webhookSecret: string
  email: string
}

export function readNotifySettings(setting: Record<string, unknown>, accountEmail: string): NotifySettings {
  const threshold = Number(setting.quota_warning_threshold)
  return {
    notifyType: setting.notify_type === 'webhook' ? 'webhook' : 'email',
    threshold: Number.isFinite(threshold) && threshold > 0 ? threshold : undefined,
    webhookUrl: typeof setting.webhook_url === 'string' ? setting.webhook_url : '',
    webhookSecret: typeof setting.webhook_secret === 'string' ? setting.webhook_secret : '',
    email:
      typeof setting.notification_email === 'string' && setting.notification_email.includes('@')
        ? setting.notification_email
        : accountEmail,
  }
}
