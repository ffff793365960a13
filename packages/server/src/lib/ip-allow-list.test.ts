import { describe, expect, it } from 'vitest'
import { isIpAllowed, parseIpAllowList } from './ip-allow-list.ts'

describe('token IP allow list', () => {
  it('allows everyone when empty', () => {
    expect(isIpAllowed(parseIpAllowList(''), '203.0.113.5')).toBe(true)
  })
  it('matches single addresses and CIDR ranges, v4 and v6', () => {
    const list = parseIpAllowList('203.0.113.5\n10.0.0.0/8, 2001:db8::/32')
    expect(isIpAllowed(list, '203.0.113.5')).toBe(true)
    expect(isIpAllowed(list, '::ffff:203.0.113.5')).toBe(true)
    expect(isIpAllowed(list, '10.200.3.4')).toBe(true)
    expect(isIpAllowed(list, '2001:db8::1')).toBe(true)
    expect(isIpAllowed(list, '203.0.113.6')).toBe(false)
    expect(isIpAllowed(list, 'garbage')).toBe(false)
  })
  it('refuses entries that are not addresses', () => {
    expect(() => parseIpAllowList('example.com')).toThrow()
    expect(() => parseIpAllowList('10.0.0.0/33')).toThrow()
    expect(() => parseIpAllowList('1.2.3.4/')).toThrow()
    expect(() => parseIpAllowList('1.2.3.4/8/9')).toThrow()
  })
})
