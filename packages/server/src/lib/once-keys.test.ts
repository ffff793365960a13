import { describe, expect, it } from 'vitest'
import { OnceKeys } from './once-keys.ts'

describe('OnceKeys', () => {
  it('answers true to the first claim only, until the key expires', () => {
    const keys = new OnceKeys()
    expect(keys.claim('a', 1000, 0)).toBe(true)
    expect(keys.claim('a', 1000, 999)).toBe(false)
    expect(keys.claim('b', 1000, 999)).toBe(true)
    expect(keys.claim('a', 1000, 1000)).toBe(true)
  })

  it('forgets expired keys as it goes', () => {
    const keys = new OnceKeys()
    for (let i = 0; i < 100; i++) keys.claim(`k${i}`, 10, 0)
    keys.claim('late', 10, 5000)
    expect((keys as unknown as { expiry: Map<string, number> }).expiry.size).toBe(1)
  })
})
