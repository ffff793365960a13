import { PASSWORD_MAX, PASSWORD_MIN } from '@gateway/shared'

/** Problems are personal-namespace message keys, translated where they are shown. */
export type TransferProblem = 'transfer.notInteger' | 'transfer.minimum' | 'transfer.insufficient'

/** Spec §5: at least one quota unit (quota_per_unit), whole quota points, not more than there is. */
export function checkTransferAmount(text: string, quotaPerUnit: number, available: number): TransferProblem | null {
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed)) return 'transfer.notInteger'
  const amount = Number(trimmed)
  if (!Number.isSafeInteger(amount)) return 'transfer.notInteger'
  if (amount < quotaPerUnit) return 'transfer.minimum'
  if (amount > available) return 'transfer.insufficient'
  return null
}

/** Spec §5: the typed text must equal the own username exactly. */
export function confirmsDeletion(typed: string, username: string): boolean {
  return typed === username
}

export type PasswordProblem =
  'password.currentRequired' | 'password.tooShort' | 'password.tooLong' | 'password.mismatch'

export function checkPasswordChange(values: {
  current: string
  next: string
  confirm: string
}): Partial<Record<'current' | 'next' | 'confirm', PasswordProblem>> {
  const problems: Partial<Record<'current' | 'next' | 'confirm', PasswordProblem>> = {}
  if (!values.current) problems.current = 'password.currentRequired'
  if (values.next.length < PASSWORD_MIN) problems.next = 'password.tooShort'
  else if (values.next.length > PASSWORD_MAX) problems.next = 'password.tooLong'
  if (values.next !== values.confirm) problems.confirm = 'password.mismatch'
  return problems
}

export type NotifyProblem =
  'notify.thresholdInvalid' | 'notify.webhookUrlRequired' | 'notify.webhookUrlHttps' | 'notify.emailInvalid'

export interface NotifyFormValues {
  notifyType: 'email' | 'webhook'
  threshold: string
  webhookUrl: string
  notificationEmail: string
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The same rules the server applies (it also refuses private addresses, which only it can judge). */
export function checkNotifyForm(
  values: NotifyFormValues
): Partial<Record<'threshold' | 'webhookUrl' | 'notificationEmail', NotifyProblem>> {
  const problems: Partial<Record<'threshold' | 'webhookUrl' | 'notificationEmail', NotifyProblem>> = {}
  const threshold = Number(values.threshold.trim())
  if (!/^\d+$/.test(values.threshold.trim()) || !Number.isSafeInteger(threshold) || threshold <= 0)
    problems.threshold = 'notify.thresholdInvalid'
  if (values.notifyType === 'webhook') {
    const url = values.webhookUrl.trim()
    if (!url) problems.webhookUrl = 'notify.webhookUrlRequired'
    else if (!/^https:\/\//i.test(url)) problems.webhookUrl = 'notify.webhookUrlHttps'
  } else if (values.notificationEmail.trim() && !EMAIL_SHAPE.test(values.notificationEmail.trim())) {
    problems.notificationEmail = 'notify.emailInvalid'
  }
  return problems
}

/** Spec §9: warning threshold presets (quota points). */
export const THRESHOLD_PRESETS = [100_000, 500_000, 1_000_000, 5_000_000] as const
/** Spec §9: 500000 unless the user saved another. */
export const DEFAULT_THRESHOLD = 500_000
/** Spec §9: the models list shows this many before it collapses. */
export const MODELS_COLLAPSED_COUNT = 10
