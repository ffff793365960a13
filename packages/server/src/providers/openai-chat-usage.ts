import type { OpenAIChatUsage } from './openai-chat-api.ts'
import type { Usage } from './types.ts'

/** The gateway's usage as OpenAI's `usage` object, for answers converted from other protocols. */
export function openAIUsageOf(usage: Usage): OpenAIChatUsage {
  const details: { cached_tokens: number; cache_creation_tokens?: number } = { cached_tokens: usage.cachedTokens ?? 0 }
  if (usage.cacheCreationTokens) details.cache_creation_tokens = usage.cacheCreationTokens
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
    prompt_tokens_details: details,
  }
}
