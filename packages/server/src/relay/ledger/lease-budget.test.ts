import { describe, expect, it } from 'vitest'
import { budgetKey, LEASE_REQUESTS, LeaseBudget } from './lease-budget.ts'

const budget = () => new LeaseBudget('1', { userId: 1, tokenUnlimited: true }, 'i-L1', undefined)

describe('LeaseBudget', () => {
  it('sizes a lease for several requests of the asking size, and for twice what is in flight', () => {
    const b = budget()
    expect(b.nextSize(100)).toBe(100 * LEASE_REQUESTS)
    b.free = 800
    for (let i = 0; i < 8; i++) b.cover(100, 0)
    b.waiting = 300
    // 800 held, 300 waiting, 100 asking: room for all of them twice.
    expect(b.nextSize(100)).toBe(2 * (800 + 300 + 100))
  })

  it('keeps what a finished request did not use free, and owes its charge to the lease', () => {
    const b = budget()
    b.free = 1_000
    b.cover(400, 5)
    expect([b.free, b.held, b.outstanding, b.lastUsedMs]).toEqual([600, 400, 1, 5])
    b.finish(400, 150)
    expect([b.free, b.held, b.outstanding]).toEqual([850, 0, 0])
    // A charge above the share takes nothing more from the lease (the balances pay the rest).
    b.cover(400, 6)
    b.finish(400, 900)
    expect(b.free).toBe(450)
  })

  it('tells the balance left to the user: outside the lease, and the free part of it', () => {
    const b = budget()
    expect(b.balanceAfter()).toBeUndefined()
    b.userBalance = 5_000
    b.free = 700
    expect(b.balanceAfter()).toBe(5_700)
  })

  it('keys a payer by user, and by token only when the token has a limit of its own', () => {
    expect(budgetKey({ userId: 3, tokenId: 9, tokenUnlimited: true })).toBe('3')
    expect(budgetKey({ userId: 3, tokenId: 9, tokenUnlimited: false })).toBe('3:9')
    expect(budgetKey({ userId: 3, tokenUnlimited: true })).toBe('3')
  })
})
