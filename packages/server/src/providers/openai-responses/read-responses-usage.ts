import { isPlausibleUsage, type Usage } from '../../services/billing/compute-quota.ts'

/** The Responses API's usage (input/output tokens, cached input) as the gateway's. */
export function readResponsesUsage(value: unknown): Usage | undefined {
  const usage = value as
    | { input_tokens?: unknown; output_tokens?: unknown; input_tokens_details?: { cached_tokens?: unknown } | null }
    | null
    | undefined
  if (!usage || typeof usage.input_tokens !== 'number' || typeof usage.output_tokens !== 'number') return undefined
  const cached = usage.input_tokens_details?.cached_tokens
  const result: Usage = {
    promptTokens: usage.input_tokens,
    completionTokens: usage.output_tokens,
    cachedTokens: typeof cached === 'number' ? cached : 0,
  }
  return isPlausibleUsage(result) ? result : undefined
}
