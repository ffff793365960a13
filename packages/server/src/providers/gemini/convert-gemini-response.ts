import type { OpenAIChatResponse, OpenAIToolCall } from '../openai-chat-api.ts'
import { openAIUsageOf } from '../openai-chat-usage.ts'
import type { Usage } from '../types.ts'
import type { GeminiCandidate, GeminiResponse, GeminiUsageMetadata } from './gemini-api.ts'
import { toOpenAIFinishReason } from './map-gemini-finish-reason.ts'
import { withSignature } from './thought-signature.ts'

const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0

/**
 * Gemini's usage as the gateway's: the prompt count includes cached content; thinking tokens are
 * billed as completion, as Google bills them.
 */
export function readGeminiUsage(usage: GeminiUsageMetadata | undefined): Usage | undefined {
  if (!usage || typeof usage.promptTokenCount !== 'number') return undefined
  const cached = Math.min(count(usage.cachedContentTokenCount), count(usage.promptTokenCount))
  return {
    promptTokens: count(usage.promptTokenCount),
    completionTokens: count(usage.candidatesTokenCount) + count(usage.thoughtsTokenCount),
    cachedTokens: cached,
  }
}

/** Text, thought text and function calls (with their thought signatures) of one candidate; call ids are made up (Gemini has none). */
export function candidateParts(candidate: GeminiCandidate | undefined, callIdPrefix: string, firstCallIndex = 0) {
  let text = ''
  let reasoning = ''
  const toolCalls: OpenAIToolCall[] = []
  for (const part of candidate?.content?.parts ?? []) {
    if (part.functionCall) {
      toolCalls.push({
        id: `${callIdPrefix}${firstCallIndex + toolCalls.length}`,
        type: 'function',
        function: { name: part.functionCall.name, arguments: JSON.stringify(part.functionCall.args ?? {}) },
        // Where Google's own OpenAI-compatible API puts it, so clients that keep it send it back.
        ...withSignature(part.thoughtSignature),
      })
    } else if (typeof part.text === 'string') {
      if (part.thought) reasoning += part.text
      else text += part.text
    }
  }
  return { text, reasoning, toolCalls }
}

/** A Gemini answer as an OpenAI chat completion, one choice per candidate. */
export function convertGeminiResponse(
  response: GeminiResponse,
  clientModel: string,
  created: number,
  requestId: string
): { body: OpenAIChatResponse; usage: Usage | undefined } {
  const usage = readGeminiUsage(response.usageMetadata)
  const choices: OpenAIChatResponse['choices'] = (response.candidates ?? []).map((candidate, index) => {
    const { text, reasoning, toolCalls } = candidateParts(candidate, `call_${index}_`)
    const message: OpenAIChatResponse['choices'][number]['message'] = {
      role: 'assistant',
      content: text === '' && toolCalls.length > 0 ? null : text,
    }
    if (reasoning) message.reasoning_content = reasoning
    if (toolCalls.length > 0) message.tool_calls = toolCalls
    return {
      index,
      message,
      finish_reason: toOpenAIFinishReason(candidate.finishReason ?? 'STOP', toolCalls.length > 0),
    }
  })
  if (choices.length === 0 && response.promptFeedback?.blockReason) {
    choices.push({ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'content_filter' })
  }
  const body: OpenAIChatResponse = {
    id: `chatcmpl-${response.responseId ?? requestId}`,
    object: 'chat.completion',
    created,
    model: clientModel,
    choices,
  }
  if (usage) body.usage = openAIUsageOf(usage)
  return { body, usage }
}
