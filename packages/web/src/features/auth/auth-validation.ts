import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '@gateway/shared'
import type authZh from '@/i18n/locales/zh/auth.json'

export type ValidationKey = `validation.${keyof typeof authZh.validation}` | 'login.required'

export interface LoginValues {
  username: string
  password: string
}

/** Spec §5: both fields are required, one message for either. */
export function validateLogin(values: LoginValues): ValidationKey | null {
  return values.username.trim() && values.password ? null : 'login.required'
}

export interface RegisterValues {
  username: string
  password: string
  password2: string
  email: string
  verificationCode: string
}

export type RegisterErrors = Partial<Record<keyof RegisterValues, ValidationKey>>

/** Spec §5 register rules; email and code only count when email verification is on. */
export function validateRegister(values: RegisterValues, emailVerification: boolean): RegisterErrors {
  const errors: RegisterErrors = {}
  const username = values.username.trim()
  if (!username) errors.username = 'validation.usernameRequired'
  else if (username.length > USERNAME_MAX) errors.username = 'validation.usernameTooLong'
  if (!values.password) errors.password = 'validation.passwordRequired'
  else if (values.password.length < PASSWORD_MIN) errors.password = 'validation.passwordTooShort'
  else if (values.password.length > PASSWORD_MAX) errors.password = 'validation.passwordTooLong'
  if (values.password !== values.password2) errors.password2 = 'validation.passwordMismatch'
  if (emailVerification) {
    if (!values.email.trim()) errors.email = 'validation.emailRequired'
    if (!values.verificationCode.trim()) errors.verificationCode = 'validation.codeRequired'
  }
  return errors
}
