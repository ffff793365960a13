import { describe, expect, it } from 'vitest'
import { readRealtimeUsage, realtimeQuota } from './realtime-price.ts'

const price = {
  kind: 'ratio',
  modelRatio: 2.5,
  completionRatio: 4,
  cacheRatio: 0.5,
  cacheCreationRatio: 1.25,
  groupRatio: 1,
} as const

describe('realtime billing', () => {
  it('reads response.done usage by modality', () => {
    expect(
      readRealtimeUsage({
        total_tokens: 253,
        input_tokens: 132,
        output_tokens: 121,
        input_token_details: { text_tokens: 119, audio_tokens: 13, cached_tokens: 64 },
        output_token_details: { text_tokens: 30, audio_tokens: 91 },
      })
    ).toEqual({ textIn: 119, audioIn: 13, cachedIn: 64, textOut: 30, audioOut: 91 })
    expect(readRealtimeUsage({ input_tokens: 10, output_tokens: 5 })).toEqual({
      textIn: 10,
      audioIn: 0,
      cachedIn: 0,
      textOut: 5,
      audioOut: 0,
    })
    expect(readRealtimeUsage(null)).toBeUndefined()
  })

  it('weights audio by the audio ratios, cached text by the cache ratio', () => {
    const usage = { textIn: 119, audioIn: 13, cachedIn: 64, textOut: 30, audioOut: 91 }
    // (55 + 64×0.5 + 30×4 + 13×20 + 91×20×2) × 2.5 = (55 + 32 + 120 + 260 + 3640) × 2.5 = 10267.5 → 10268
    expect(realtimeQuota(price, usage, 'gpt-4o-realtime-preview')).toBe(10_268)
    // mini: audio ratio 10: (55 + 32 + 120 + 130 + 1820) × 2.5 = 5392.5 → 5393
    expect(realtimeQuota(price, usage, 'gpt-4o-mini-realtime-preview')).toBe(5393)
    expect(realtimeQuota({ kind: 'per-call', modelPrice: 0.1, groupRatio: 1 }, usage, 'x')).toBe(0)
  })
})
