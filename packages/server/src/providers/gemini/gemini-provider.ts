import type { ProviderDeclaration } from '../types.ts'
import { geminiAdapter } from './gemini-adapter.ts'
import { chatOverGemini, geminiOverGemini } from './gemini-bridges.ts'
import { embeddingsOverGemini } from './gemini-embeddings-bridge.ts'

/** Google's generateContent: chat clients converted, Gemini clients passed through with usage read, OpenAI embeddings through batchEmbedContents. */
export const geminiProvider: ProviderDeclaration = {
  adapter: geminiAdapter,
  bridges: { chat: chatOverGemini, gemini: geminiOverGemini, embeddings: embeddingsOverGemini },
}
