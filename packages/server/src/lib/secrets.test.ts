import { describe, expect, it } from 'vitest'
import { SecretBox } from './secrets.ts'

describe('SecretBox', () => {
  const box = new SecretBox('test-secret')
  it('round-trips and never stores the clear text', () => {
    const stored = box.encrypt('sk-upstream-canary')
    expect(stored).toMatch(/^enc:v1:/)
    expect(stored).not.toContain('canary')
    expect(box.decrypt(stored)).toBe('sk-upstream-canary')
    expect(box.encrypt('x')).not.toBe(box.encrypt('x'))
  })
  it('refuses a tampered value and a different secret', () => {
    const stored = box.encrypt('secret')
    const tampered = stored.slice(0, -3) + (stored.endsWith('A') ? 'BBB' : 'AAA')
    expect(() => box.decrypt(tampered)).toThrow()
    expect(() => new SecretBox('other').decrypt(stored)).toThrow()
  })
  it('passes through values imported in the clear', () => {
    expect(box.decrypt('plain-key')).toBe('plain-key')
  })
  it('hashes deterministically per secret', () => {
    expect(box.lookupHash('abc')).toBe(box.lookupHash('abc'))
    expect(box.lookupHash('abc')).not.toBe(new SecretBox('other').lookupHash('abc'))
    expect(box.lookupHash('abc')).toMatch(/^[0-9a-f]{64}$/)
  })
})
