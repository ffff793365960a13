import { AUTO_GROUP, TOKEN_NAME_MAX, type CreateTokenInput, type Token } from '@gateway/shared'
import { formatDateTimeInput, parseDateTimeInput } from '@/lib/date-time'
import type { ValidationMessage } from '@/lib/validation'

/** Spec §9: quota presets in USD, default quota, batch quantities, expiry quick picks. */
export const QUOTA_PRESETS_USD = [1, 10, 50, 100, 500, 1000] as const
export const DEFAULT_TOKEN_QUOTA = 500_000
export const BATCH_QUANTITIES = [10, 20, 30, 100] as const
export const BATCH_MAX = 100
export const EXPIRY_PICKS = [
  { key: 'never', seconds: null },
  { key: 'hour', seconds: 3600 },
  { key: 'day', seconds: 86_400 },
  { key: 'month', seconds: 30 * 86_400 },
] as const

/** The editor's fields as typed (numbers stay text until validated). */
export interface TokenFormValues {
  name: string
  remainQuota: string
  unlimitedQuota: boolean
  /** `yyyy-MM-dd HH:mm:ss`; blank means never expires. */
  expires: string
  count: string
  modelLimitsEnabled: boolean
  modelLimits: string[]
  allowIps: string
  group: string
  /** group `auto` only: when one auto group's channels fail, go on to the next */
  crossGroupRetry: boolean
}

export type TokenFormField = 'name' | 'remainQuota' | 'expires' | 'count'
/** Field → message key: the tokens namespace's own (`validation.*`) or the shared set (`common:validation.*`). */
export type TokenFormErrors = Partial<Record<TokenFormField, ValidationMessage>>

export function defaultTokenForm(autoGroup: boolean): TokenFormValues {
  return {
    name: '',
    remainQuota: String(DEFAULT_TOKEN_QUOTA),
    unlimitedQuota: false,
    expires: '',
    count: '1',
    modelLimitsEnabled: false,
    modelLimits: [],
    allowIps: '',
    group: autoGroup ? 'auto' : '',
    // The reference's console offers it on for new tokens; it only counts with the auto group.
    crossGroupRetry: true,
  }
}

export function tokenToForm(token: Token): TokenFormValues {
  return {
    name: token.name,
    remainQuota: String(token.remain_quota),
    unlimitedQuota: token.unlimited_quota,
    expires: token.expired_time === -1 ? '' : formatDateTimeInput(token.expired_time),
    count: '1',
    modelLimitsEnabled: token.model_limits_enabled,
    modelLimits: token.model_limits ? token.model_limits.split(',').filter(Boolean) : [],
    allowIps: token.allow_ips,
    group: token.group,
    crossGroupRetry: token.cross_group_retry,
  }
}

const isInteger = (text: string) => /^\d+$/.test(text.trim())

export function validateTokenForm(values: TokenFormValues, mode: 'create' | 'edit'): TokenFormErrors {
  const errors: TokenFormErrors = {}
  const nameLength = [...values.name.trim()].length
  if (nameLength > TOKEN_NAME_MAX) errors.name = 'validation.nameTooLong'
  // The extra tokens of a batch get '-' and six characters more.
  else if (mode === 'create' && Number(values.count) > 1 && nameLength > TOKEN_NAME_MAX - 7)
    errors.name = 'validation.nameTooLongBatch'
  if (!values.unlimitedQuota) {
    const quota = values.remainQuota.trim()
    if (quota === '') errors.remainQuota = 'common:validation.quotaRequired'
    else if (/^-/.test(quota)) errors.remainQuota = 'common:validation.quotaNegative'
    else if (!isInteger(quota) || !Number.isSafeInteger(Number(quota)))
      errors.remainQuota = 'common:validation.quotaInteger'
  }
  if (values.expires.trim() !== '' && parseDateTimeInput(values.expires) === null)
    errors.expires = 'validation.expiresInvalid'
  if (mode === 'create') {
    const count = Number(values.count)
    if (!isInteger(values.count) || count < 1 || count > BATCH_MAX) errors.count = 'common:validation.countRange'
  }
  return errors
}

/** The body of POST/PUT /api/token/ from validated values. */
export function tokenFormToPayload(values: TokenFormValues): CreateTokenInput {
  const expires = values.expires.trim()
  return {
    name: values.name.trim(),
    remain_quota: values.unlimitedQuota ? Number(values.remainQuota) || 0 : Number(values.remainQuota),
    unlimited_quota: values.unlimitedQuota,
    expired_time: expires === '' ? -1 : (parseDateTimeInput(expires) ?? -1),
    model_limits_enabled: values.modelLimitsEnabled,
    model_limits: values.modelLimits.join(','),
    allow_ips: values.allowIps.trim(),
    group: values.group,
    // The server keeps it only with the auto group; any other group gets false, said here too.
    cross_group_retry: values.group === AUTO_GROUP && values.crossGroupRetry,
  }
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** Six random letters and digits, the suffix of the extra tokens of a batch. */
export function randomSuffix(length = 6): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length))
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')
}

/** Name of the n-th token of a batch (0-based): the first keeps the name, the others get a suffix. */
export function batchTokenName(name: string, index: number): string {
  return index === 0 ? name : `${name}-${randomSuffix()}`
}
