import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useHeldWhileClosed } from './use-held-while-closed'

describe('useHeldWhileClosed', () => {
  it('follows the value while open, keeps the last open one while closed, and follows again on reopen', () => {
    const { result, rerender } = renderHook(({ open, value }) => useHeldWhileClosed(open, value), {
      initialProps: { open: true, value: 'Remove passkeys' },
    })
    expect(result.current).toBe('Remove passkeys')
    rerender({ open: true, value: 'Remove passkeys of ann' })
    expect(result.current).toBe('Remove passkeys of ann')
    rerender({ open: false, value: 'Turn off 2FA' })
    expect(result.current).toBe('Remove passkeys of ann')
    rerender({ open: true, value: 'Disable bob' })
    expect(result.current).toBe('Disable bob')
  })
})
