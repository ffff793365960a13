import { createTestQueryClient, Providers } from '@test/render'
import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useFormatQuota } from './quota-display'

describe('useFormatQuota', () => {
  it('writes quota as dollars at the server’s quota per unit', () => {
    const { result } = renderHook(() => useFormatQuota(), {
      wrapper: ({ children }) => <Providers client={createTestQueryClient()}>{children}</Providers>,
    })
    // Until /api/status answers, the console assumes 500000 quota a dollar, shown in currency.
    expect(result.current(500_000)).toBe('$1')
    expect(result.current(6, 6)).toBe('$0.000012')
  })
})
