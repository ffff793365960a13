import type { RelayChannel } from '../relay/cache/channel-cache.ts'
import { anthropicAdapter } from './anthropic/anthropic-adapter.ts'
import { azureAdapter } from './azure/azure-adapter.ts'
import { baiduAdapter } from './baidu/baidu-adapter.ts'
import { bedrockAdapter } from './bedrock/bedrock-adapter.ts'
import { cloudflareAdapter } from './cloudflare/cloudflare-adapter.ts'
import { cohereAdapter } from './cohere/cohere-adapter.ts'
import { difyAdapter } from './dify/dify-adapter.ts'
import { geminiAdapter } from './gemini/gemini-adapter.ts'
import { tencentAdapter } from './tencent/tencent-adapter.ts'
import { vertexAdapter } from './vertex/vertex-adapter.ts'
import { xunfeiAdapter } from './xunfei/xunfei-adapter.ts'
import { openAICompatibleProviders } from './openai-compatible/openai-compatible-providers.ts'
import { defineOpenAICompatible } from './openai-compatible/define-openai-compatible.ts'
import type { ProviderAdapter } from './types.ts'

/** Custom channel (type 8): the base URL is the full endpoint URL, with {model} filled in. */
const customProvider: ProviderAdapter = {
  ...defineOpenAICompatible({ id: 'custom' }),
  buildUrl: (channel: RelayChannel, _endpoint, upstreamModel: string) => new URL(channel.baseUrl.replaceAll('{model}', encodeURIComponent(upstreamModel))),
}

/** Channel type -> adapter. Types without an adapter answer 501 rather than guess a protocol. */
export function adapterFor(channelType: number): ProviderAdapter | undefined {
  if (channelType === 8) return customProvider
  if (channelType === 3) return azureAdapter
  if (channelType === 14) return anthropicAdapter
  if (channelType === 15) return baiduAdapter
  if (channelType === 18) return xunfeiAdapter
  if (channelType === 23) return tencentAdapter
  if (channelType === 24) return geminiAdapter
  if (channelType === 33) return bedrockAdapter
  if (channelType === 34) return cohereAdapter
  if (channelType === 37) return difyAdapter
  if (channelType === 39) return cloudflareAdapter
  if (channelType === 41) return vertexAdapter
  return openAICompatibleProviders[channelType]
}
