import { describe, expect, it } from 'vitest'
import type { MultiKeys, RelayChannel } from './cache/channel-cache.ts'
import { KeyPicker, KeyTurns, pickKeyIndex } from './pick-channel-key.ts'

const keys = (mode: string, enabled: number[], count = 4): MultiKeys => ({
  mode,
  keys: Array.from({ length: count }, (_, i) => `k${i}`),
  enabled,
  autoDisabled: [],
  pollingIndex: 0,
})

describe('pickKeyIndex', () => {
  it('polls from the cursor, wrapping, over enabled keys only', () => {
    expect(pickKeyIndex(keys('polling', [0, 2, 3]), 1, new Set())).toEqual({ index: 2, next: 3 })
    expect(pickKeyIndex(keys('polling', [0, 2, 3]), 4, new Set())).toEqual({ index: 0, next: 1 })
    expect(pickKeyIndex(keys('polling', [0, 2]), 3, new Set())).toEqual({ index: 0, next: 1 })
  })

  it('picks at random among the enabled keys not tried yet', () => {
    const pool = keys('random', [0, 1, 3])
    expect(pickKeyIndex(pool, 0, new Set(), () => 0)?.index).toBe(0)
    expect(pickKeyIndex(pool, 0, new Set(), () => 0.99)?.index).toBe(3)
    expect(pickKeyIndex(pool, 0, new Set([0, 3]), () => 0.99)?.index).toBe(1)
  })

  it('takes the first enabled key in an unknown mode, and none when every key is off or tried', () => {
    expect(pickKeyIndex(keys('', [2, 3]), 0, new Set())?.index).toBe(2)
    expect(pickKeyIndex(keys('random', []), 0, new Set())).toBeUndefined()
    expect(pickKeyIndex(keys('polling', [1]), 0, new Set([1]))).toBeUndefined()
  })
})

describe('KeyPicker', () => {
  const channel = (multiKey?: MultiKeys) =>
    ({ id: 5, key: 'stored', ...(multiKey ? { multiKey } : {}) }) as RelayChannel

  it('hands a single-key channel over as it is', async () => {
    const single = channel()
    expect(await new KeyPicker().forAttempt(single)).toBe(single)
  })

  it('keeps the polling position per channel between attempts, starting at the stored one', async () => {
    const picker = new KeyPicker()
    const pool = channel({ ...keys('polling', [0, 1, 2], 3), pollingIndex: 2 })
    const picked: (string | undefined)[] = []
    for (let i = 0; i < 4; i++) picked.push((await picker.forAttempt(pool))?.key)
    expect(picked).toEqual(['k2', 'k0', 'k1', 'k2'])
    expect((await picker.forAttempt(pool))?.keyIndex).toBe(0)
  })

  it('skips the keys this request tried, and has none when all are tried', async () => {
    const picker = new KeyPicker()
    const pool = channel(keys('polling', [0, 1, 2], 3))
    expect((await picker.forAttempt(pool, new Set([0])))?.keyIndex).toBe(1)
    expect(await picker.forAttempt(pool, new Set([0, 1, 2]))).toBeUndefined()
  })

  it("takes its turns from a keeper it is given (for workers: the cluster primary's)", async () => {
    const shared = new KeyTurns()
    const [a, b] = [new KeyPicker(Math.random, shared), new KeyPicker(Math.random, shared)]
    const pool = channel(keys('polling', [0, 1], 2))
    const picked: (number | undefined)[] = []
    for (const picker of [a, a, b, b, a, b]) picked.push((await picker!.forAttempt(pool))?.keyIndex)
    expect(picked).toEqual([0, 1, 0, 1, 0, 1])
  })
})
