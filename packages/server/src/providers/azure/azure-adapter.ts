import type { Endpoint, ProviderAdapter } from '../types.ts'

/** Used when the channel names no API version (its `other` field) and AZURE_DEFAULT_API_VERSION is unset. */
export const AZURE_DEFAULT_API_VERSION = '2024-12-01-preview'

const tasks: Partial<Record<Endpoint, string>> = {
  chat: 'chat/completions',
  completions: 'completions',
  embeddings: 'embeddings',
  images: 'images/generations',
  speech: 'audio/speech',
  transcriptions: 'audio/transcriptions',
  translations: 'audio/translations',
  'image-edits': 'images/edits',
}

/**
 * Azure OpenAI (channel type 3): the deployment is the model name without dots (gpt-3.5-turbo is
 * deployed as gpt-35-turbo), the API version comes from the channel's `other` field, and the key
 * goes in the `api-key` header. Bodies are OpenAI's, so they pass through.
 * @see https://learn.microsoft.com/en-us/azure/ai-services/openai/reference
 */
export const azureAdapter: ProviderAdapter = {
  id: 'azure',
  protocol: 'openai',
  endpoints: new Set([
    'chat',
    'completions',
    'embeddings',
    'images',
    'speech',
    'transcriptions',
    'translations',
    'image-edits',
  ]),
  passthrough: true,
  supportsStreamOptions: true,
  buildUrl(channel, endpoint, upstreamModel, _stream, _accessToken, settings) {
    const base = channel.baseUrl.replace(/\/+$/, '')
    if (!base) throw new Error('an Azure channel needs its resource URL as base URL')
    const deployment = encodeURIComponent(upstreamModel.replaceAll('.', ''))
    const url = new URL(`${base}/openai/deployments/${deployment}/${tasks[endpoint] ?? 'chat/completions'}`)
    url.searchParams.set('api-version', channel.other.trim() || settings?.azureApiVersion || AZURE_DEFAULT_API_VERSION)
    return url
  },
  buildHeaders(channel) {
    return { 'api-key': channel.key }
  },
}
