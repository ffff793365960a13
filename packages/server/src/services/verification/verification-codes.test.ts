import { describe, expect, it } from 'vitest'
import { VerificationCodes } from './verification-codes.ts'

describe('VerificationCodes', () => {
  it('accepts a code once', () => {
    const codes = new VerificationCodes()
    const code = codes.issue('register', 'A@x.io')
    expect(code).toMatch(/^\d{6}$/)
    expect(codes.consume('register', 'a@x.io', code)).toBe(true)
    expect(codes.consume('register', 'a@x.io', code)).toBe(false)
  })
  it('expires after ten minutes', () => {
    const codes = new VerificationCodes()
    const code = codes.issue('register', 'a@x.io', 0)
    expect(codes.consume('register', 'a@x.io', code, 10 * 60 * 1000)).toBe(false)
  })
  it('allows five guesses and then burns the code', () => {
    const codes = new VerificationCodes()
    const code = codes.issue('register', 'a@x.io')
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) expect(codes.consume('register', 'a@x.io', wrong)).toBe(false)
    expect(codes.consume('register', 'a@x.io', code)).toBe(false)
  })
  it('keeps purposes apart', () => {
    const codes = new VerificationCodes()
    const code = codes.issue('bind', 'a@x.io')
    expect(codes.consume('register', 'a@x.io', code)).toBe(false)
  })
})
