import type { Usage } from '../services/billing/compute-quota.ts'
import type { RelayRequest } from './parse-request.ts'
import { countInputTokens } from './token-counter.ts'

type Converted = { body: string; usage: Usage | undefined; completionText: string }

/**
 * An embeddings answer converted from an upstream that reports no usage (Gemini's
 * batchEmbedContents): the gateway counts the input, and the client's answer carries that count
 * in OpenAI's `usage`, the same number the log records (as New API does). Other answers pass as they are.
 */
export async function withCountedEmbeddingsUsage(converted: Converted, request: RelayRequest): Promise<Converted> {
  if (converted.usage !== undefined || request.endpoint !== 'embeddings') return converted
  const promptTokens = await countInputTokens(request.model, request.body.input)
  const body = {
    ...(JSON.parse(converted.body) as Record<string, unknown>),
    usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
  }
  return { body: JSON.stringify(body), usage: { promptTokens, completionTokens: 0 }, completionText: '' }
}
