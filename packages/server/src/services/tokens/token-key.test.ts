import { describe, expect, it } from 'vitest'
import { maskTokenKey } from './token-key.ts'

describe('maskTokenKey', () => {
  it("keeps the reference system's mask: four characters, ten asterisks, four characters, after sk-", () => {
    expect(maskTokenKey('abcdEFGHijklMNOPqrstUVWXyz0123456789ABCDEFGHwxyz')).toBe('sk-abcd**********wxyz')
    expect(maskTokenKey('abcdefghi')).toBe('sk-abcd**********fghi')
  })

  it('shows less of short keys and nothing of the shortest', () => {
    expect(maskTokenKey('abcdefgh')).toBe('sk-ab****gh')
    expect(maskTokenKey('abcde')).toBe('sk-ab****de')
    expect(maskTokenKey('abcd')).toBe('sk-****')
    expect(maskTokenKey('a')).toBe('sk-*')
    expect(maskTokenKey('')).toBe('')
  })
})
