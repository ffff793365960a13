import { describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness } from '../../../test/harness.ts'
import { resolvePrice, UNSET_MODEL_RATIO } from './resolve-price.ts'

let h: Harness
harnessPerTest((made) => {
  h = made
})

const price = (model: string) => resolvePrice(h.services.options, model, 'default', '')
const set = (
  key: 'ModelRatio' | 'CompletionRatio' | 'CacheRatio' | 'ModelPrice' | 'SelfUseModeEnabled',
  value: unknown
) => h.services.options.set(key, typeof value === 'string' ? value : JSON.stringify(value))

describe('resolvePrice: root options, then the model catalog, then unpriced', () => {
  it('prices a model only the catalog lists with all its catalog ratios', () => {
    // claude-opus-4-1: $15 in, $75 out, $1.50 cached, $18.75 cache write per 1M tokens
    expect(price('claude-opus-4-1')).toEqual({
      kind: 'ratio',
      modelRatio: 7.5,
      completionRatio: 5,
      cacheRatio: 0.1,
      cacheCreationRatio: 1.25,
      groupRatio: 1,
    })
  })

  it("takes each of the root's entries over the catalog's, and the catalog's for what the root lacks", async () => {
    await set('ModelRatio', { 'gpt-5': 1 })
    expect(price('gpt-5')).toMatchObject({ modelRatio: 1, completionRatio: 8, cacheRatio: 0.104 })
    await set('CompletionRatio', { 'gpt-5': 3 })
    await set('CacheRatio', { 'gpt-5': 0.5 })
    expect(price('gpt-5')).toMatchObject({ modelRatio: 1, completionRatio: 3, cacheRatio: 0.5 })
    await set('ModelPrice', { 'gpt-5': 0.02 })
    expect(price('gpt-5')).toEqual({ kind: 'per-call', modelPrice: 0.02, groupRatio: 1 })
  })

  it('answers the same frozen price until an option changes', async () => {
    const first = price('gpt-4o-mini')
    expect(price('gpt-4o-mini')).toBe(first)
    expect(Object.isFrozen(first)).toBe(true)
    await set('ModelRatio', { 'gpt-4o-mini': 0.5 })
    expect(price('gpt-4o-mini')).not.toBe(first)
    expect(price('gpt-4o-mini')).toMatchObject({ modelRatio: 0.5 })
  })

  it('keeps a completion ratio the root set for a model the catalog prices', async () => {
    await set('CompletionRatio', { 'gemini-2.5-flash': 4 })
    expect(price('gemini-2.5-flash')).toMatchObject({ modelRatio: 0.15, completionRatio: 4, cacheRatio: 0.25 })
  })

  it('refuses a model neither prices, unless self-use mode is on', async () => {
    expect(price('in-house-model')).toBeUndefined()
    await set('SelfUseModeEnabled', 'true')
    expect(price('in-house-model')).toEqual({
      kind: 'ratio',
      modelRatio: UNSET_MODEL_RATIO,
      completionRatio: 1,
      cacheRatio: 1,
      cacheCreationRatio: 1.25,
      groupRatio: 1,
    })
  })
})
