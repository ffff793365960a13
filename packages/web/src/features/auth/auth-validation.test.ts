import { describe, expect, it } from 'vitest'
import { validateRegister } from './auth-validation'

const valid = { username: 'bob', password: 'password1', password2: 'password1', email: '', verificationCode: '' }

describe('validateRegister', () => {
  it('accepts a valid form', () => {
    expect(validateRegister(valid, false)).toEqual({})
  })

  it('applies the spec rules', () => {
    expect(validateRegister({ ...valid, username: ' ' }, false).username).toBe('validation.usernameRequired')
    expect(validateRegister({ ...valid, password: 'short', password2: 'short' }, false).password).toBe(
      'validation.passwordTooShort'
    )
    expect(validateRegister({ ...valid, password2: 'different' }, false).password2).toBe('validation.passwordMismatch')
  })

  it('needs email and code only with email verification on', () => {
    expect(validateRegister(valid, true)).toEqual({
      email: 'validation.emailRequired',
      verificationCode: 'validation.codeRequired',
    })
  })
})
