import { defineOpenAICompatible } from '../openai-compatible/define-openai-compatible.ts'
import type { ProviderAdapter } from '../types.ts'

/** Custom channel: the base URL is the full endpoint URL, with {model} filled in. */
export const customAdapter: ProviderAdapter = {
  ...defineOpenAICompatible({ id: 'custom' }),
  buildUrl: (channel, _endpoint, upstreamModel) =>
    new URL(channel.baseUrl.replaceAll('{model}', encodeURIComponent(upstreamModel))),
}
