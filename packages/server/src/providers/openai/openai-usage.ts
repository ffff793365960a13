import { isPlausibleUsage, type Usage } from '../../services/billing/compute-quota.ts'

interface OpenAIUsage {
  prompt_tokens?: unknown
  completion_tokens?: unknown
  input_tokens?: unknown
  output_tokens?: unknown
  prompt_tokens_details?: { cached_tokens?: unknown } | null
  prompt_cache_hit_tokens?: unknown
}

/**
 * Usage from an OpenAI-style `usage` object (DeepSeek reports cache hits as
 * prompt_cache_hit_tokens). Returns undefined when missing or implausible, so the caller counts
 * locally instead of trusting a negative or absurd number.
 */
export function readOpenAIUsage(value: unknown): Usage | undefined {
  if (!value || typeof value !== 'object') return undefined
  const usage = value as OpenAIUsage
  const prompt = usage.prompt_tokens ?? usage.input_tokens
  const completion = usage.completion_tokens ?? usage.output_tokens ?? 0
  if (typeof prompt !== 'number' || typeof completion !== 'number') return undefined
  const cached = usage.prompt_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens ?? 0
  const result: Usage = {
    promptTokens: prompt,
    completionTokens: completion,
    cachedTokens: typeof cached === 'number' ? cached : 0,
  }
  return isPlausibleUsage(result) ? result : undefined
}

/** The text an answer produced, for counting completion tokens when upstream reports none. */
export function completionTextOf(choice: unknown): string {
  if (!choice || typeof choice !== 'object') return ''
  const c = choice as { text?: unknown; message?: Record<string, unknown>; delta?: Record<string, unknown> }
  if (typeof c.text === 'string') return c.text
  const message = c.message ?? c.delta
  if (!message) return ''
  let text = ''
  if (typeof message.content === 'string') text += message.content
  if (typeof message.reasoning_content === 'string') text += message.reasoning_content
  if (Array.isArray(message.tool_calls)) {
    for (const call of message.tool_calls as { function?: { name?: unknown; arguments?: unknown } }[]) {
      if (typeof call.function?.name === 'string') text += call.function.name
      if (typeof call.function?.arguments === 'string') text += call.function.arguments
    }
  }
  return text
}
