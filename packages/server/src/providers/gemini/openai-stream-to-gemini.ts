import { readOpenAIUsage } from '../openai/openai-usage.ts'
import { readOpenAIChunk } from '../read-openai-chunk.ts'
import type { Usage } from '../types.ts'
import { geminiParts, geminiUsageOf } from './convert-to-gemini-response.ts'
import type { GeminiResponse } from './gemini-api.ts'
import { toGeminiFinishReason } from './map-gemini-finish-reason.ts'
import { signatureOf, withSignature } from './thought-signature.ts'

const frame = (response: GeminiResponse) => `data: ${JSON.stringify(response)}\n\n`

/**
 * An OpenAI chunk stream as Gemini's streamGenerateContent (alt=sse) events. Text and thoughts go
 * out as they come; tool-call arguments arrive in pieces, so calls are sent whole, with the last
 * event, together with the finish reason and the usage.
 */
export class OpenAIToGeminiStream {
  private readonly clientModel: string
  private readonly calls: { name: string; arguments: string; signature?: string }[] = []
  private finishReason: string | undefined
  private finished = false
  private readonly promptTokens: number | undefined
  usage: Usage | undefined
  text = ''
  malformed = 0

  /** `promptTokens`: the gateway's count of the prompt, for the usageMetadata of the events before the last */
  constructor(options: { clientModel: string; promptTokens?: number }) {
    this.clientModel = options.clientModel
    this.promptTokens = options.promptTokens
  }

  push(payload: string): string[] {
    const chunk = readOpenAIChunk(payload)
    if (chunk === 'done') return []
    if (!chunk) {
      this.malformed++
      return []
    }
    const found = readOpenAIUsage(chunk.usage)
    if (found) this.usage = found
    const choice = chunk.choices?.[0]
    if (!choice) return []
    if (choice.finish_reason) this.finishReason = toGeminiFinishReason(choice.finish_reason)
    for (const call of choice.delta?.tool_calls ?? []) {
      const entry = (this.calls[call.index] ??= { name: '', arguments: '' })
      entry.name += call.function?.name ?? ''
      entry.arguments += call.function?.arguments ?? ''
      entry.signature ??= signatureOf(call)
      this.text += (call.function?.name ?? '') + (call.function?.arguments ?? '')
    }
    const parts = geminiParts({ content: choice.delta?.content, reasoning_content: choice.delta?.reasoning_content })
    if (parts.length === 0) return []
    this.text += parts.map((part) => part.text ?? '').join('')
    const event: GeminiResponse = {
      candidates: [{ content: { role: 'model', parts }, index: 0 }],
      modelVersion: this.clientModel,
    }
    // Gemini puts usageMetadata in every event, the prompt counted from the first; the exact figures come with the last.
    if (this.promptTokens !== undefined)
      event.usageMetadata = { promptTokenCount: this.promptTokens, totalTokenCount: this.promptTokens }
    return [frame(event)]
  }

  finish(): string[] {
    if (this.finished) return []
    this.finished = true
    const parts = geminiParts({
      tool_calls: this.calls.filter(Boolean).map(({ name, arguments: args, signature }) => ({
        function: { name, arguments: args },
        ...withSignature(signature),
      })),
    })
    const last: GeminiResponse = {
      candidates: [{ content: { role: 'model', parts }, finishReason: this.finishReason ?? 'STOP', index: 0 }],
      modelVersion: this.clientModel,
    }
    const metadata =
      geminiUsageOf(this.usage) ??
      (this.promptTokens !== undefined
        ? { promptTokenCount: this.promptTokens, totalTokenCount: this.promptTokens }
        : undefined)
    if (metadata) last.usageMetadata = metadata
    return [frame(last)]
  }
}
