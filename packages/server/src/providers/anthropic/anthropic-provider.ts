import type { ProviderDeclaration } from '../types.ts'
import { anthropicAdapter } from './anthropic-adapter.ts'
import { chatOverAnthropic, messagesOverAnthropic } from './anthropic-bridges.ts'

/** Anthropic's Messages API: chat clients converted, Claude clients passed through with usage read. */
export const anthropicProvider: ProviderDeclaration = {
  adapter: anthropicAdapter,
  bridges: { chat: chatOverAnthropic, messages: messagesOverAnthropic },
}
