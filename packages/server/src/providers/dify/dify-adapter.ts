import type { Endpoint, ProviderAdapter } from '../types.ts'

/**
 * Dify (channel type 37): a Dify chat app (basic assistant, chatflow or agent) through its
 * chat-messages API at {base}/v1/chat-messages, the app's API key as a bearer token. OpenAI chat
 * clients are converted to and from it (dify-bridges.ts); no other endpoint exists
 * on a Dify app. The base URL may be given with or without Dify's /v1 (the console shows it with).
 * Agent apps answer in streaming mode only, so non-streaming clients get Dify's own 400 there.
 * @see https://docs.dify.ai/guides/application-publishing/developing-with-apis
 */
export const difyAdapter: ProviderAdapter = {
  id: 'dify',
  protocol: 'dify',
  endpoints: new Set<Endpoint>(['chat']),
  passthrough: false,
  supportsStreamOptions: false,
  buildUrl(channel) {
    const base = (channel.baseUrl || 'https://api.dify.ai').replace(/\/+$/, '')
    return new URL(base.endsWith('/v1') ? `${base}/chat-messages` : `${base}/v1/chat-messages`)
  },
  buildHeaders(channel) {
    return { authorization: `Bearer ${channel.key}` }
  },
}
