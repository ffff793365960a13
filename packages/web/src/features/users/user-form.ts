import { DISPLAY_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, type AdminUser } from '@gateway/shared'
import type { ValidationMessage } from '@/lib/validation'

export interface UserFormValues {
  username: string
  display_name: string
  password: string
  group: string
  quota: string
}

export type UserFormErrors = Partial<Record<keyof UserFormValues, ValidationMessage>>

export const emptyUserForm = (): UserFormValues => ({
  username: '',
  display_name: '',
  password: '',
  group: 'default',
  quota: '0',
})

export const userToForm = (user: AdminUser): UserFormValues => ({
  username: user.username,
  display_name: user.display_name,
  password: '',
  group: user.group,
  quota: String(user.quota),
})

/** Spec §5: quota is parsed to an integer on save; only whole numbers from 0 are stored. */
export function parseQuota(text: string): number | undefined {
  const trimmed = text.trim()
  if (!/^-?\d+$/.test(trimmed)) return undefined
  const value = Number(trimmed)
  return Number.isSafeInteger(value) ? value : undefined
}

/** Create: username and password required. Edit: password optional (blank keeps it). */
export function validateUserForm(values: UserFormValues, mode: 'create' | 'edit'): UserFormErrors {
  const errors: UserFormErrors = {}
  const username = values.username.trim()
  if (!username) errors.username = 'validation.usernameRequired'
  else if ([...username].length > USERNAME_MAX) errors.username = 'validation.usernameLength'
  if ([...values.display_name.trim()].length > DISPLAY_NAME_MAX) errors.display_name = 'validation.displayNameLength'
  if (mode === 'create' && values.password === '') errors.password = 'validation.passwordRequired'
  else if (values.password !== '' && (values.password.length < PASSWORD_MIN || values.password.length > PASSWORD_MAX)) {
    errors.password = 'validation.passwordLength'
  }
  if (mode === 'edit') {
    if (!values.group.trim()) errors.group = 'validation.groupRequired'
    const quota = parseQuota(values.quota)
    if (quota === undefined || quota < 0) errors.quota = 'common:validation.quotaInteger'
  }
  return errors
}
