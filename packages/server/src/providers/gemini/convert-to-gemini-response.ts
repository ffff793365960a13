import type { OpenAIChatResponse, OpenAIToolCall } from '../openai-chat-api.ts'
import type { Usage } from '../types.ts'
import type { GeminiPart, GeminiResponse, GeminiUsageMetadata } from './gemini-api.ts'
import { toGeminiFinishReason } from './map-gemini-finish-reason.ts'
import { signatureOf } from './thought-signature.ts'

export function geminiUsageOf(usage: Usage | undefined): GeminiUsageMetadata | undefined {
  if (!usage) return undefined
  const metadata: GeminiUsageMetadata = {
    promptTokenCount: usage.promptTokens,
    candidatesTokenCount: usage.completionTokens,
    totalTokenCount: usage.promptTokens + usage.completionTokens,
  }
  if (usage.cachedTokens) metadata.cachedContentTokenCount = usage.cachedTokens
  return metadata
}

function parseArgs(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text || '{}')
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** The parts of one OpenAI message or delta in Gemini's shape: thought, text, then function calls (with a signature Google's OpenAI API handed out). */
export function geminiParts(message: {
  content?: string | null
  reasoning_content?: string
  tool_calls?: Pick<OpenAIToolCall, 'function' | 'extra_content'>[]
}): GeminiPart[] {
  const parts: GeminiPart[] = []
  if (message.reasoning_content) parts.push({ text: message.reasoning_content, thought: true })
  if (message.content) parts.push({ text: message.content })
  for (const call of message.tool_calls ?? []) {
    const signature = signatureOf(call)
    parts.push({
      functionCall: { name: call.function.name, args: parseArgs(call.function.arguments) },
      ...(signature ? { thoughtSignature: signature } : {}),
    })
  }
  return parts
}

/** An OpenAI chat completion as a Gemini generateContent answer, one candidate per choice. */
export function convertToGeminiResponse(
  response: OpenAIChatResponse,
  clientModel: string,
  usage: Usage | undefined
): GeminiResponse {
  const out: GeminiResponse = {
    candidates: (response.choices ?? []).map((choice) => ({
      content: { role: 'model', parts: geminiParts(choice.message ?? {}) },
      finishReason: toGeminiFinishReason(choice.finish_reason ?? 'stop'),
      index: choice.index,
    })),
    modelVersion: clientModel,
  }
  const metadata = geminiUsageOf(usage)
  if (metadata) out.usageMetadata = metadata
  return out
}
