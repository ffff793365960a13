import { describe, expect, it } from 'vitest'
import { toUnixSeconds } from './passkeys.ts'

describe('toUnixSeconds', () => {
  it('reads the times every dialect and the reference system store', () => {
    expect(toUnixSeconds(new Date('2025-03-01T10:00:00.900Z'))).toBe(1740823200)
    // what we bind on SQLite
    expect(toUnixSeconds('2025-03-01T10:00:00.000Z')).toBe(1740823200)
    // what the reference's ORM writes on SQLite: nanoseconds and a zone offset
    expect(toUnixSeconds('2025-03-01 18:00:00.123456789+08:00')).toBe(1740823200)
    expect(toUnixSeconds('2025-03-01 10:00:00')).toBe(1740823200)
    expect(toUnixSeconds(null)).toBe(null)
    expect(toUnixSeconds('yesterday')).toBe(null)
  })
})
