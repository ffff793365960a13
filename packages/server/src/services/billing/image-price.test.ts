import { describe, expect, it } from 'vitest'
import { imagePrice } from './image-price.ts'

const ratio = {
  kind: 'ratio',
  modelRatio: 8,
  completionRatio: 1,
  cacheRatio: 1,
  cacheCreationRatio: 1.25,
  groupRatio: 1,
} as const

describe('imagePrice', () => {
  it('multiplies the price per image by size, HD quality of dall-e-3 and n', () => {
    expect(imagePrice({ kind: 'per-call', modelPrice: 0.04, groupRatio: 1.5 }, 'dall-e-3', {})).toEqual({
      kind: 'per-call',
      modelPrice: 0.04,
      groupRatio: 1.5,
    })
    expect(
      imagePrice({ kind: 'per-call', modelPrice: 0.04, groupRatio: 1 }, 'dall-e-3', {
        size: '1024x1024',
        quality: 'hd',
        n: 2,
      })
    ).toMatchObject({ modelPrice: 0.16 })
    expect(
      imagePrice({ kind: 'per-call', modelPrice: 0.04, groupRatio: 1 }, 'dall-e-3', {
        size: '1792x1024',
        quality: 'hd',
      })
    ).toMatchObject({ modelPrice: 0.12 })
    expect(
      imagePrice({ kind: 'per-call', modelPrice: 0.02, groupRatio: 1 }, 'dall-e-2', {
        size: '256x256',
        quality: 'hd',
        n: 3,
      })
    ).toMatchObject({ modelPrice: 0.024 })
  })

  it('prices a ratio-only model at 0.0025 dollars per ratio unit and keeps the group ratios', () => {
    expect(imagePrice({ ...ratio, userGroupRatio: 0.5, groupRatio: 0.5 }, 'gpt-image-1', { n: 2 })).toEqual({
      kind: 'per-call',
      modelPrice: 0.04,
      groupRatio: 0.5,
      userGroupRatio: 0.5,
    })
  })
})
