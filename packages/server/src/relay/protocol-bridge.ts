import { clientOverChat } from '../providers/client-over-chat.ts'
import { composeThroughChat } from '../providers/compose-through-chat.ts'
import { geminiEmbedBridge, isGeminiEmbed } from '../providers/gemini/gemini-embed-bridges.ts'
import { responsesOverResponses } from '../providers/openai-responses/responses-bridges.ts'
import { thinkingToContentBridge } from '../providers/openai/thinking-to-content.ts'
import { bridgesOf } from '../providers/registry.ts'
import type { ClientEndpoint, Endpoint, ProtocolBridge, ProviderAdapter } from '../providers/types.ts'
import type { RelayChannel } from './cache/channel-cache.ts'

// The contracts live in providers/types.ts; named here too for the relay modules that use them.
export type { ProtocolBridge, StreamContext, StreamTranslator } from '../providers/types.ts'

/** Composed bridges are built once per pair: a provider's chat bridge -> client endpoint -> bridge. */
const composed = new WeakMap<ProtocolBridge, Map<Endpoint, ProtocolBridge>>()

function composedOver(providerChat: ProtocolBridge, endpoint: Endpoint, client: ProtocolBridge): ProtocolBridge {
  let byEndpoint = composed.get(providerChat)
  if (!byEndpoint) composed.set(providerChat, (byEndpoint = new Map()))
  let bridge = byEndpoint.get(endpoint)
  if (!bridge) byEndpoint.set(endpoint, (bridge = composeThroughChat(client, providerChat)))
  return bridge
}

/**
 * The bridge between the client's endpoint and the channel's protocol: `null` when the bytes pass
 * through as they are (the OpenAI path), undefined when the combination is not supported (501).
 * Other protocols: the provider's own bridge for the endpoint, else the client's protocol carried
 * through OpenAI chat and the provider's chat bridge.
 */
export function bridgeFor(
  endpoint: Endpoint,
  adapter: ProviderAdapter,
  channel?: Pick<RelayChannel, 'setting'>,
  upstreamModel = ''
): ProtocolBridge | null | undefined {
  const protocol = adapter.protocolFor?.(upstreamModel) ?? adapter.protocol
  if (isGeminiEmbed(endpoint)) return geminiEmbedBridge(endpoint, protocol, adapter)
  if (protocol === 'openai') return openAIBridgeFor(endpoint, adapter, channel)
  const bridges = bridgesOf(protocol)
  if (!bridges) return undefined
  const own = bridges[endpoint as ClientEndpoint]
  // Embeddings are no conversation and cannot go through chat: only adapters that list them (Gemini's own API, not Vertex AI).
  if (own) return endpoint === 'embeddings' && !adapter.endpoints.has('embeddings') ? undefined : own
  const client = clientOverChat[endpoint as ClientEndpoint]
  return client && bridges.chat ? composedOver(bridges.chat, endpoint, client) : undefined
}

/** OpenAI-protocol channels: what they serve passes through; the other client protocols are carried over their chat. */
function openAIBridgeFor(
  endpoint: Endpoint,
  adapter: ProviderAdapter,
  channel?: Pick<RelayChannel, 'setting'>
): ProtocolBridge | null | undefined {
  if (endpoint === 'chat') {
    if (!adapter.endpoints.has('chat')) return undefined
    return channel?.setting.thinking_to_content === true ? thinkingToContentBridge : null
  }
  // Responses channels pass through, the answer read for usage.
  if (endpoint === 'responses' && adapter.endpoints.has('responses')) return responsesOverResponses
  const client = clientOverChat[endpoint as ClientEndpoint]
  if (client) return adapter.endpoints.has('chat') ? client : undefined
  return adapter.endpoints.has(endpoint) ? null : undefined
}
