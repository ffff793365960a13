import { describe, expect, it } from 'vitest'
import { bridgeFor } from '../../relay/protocol-bridge.ts'
import { adapterFor } from '../registry.ts'
import type { ProviderAdapter } from '../types.ts'

const adapter = (type: number) => adapterFor(type) as ProviderAdapter

describe("the bridge for Gemini's embedding methods, by channel type", () => {
  it('Gemini and Vertex AI channels use their own method; OpenAI-protocol channels /v1/embeddings; others cannot (501)', () => {
    for (const endpoint of ['gemini-embed', 'gemini-batch-embed'] as const) {
      expect(bridgeFor(endpoint, adapter(24))?.upstreamEndpoint).toBe(endpoint)
      expect(bridgeFor(endpoint, adapter(41), undefined, 'text-embedding-005')?.upstreamEndpoint).toBe(endpoint)
      expect(bridgeFor(endpoint, adapter(1))?.upstreamEndpoint).toBe('embeddings')
      expect(bridgeFor(endpoint, adapter(3))?.upstreamEndpoint).toBe('embeddings')
      // Anthropic, Vertex's Claude models, Dify: no embeddings to map to.
      expect(bridgeFor(endpoint, adapter(14))).toBeUndefined()
      expect(bridgeFor(endpoint, adapter(41), undefined, 'claude-sonnet-4@20250514')).toBeUndefined()
      expect(bridgeFor(endpoint, adapter(37))).toBeUndefined()
    }
  })

  it("the Gemini and Vertex adapters name each method's URL", () => {
    const channel = { baseUrl: 'https://g.example', other: '', key: 'k' } as Parameters<ProviderAdapter['buildUrl']>[0]
    expect(adapter(24).buildUrl(channel, 'gemini-embed', 'gemini-embedding-001', false).href).toBe(
      'https://g.example/v1beta/models/gemini-embedding-001:embedContent'
    )
    expect(adapter(24).buildUrl(channel, 'gemini-batch-embed', 'models/gemini-embedding-001', false).href).toBe(
      'https://g.example/v1beta/models/gemini-embedding-001:batchEmbedContents'
    )
    expect(adapter(24).buildUrl(channel, 'gemini-count', 'gemini-2.5-flash', false).href).toBe(
      'https://g.example/v1beta/models/gemini-2.5-flash:countTokens'
    )
  })
})
