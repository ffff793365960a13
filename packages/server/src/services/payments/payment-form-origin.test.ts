import { describe, expect, it } from 'vitest'
import type { OptionStore } from '../options/option-store.ts'
import { paymentFormOrigin } from './payment-form-origin.ts'

const withPayAddress = (value: string) => ({ get: () => value }) as unknown as OptionStore

describe('paymentFormOrigin', () => {
  it('is the origin of PayAddress, without path, query or anything that could add a CSP directive', () => {
    expect(paymentFormOrigin(withPayAddress('https://pay.example.com/epay/'))).toBe('https://pay.example.com')
    expect(paymentFormOrigin(withPayAddress('http://127.0.0.1:8080'))).toBe('http://127.0.0.1:8080')
    expect(paymentFormOrigin(withPayAddress('https://pay.example.com/;script-src *'))).toBe('https://pay.example.com')
  })

  it('is empty when PayAddress is unset or not an http(s) URL', () => {
    for (const value of ['', 'javascript:alert(1)', 'not a url', 'ftp://pay.example.com'])
      expect(paymentFormOrigin(withPayAddress(value))).toBe('')
  })
})
