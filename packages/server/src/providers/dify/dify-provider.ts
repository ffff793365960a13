import type { ProviderDeclaration } from '../types.ts'
import { difyAdapter } from './dify-adapter.ts'
import { chatOverDify } from './dify-bridges.ts'

/** Dify's chat-messages, a chat protocol of its own. */
export const difyProvider: ProviderDeclaration = { adapter: difyAdapter, bridges: { chat: chatOverDify } }
