import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { readPageSize, usePageSize } from './use-page-size'

describe('usePageSize', () => {
  it('defaults to 10 and ignores sizes outside the options', () => {
    localStorage.setItem('page-size', '33')
    expect(readPageSize()).toBe(10)
  })

  it('remembers the chosen size in page-size', () => {
    const { result } = renderHook(() => usePageSize())
    act(() => result.current[1](50))
    expect(result.current[0]).toBe(50)
    expect(localStorage.getItem('page-size')).toBe('50')
  })
})
