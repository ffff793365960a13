import type { OpenAIChatChunk, OpenAIFinishReason } from '../openai-chat-api.ts'
import { OpenAIChunkWriter } from '../openai-chunk-writer.ts'
import type { Usage } from '../types.ts'
import { candidateParts, readGeminiUsage } from './convert-gemini-response.ts'
import type { GeminiResponse } from './gemini-api.ts'
import { toOpenAIFinishReason } from './map-gemini-finish-reason.ts'

type Delta = OpenAIChatChunk['choices'][number]['delta']

/**
 * Gemini's streamGenerateContent (alt=sse) as OpenAI chunks: each event carries new parts of the
 * first candidate; function calls arrive whole and become one tool-call delta each. Usage metadata
 * is repeated on the events; the last one counts.
 */
export class GeminiToOpenAIStream {
  private readonly out: OpenAIChunkWriter
  private readonly options: { clientModel: string; created: number; includeUsage: boolean; requestId: string }
  private toolCalls = 0
  private finishReason: OpenAIFinishReason | null = null
  private finished = false
  private started = false
  usage: Usage | undefined
  text = ''
  malformed = 0
  error: { type: string; message: string } | undefined

  constructor(options: { clientModel: string; created: number; includeUsage: boolean; requestId: string }) {
    this.options = options
    this.out = new OpenAIChunkWriter({
      id: `chatcmpl-${options.requestId}`,
      clientModel: options.clientModel,
      created: options.created,
      includeUsage: options.includeUsage,
    })
  }

  push(payload: string): string[] {
    let event: GeminiResponse & { error?: { message?: string; status?: string } }
    try {
      event = JSON.parse(payload) as typeof event
    } catch {
      this.malformed++
      return []
    }
    if (event.error) {
      this.error = { type: event.error.status ?? 'UNKNOWN', message: event.error.message ?? 'upstream stream error' }
      return [this.out.errorFrame(this.error.message, this.error.type)]
    }
    const found = readGeminiUsage(event.usageMetadata)
    if (found) this.usage = found
    const frames: string[] = []
    if (!this.started) {
      this.started = true
      frames.push(this.frame({ role: 'assistant', content: '' }))
    }
    const candidate = event.candidates?.[0]
    const { text, reasoning, toolCalls } = candidateParts(candidate, 'call_0_', this.toolCalls)
    if (reasoning) {
      this.text += reasoning
      frames.push(this.frame({ reasoning_content: reasoning }))
    }
    if (text) {
      this.text += text
      frames.push(this.frame({ content: text }))
    }
    for (const call of toolCalls) {
      this.text += call.function.name + call.function.arguments
      frames.push(
        this.frame({
          tool_calls: [{ index: this.toolCalls++, ...call }],
        })
      )
    }
    if (candidate?.finishReason) this.finishReason = toOpenAIFinishReason(candidate.finishReason, this.toolCalls > 0)
    return frames
  }

  finish(): string[] {
    if (this.finished) return []
    this.finished = true
    return this.out.close(
      this.finishReason ?? (this.toolCalls > 0 ? 'tool_calls' : 'stop'),
      this.usage,
      this.error !== undefined
    )
  }

  private frame(delta: Delta, finishReason: OpenAIFinishReason | null = null): string {
    return this.out.frame(delta, finishReason)
  }
}
