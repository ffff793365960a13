import { describe, expect, it } from 'vitest'
import { formatSeconds, responseTimeLevel } from './channel-response-time'

describe('responseTimeLevel', () => {
  it('bands milliseconds as the spec colours them', () => {
    expect(responseTimeLevel(0)).toBe('untested')
    expect(responseTimeLevel(1)).toBe('green')
    expect(responseTimeLevel(1000)).toBe('green')
    expect(responseTimeLevel(1001)).toBe('lime')
    expect(responseTimeLevel(3000)).toBe('lime')
    expect(responseTimeLevel(3001)).toBe('yellow')
    expect(responseTimeLevel(5000)).toBe('yellow')
    expect(responseTimeLevel(5001)).toBe('red')
  })

  it('formats seconds', () => {
    expect(formatSeconds(1234)).toBe('1.23s')
  })
})
