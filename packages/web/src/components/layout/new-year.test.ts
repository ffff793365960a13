import { describe, expect, it } from 'vitest'
import { isNewYearDay, launchConfetti } from './new-year'

describe('new year greeting', () => {
  it('exists on 1 January only', () => {
    expect(isNewYearDay(new Date(2027, 0, 1, 23, 59))).toBe(true)
    expect(isNewYearDay(new Date(2027, 0, 2))).toBe(false)
    expect(isNewYearDay(new Date(2026, 11, 31))).toBe(false)
  })

  it('drops decorative confetti that never blocks the page', () => {
    launchConfetti(5)
    const pieces = document.querySelectorAll('.confetti-piece')
    expect(pieces).toHaveLength(5)
    expect(pieces[0]?.parentElement?.getAttribute('aria-hidden')).toBe('true')
  })
})
