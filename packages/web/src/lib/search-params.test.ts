import { describe, expect, it } from 'vitest'
import { anyText, integer, oneOf, searchParams, text, withDefault } from './search-params'

// What the router hands validateSearch: JSON-parsed values of the query string, anything at all.
const fromUrl = <T extends (search: never) => unknown>(validate: T, raw: Record<string, unknown>) =>
  validate(raw as Parameters<T>[0]) as ReturnType<T>

describe('search params', () => {
  it('keeps valid values and leaves out absent, invalid and unknown keys', () => {
    const validate = searchParams({ keyword: text(5), p: integer(1), extra: anyText })
    expect(fromUrl(validate, { keyword: ' abc ', p: 2, other: 'x' })).toEqual({ keyword: 'abc', p: 2 })
    expect(Object.keys(fromUrl(validate, { keyword: 'abcdefgh', p: 0 }))).toEqual([])
  })

  it('reads numbers from their digits and rejects fractions, words, blanks and out-of-range values', () => {
    const page = integer(1, 6)
    expect(page('3')).toBe(3)
    expect(page(4)).toBe(4)
    for (const bad of ['2.5', 2.5, 'x', '', ' ', 0, 7, '-1', true, null, undefined, {}])
      expect(page(bad), String(bad)).toBeUndefined()
  })

  it('takes a number where text is expected as its digits (the router parses ?keyword=123 as a number)', () => {
    expect(text(10)(123)).toBe('123')
    expect(anyText(123)).toBe('123')
    expect(anyText(' a ')).toBe(' a ')
    expect(text(10)(true)).toBeUndefined()
    expect(text(10)({ a: 1 })).toBeUndefined()
  })

  it('accepts only the listed words, and a default always fills its key', () => {
    const tab = withDefault(oneOf(['a', 'b'] as const), 'a')
    const validate = searchParams({ tab })
    expect(fromUrl(validate, { tab: 'b' })).toEqual({ tab: 'b' })
    expect(fromUrl(validate, { tab: 'c' })).toEqual({ tab: 'a' })
    expect(fromUrl(validate, {})).toEqual({ tab: 'a' })
  })
})
