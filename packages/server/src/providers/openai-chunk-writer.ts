import type { OpenAIChatChunk, OpenAIFinishReason } from './openai-chat-api.ts'
import { openAIUsageOf } from './openai-chat-usage.ts'
import type { Usage } from './types.ts'

type Delta = OpenAIChatChunk['choices'][number]['delta']

export const DONE_FRAME = 'data: [DONE]\n\n'

/**
 * Writes OpenAI chat completion chunks for the stream translators of other protocols: one id,
 * creation time and client-facing model for every chunk, the closing chunk, the usage chunk
 * when the client asked for it, and [DONE].
 */
export class OpenAIChunkWriter {
  /** set from the upstream's own id once it is known */
  id: string
  private readonly created: number
  private readonly model: string
  private readonly includeUsage: boolean

  constructor(options: { id: string; clientModel: string; created: number; includeUsage: boolean }) {
    this.id = options.id
    this.created = options.created
    this.model = options.clientModel
    this.includeUsage = options.includeUsage
  }

  frame(delta: Delta, finishReason: OpenAIFinishReason | null = null): string {
    const chunk: OpenAIChatChunk = {
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: this.model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    }
    return `data: ${JSON.stringify(chunk)}\n\n`
  }

  /** An error the upstream reported inside the stream, as OpenAI clients read it. */
  errorFrame(message: string, code: string): string {
    return `data: ${JSON.stringify({ error: { message, type: 'upstream_error', param: '', code } })}\n\n`
  }

  /** The end of a stream: after an upstream error only [DONE], else the finish chunk, usage and [DONE]. */
  close(finishReason: OpenAIFinishReason, usage: Usage | undefined, failed: boolean): string[] {
    if (failed) return [DONE_FRAME]
    const frames = [this.frame({}, finishReason)]
    if (this.includeUsage && usage) {
      const chunk: OpenAIChatChunk = {
        id: this.id,
        object: 'chat.completion.chunk',
        created: this.created,
        model: this.model,
        choices: [],
        usage: openAIUsageOf(usage),
      }
      frames.push(`data: ${JSON.stringify(chunk)}\n\n`)
    }
    frames.push(DONE_FRAME)
    return frames
  }
}
