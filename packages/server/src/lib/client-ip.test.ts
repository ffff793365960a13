import { describe, expect, it } from 'vitest'
import { createClientIpResolver, createTrustedProxyCheck } from './client-ip.ts'

describe('createClientIpResolver', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', () => {
    const resolve = createClientIpResolver('')
    expect(resolve('203.0.113.9', '1.2.3.4')).toBe('203.0.113.9')
  })
  it('ignores X-Forwarded-For from an untrusted peer', () => {
    const resolve = createClientIpResolver('10.0.0.0/8')
    expect(resolve('203.0.113.9', '1.2.3.4')).toBe('203.0.113.9')
  })
  it('takes the first untrusted hop behind trusted proxies', () => {
    const resolve = createClientIpResolver('10.0.0.0/8,127.0.0.1')
    expect(resolve('::ffff:127.0.0.1', '9.9.9.9, 198.51.100.7, 10.1.2.3')).toBe('198.51.100.7')
  })
  it('refuses a malformed proxy list', () => {
    expect(() => createClientIpResolver('not-an-ip')).toThrow(/TRUSTED_PROXIES/)
  })
})

describe('createTrustedProxyCheck', () => {
  it('trusts no peer when no proxy is configured', () => {
    expect(createTrustedProxyCheck('')('127.0.0.1')).toBe(false)
  })
  it('trusts exactly the configured proxies, IPv4-mapped or not', () => {
    const trusts = createTrustedProxyCheck('10.0.0.0/8')
    expect(trusts('::ffff:10.1.2.3')).toBe(true)
    expect(trusts('203.0.113.9')).toBe(false)
    expect(trusts(undefined)).toBe(false)
  })
})
