import { ChannelType, type ChannelTypeName } from '@gateway/shared'
import { anthropicProvider } from './anthropic/anthropic-provider.ts'
import { azureAdapter } from './azure/azure-adapter.ts'
import { baiduProvider } from './baidu/baidu-provider.ts'
import { bedrockAdapter } from './bedrock/bedrock-adapter.ts'
import { cloudflareAdapter } from './cloudflare/cloudflare-adapter.ts'
import { cohereAdapter } from './cohere/cohere-adapter.ts'
import { customAdapter } from './custom/custom-adapter.ts'
import { difyProvider } from './dify/dify-provider.ts'
import { geminiProvider } from './gemini/gemini-provider.ts'
import { openAICompatibleProviders } from './openai-compatible/openai-compatible-providers.ts'
import { tencentProvider } from './tencent/tencent-provider.ts'
import type { Protocol, ProviderAdapter, ProviderBridges, ProviderDeclaration } from './types.ts'
import { vertexAdapter } from './vertex/vertex-adapter.ts'
import { xunfeiProvider } from './xunfei/xunfei-provider.ts'

/**
 * Channel type -> provider. Types without an entry answer 501 rather than guess a protocol.
 * Bedrock and Vertex AI speak Anthropic's and Gemini's protocols, so they use those providers' bridges.
 */
const providers: Partial<Record<ChannelTypeName, ProviderDeclaration>> = {
  custom: { adapter: customAdapter },
  azure: { adapter: azureAdapter },
  anthropic: anthropicProvider,
  baidu: baiduProvider,
  xunfei: xunfeiProvider,
  tencent: tencentProvider,
  gemini: geminiProvider,
  aws: { adapter: bedrockAdapter },
  cohere: { adapter: cohereAdapter },
  dify: difyProvider,
  cloudflare: { adapter: cloudflareAdapter },
  vertexAI: { adapter: vertexAdapter },
}

const adapters = new Map<number, ProviderAdapter>()
for (const [name, adapter] of Object.entries(openAICompatibleProviders))
  adapters.set(ChannelType[name as ChannelTypeName], adapter)
for (const [name, provider] of Object.entries(providers))
  adapters.set(ChannelType[name as ChannelTypeName], provider.adapter)

/** The bridges of each protocol other than OpenAI's, from the provider that speaks it. */
const bridgesByProtocol = new Map<Protocol, ProviderBridges>()
for (const provider of Object.values(providers)) {
  if (provider.bridges) bridgesByProtocol.set(provider.adapter.protocol, provider.bridges)
}

/** The adapter of a channel type (channels.type). */
export function adapterFor(channelType: number): ProviderAdapter | undefined {
  return adapters.get(channelType)
}

/** The bridges a protocol's provider declares; none for OpenAI's, whose clients pass through. */
export function bridgesOf(protocol: Protocol): ProviderBridges | undefined {
  return bridgesByProtocol.get(protocol)
}
