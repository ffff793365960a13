/** Messages of the personal area; merged into the one dictionary in ../messages.ts. */
export const personalMessages = {
  'personal.notify_type_invalid': { zh: '无效的预警类型', en: 'Invalid notification type' },
  'personal.threshold_invalid': { zh: '预警阈值必须大于0', en: 'The warning threshold must be greater than 0' },
  'personal.webhook_url_required': { zh: 'Webhook 地址不能为空', en: 'The webhook URL is required' },
  'personal.webhook_url_invalid': { zh: 'Webhook 地址格式不正确', en: 'The webhook URL is not a valid URL' },
  'personal.webhook_url_https': {
    zh: 'Webhook 地址必须以 https:// 开头',
    en: 'The webhook URL must start with https://',
  },
  'personal.webhook_url_blocked': {
    zh: 'Webhook 地址不被允许：不能指向内网、本机或保留地址，端口只能是 443、8443、80 或 8080',
    en: 'The webhook URL is not allowed: it may not point at a private, local or reserved address, and the port must be 443, 8443, 80 or 8080',
  },
  'personal.webhook_secret_too_long': {
    zh: 'Webhook 密钥最多 256 个字符',
    en: 'The webhook secret may be at most 256 characters',
  },
  'personal.notification_email_invalid': { zh: '无效的邮箱地址', en: 'Invalid email address' },
  'personal.setting_saved': { zh: '设置已更新', en: 'Settings updated' },
  'personal.transfer_min': { zh: '转移额度最小为{amount}！', en: 'The transfer amount must be at least {amount}!' },
  'personal.transfer_integer': { zh: '转移额度必须是整数', en: 'The transfer amount must be a whole number' },
  'personal.transfer_insufficient': { zh: '邀请额度不足！', en: 'Not enough invite quota!' },
  'personal.transfer_done': { zh: '划转成功', en: 'Transferred' },
} as const satisfies Record<string, { zh: string; en: string }>
