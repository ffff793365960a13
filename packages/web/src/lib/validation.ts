import type common from '@/i18n/locales/zh/common.json'

/**
 * A form's message for a field: a key of the console's one set of validation messages
 * (`common:validation.*`, shared by every form: quota, count, ...) or, for a rule only one form
 * has, a key of that form's namespace (`validation.*`).
 */
export type ValidationMessage = `common:validation.${keyof typeof common.validation}` | `validation.${string}`
