import { ChannelType } from '@gateway/shared'
import { describe, expect, it } from 'vitest'
import { anthropicProvider } from '../providers/anthropic/anthropic-provider.ts'
import { geminiProvider } from '../providers/gemini/gemini-provider.ts'
import { responsesOverResponses } from '../providers/openai-responses/responses-bridges.ts'
import { thinkingToContentBridge } from '../providers/openai/thinking-to-content.ts'
import { adapterFor } from '../providers/registry.ts'
import type { ProviderAdapter } from '../providers/types.ts'
import { bridgeFor } from './protocol-bridge.ts'

const adapter = (type: number): ProviderAdapter => {
  const found = adapterFor(type)
  if (!found) throw new Error(`no adapter for ${type}`)
  return found
}
const plain = { setting: {} }

describe('bridgeFor', () => {
  it('passes OpenAI channels through (null) for what they serve, and answers undefined (501) for what they do not', () => {
    expect(bridgeFor('chat', adapter(ChannelType.openAI), plain)).toBeNull()
    expect(bridgeFor('embeddings', adapter(ChannelType.deepSeek), plain)).toBeNull()
    expect(bridgeFor('chat', adapter(ChannelType.jina), plain)).toBeUndefined()
    expect(bridgeFor('chat', adapter(ChannelType.deepSeek), { setting: { thinking_to_content: true } })).toBe(
      thinkingToContentBridge
    )
    expect(bridgeFor('responses', adapter(ChannelType.openAI), plain)).toBe(responsesOverResponses)
  })

  it("uses a provider's own bridge for the endpoints it declares", () => {
    expect(bridgeFor('chat', adapter(ChannelType.anthropic), plain)).toBe(anthropicProvider.bridges?.chat)
    expect(bridgeFor('messages', adapter(ChannelType.anthropic), plain)).toBe(anthropicProvider.bridges?.messages)
    expect(bridgeFor('gemini', adapter(ChannelType.gemini), plain)).toBe(geminiProvider.bridges?.gemini)
    // Vertex AI speaks Gemini's or Anthropic's protocol by model, and takes that provider's bridges.
    expect(bridgeFor('messages', adapter(ChannelType.vertexAI), plain, 'claude-sonnet-4@20250514')).toBe(
      anthropicProvider.bridges?.messages
    )
    expect(bridgeFor('gemini', adapter(ChannelType.vertexAI), plain, 'gemini-2.5-pro')).toBe(
      geminiProvider.bridges?.gemini
    )
  })

  it('composes the other client protocols through chat, once per pair, towards the upstream endpoint of the chat bridge', () => {
    const responses = bridgeFor('responses', adapter(ChannelType.anthropic), plain)
    expect(responses?.upstreamEndpoint).toBe('messages')
    expect(bridgeFor('responses', adapter(ChannelType.aws), plain)).toBe(responses)
    expect(bridgeFor('gemini', adapter(ChannelType.anthropic), plain)?.upstreamEndpoint).toBe('messages')
    expect(bridgeFor('messages', adapter(ChannelType.gemini), plain)?.upstreamEndpoint).toBe('gemini')
    expect(bridgeFor('responses', adapter(ChannelType.gemini), plain)?.upstreamEndpoint).toBe('gemini')
    expect(bridgeFor('messages', adapter(ChannelType.tencent), plain)?.upstreamEndpoint).toBe('chat')
    expect(bridgeFor('responses', adapter(ChannelType.dify), plain)?.upstreamEndpoint).toBe('chat')
  })

  it('answers undefined where neither a bridge nor chat can carry the endpoint', () => {
    expect(bridgeFor('embeddings', adapter(ChannelType.anthropic), plain)).toBeUndefined()
    expect(bridgeFor('images', adapter(ChannelType.gemini), plain)).toBeUndefined()
    expect(bridgeFor('completions', adapter(ChannelType.dify), plain)).toBeUndefined()
  })
})
