import { REDEMPTION_COUNT_MAX, REDEMPTION_DEFAULT_QUOTA, REDEMPTION_NAME_MAX, type Redemption } from '@gateway/shared'
import { formatDateTimeInput, parseDateTimeInput } from '@/lib/date-time'
import type { ValidationMessage } from '@/lib/validation'

export interface RedemptionFormValues {
  name: string
  quota: string
  count: string
  /** `yyyy-MM-dd HH:mm:ss` in local time; blank never expires */
  expiredTime: string
}

export type RedemptionFormErrors = Partial<Record<keyof RedemptionFormValues, ValidationMessage>>

/** Spec §9: quota 100000, count 1. */
export const defaultRedemptionForm = (): RedemptionFormValues => ({
  name: '',
  quota: String(REDEMPTION_DEFAULT_QUOTA),
  count: '1',
  expiredTime: '',
})

export const redemptionToForm = (redemption: Redemption): RedemptionFormValues => ({
  name: redemption.name,
  quota: String(redemption.quota),
  count: '1',
  // A code read from an older server may lack the field; it never expires then.
  expiredTime: redemption.expired_time ? formatDateTimeInput(redemption.expired_time) : '',
})

/** The expiry to send: unix seconds, 0 for never (blank), null when it is not a date. */
export function expiredTimeOf(values: RedemptionFormValues): number | null {
  return values.expiredTime.trim() === '' ? 0 : parseDateTimeInput(values.expiredTime)
}

const isInteger = (text: string) => /^\d+$/.test(text.trim())

export function validateRedemptionForm(
  values: RedemptionFormValues,
  mode: 'create' | 'edit',
  now = Date.now() / 1000
): RedemptionFormErrors {
  const errors: RedemptionFormErrors = {}
  // Optional on create (the server names it after the quota); 1 to 20 characters when given.
  if ([...values.name.trim()].length > REDEMPTION_NAME_MAX) errors.name = 'validation.nameLength'
  const quota = values.quota.trim()
  if (quota === '') errors.quota = 'common:validation.quotaRequired'
  else if (!isInteger(quota) || Number(quota) < 1 || !Number.isSafeInteger(Number(quota)))
    errors.quota = 'common:validation.quotaPositive'
  const expired = expiredTimeOf(values)
  if (expired === null) errors.expiredTime = 'validation.expiryFormat'
  else if (expired !== 0 && expired < now) errors.expiredTime = 'validation.expiryPast'
  if (mode === 'create') {
    const count = Number(values.count)
    if (!isInteger(values.count) || count < 1 || count > REDEMPTION_COUNT_MAX)
      errors.count = 'common:validation.countRange'
  }
  return errors
}

/** Keys one a line, the .txt a batch downloads. */
export function keysText(keys: string[]): string {
  return `${keys.join('\n')}\n`
}
