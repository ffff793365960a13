import { describe, expect, it } from 'vitest'
import type { Candidate, RelayChannel } from './cache/channel-cache.ts'
import { selectChannel } from './select-channel.ts'

const candidate = (id: number, priority: number, weight: number): Candidate => ({
  channel: { id } as RelayChannel,
  priority,
  weight,
})

describe('selectChannel', () => {
  const levels = [[candidate(1, 10, 0), candidate(2, 10, 30)], [candidate(3, 5, 0)], [candidate(4, 0, 0)]]
  it('uses the highest priority first, weighted with +10 smoothing', () => {
    const counts = new Map<number, number>()
    let seed = 1
    const random = () => {
      seed = (seed * 16807) % 2147483647
      return seed / 2147483647
    }
    for (let i = 0; i < 40_000; i++) {
      const id = selectChannel(levels, 0, new Set(), random)?.channel.id ?? 0
      counts.set(id, (counts.get(id) ?? 0) + 1)
    }
    // shares 10 : 40
    expect((counts.get(1) ?? 0) / 40_000).toBeCloseTo(0.2, 1)
    expect((counts.get(2) ?? 0) / 40_000).toBeCloseTo(0.8, 1)
    expect(counts.has(3)).toBe(false)
  })
  it('moves down one priority per retry and clamps at the lowest', () => {
    expect(selectChannel(levels, 1, new Set())?.channel.id).toBe(3)
    expect(selectChannel(levels, 2, new Set())?.channel.id).toBe(4)
    expect(selectChannel(levels, 9, new Set())?.channel.id).toBe(4)
  })
  it('skips channels already tried', () => {
    expect(selectChannel(levels, 0, new Set([1, 2]))?.channel.id).toBe(3)
    expect(selectChannel(levels, 2, new Set([4]))).toBeUndefined()
    expect(selectChannel([], 0, new Set())).toBeUndefined()
  })
})
