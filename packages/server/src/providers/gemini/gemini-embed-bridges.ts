import type { Language } from '../../i18n/messages.ts'
import { readOpenAIUsage } from '../../relay/openai-usage.ts'
import type { ProtocolBridge, StreamTranslator } from '../../relay/protocol-bridge.ts'
import type { RelayError } from '../../relay/relay-error.ts'
import type { Endpoint, Protocol, ProviderAdapter } from '../types.ts'
import { convertGeminiEmbedToOpenAI, convertOpenAIEmbeddingsToGemini, geminiEmbedBody, type OpenAIEmbeddingsResponse } from './convert-gemini-embed.ts'
import { geminiErrorBody } from './gemini-error.ts'

/** Embeddings never stream; the bridge contract still wants a translator. */
const noStream = (): StreamTranslator => ({ push: () => [], finish: () => [], usage: undefined, text: '' })

const errorFrame = (error: RelayError, language: Language, requestId: string) =>
  `data: ${JSON.stringify(geminiErrorBody(error.status, `${error.text(language)} (request id: ${requestId})`))}\n\n`

/**
 * Gemini-native embedding clients on a Gemini channel: the upstream's own method, the body as it
 * came (its model names the channel's). Gemini's answer reports no usage, so the prompt is counted
 * by the gateway's tokenizer when the exchange settles.
 */
function embedOverGemini(endpoint: 'gemini-embed' | 'gemini-batch-embed'): ProtocolBridge {
  const batch = endpoint === 'gemini-batch-embed'
  return {
    upstreamEndpoint: endpoint,
    buildBody: (request, upstreamModel) => geminiEmbedBody(request.body, batch, upstreamModel),
    convertJson: (parsed) => ({ body: JSON.stringify(parsed), usage: undefined, completionText: '' }),
    createStream: noStream,
    errorFrame,
  }
}

/** Gemini-native embedding clients on an OpenAI-compatible channel: /v1/embeddings and back. */
function embedOverOpenAI(endpoint: 'gemini-embed' | 'gemini-batch-embed'): ProtocolBridge {
  const batch = endpoint === 'gemini-batch-embed'
  return {
    upstreamEndpoint: 'embeddings',
    buildBody: (request, upstreamModel) => convertGeminiEmbedToOpenAI(request.body, batch, upstreamModel),
    convertJson(parsed) {
      const response = parsed as OpenAIEmbeddingsResponse
      return { body: JSON.stringify(convertOpenAIEmbeddingsToGemini(response, batch)), usage: readOpenAIUsage(response.usage), completionText: '' }
    },
    createStream: noStream,
    errorFrame,
  }
}

const bridges = {
  gemini: { 'gemini-embed': embedOverGemini('gemini-embed'), 'gemini-batch-embed': embedOverGemini('gemini-batch-embed') },
  openai: { 'gemini-embed': embedOverOpenAI('gemini-embed'), 'gemini-batch-embed': embedOverOpenAI('gemini-batch-embed') },
}

export const isGeminiEmbed = (endpoint: Endpoint): endpoint is 'gemini-embed' | 'gemini-batch-embed' => endpoint === 'gemini-embed' || endpoint === 'gemini-batch-embed'

/**
 * The bridge for Gemini's embedding methods on a channel: its own method on a Gemini upstream that
 * has it, /v1/embeddings on an OpenAI-protocol one that serves embeddings; undefined (501) otherwise.
 */
export function geminiEmbedBridge(endpoint: 'gemini-embed' | 'gemini-batch-embed', protocol: Protocol, adapter: ProviderAdapter): ProtocolBridge | undefined {
  if (protocol === 'gemini') return adapter.endpoints.has(endpoint) ? bridges.gemini[endpoint] : undefined
  if (protocol === 'openai') return adapter.endpoints.has('embeddings') ? bridges.openai[endpoint] : undefined
  return undefined
}
