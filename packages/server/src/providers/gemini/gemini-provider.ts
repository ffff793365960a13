import type { ProviderDeclaration } from '../types.ts'
import { geminiAdapter } from './gemini-adapter.ts'
import { chatOverGemini, geminiOverGemini } from './gemini-bridges.ts'

/** Google's generateContent: chat clients converted, Gemini clients passed through with usage read. */
export const geminiProvider: ProviderDeclaration = { adapter: geminiAdapter, bridges: { chat: chatOverGemini, gemini: geminiOverGemini } }
