import { describe, expect, it } from 'vitest'
import { formatTokenCount } from './token-count'

describe('formatTokenCount', () => {
  it('shortens round thousands and keeps the others exact', () => {
    expect(formatTokenCount(128_000)).toBe('128K')
    expect(formatTokenCount(1_000_000)).toBe('1M')
    expect(formatTokenCount(1_048_576)).toBe('1,048,576')
    expect(formatTokenCount(16_384)).toBe('16,384')
    expect(formatTokenCount(512)).toBe('512')
  })
})
