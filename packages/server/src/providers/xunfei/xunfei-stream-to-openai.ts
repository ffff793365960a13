import type { OpenAIChatChunk, OpenAIFinishReason } from '../openai-chat-api.ts'
import { OpenAIChunkWriter } from '../openai-chunk-writer.ts'
import type { Usage } from '../types.ts'
import type { XunfeiFrame } from './xunfei-api.ts'
import { frameError, frameText, frameUsage } from './xunfei-frames.ts'

type Delta = OpenAIChatChunk['choices'][number]['delta']

/** Spark's answer frames (relayed as `data:` payloads by the WebSocket transport) as OpenAI chunks. */
export class XunfeiToOpenAIStream {
  private readonly out: OpenAIChunkWriter
  private started = false
  private finished = false
  usage: Usage | undefined
  text = ''
  malformed = 0
  error: { type: string; message: string } | undefined

  constructor(options: { clientModel: string; created: number; includeUsage: boolean; requestId: string }) {
    this.out = new OpenAIChunkWriter({
      id: `chatcmpl-${options.requestId}`,
      clientModel: options.clientModel,
      created: options.created,
      includeUsage: options.includeUsage,
    })
  }

  push(payload: string): string[] {
    let frame: XunfeiFrame
    try {
      frame = JSON.parse(payload) as XunfeiFrame
    } catch {
      this.malformed++
      return []
    }
    const failure = frameError(frame)
    if (failure) {
      this.error = { type: `xunfei_${failure.code}`, message: failure.message }
      return [this.out.errorFrame(failure.message, this.error.type)]
    }
    if (frame.header?.sid) this.out.id = `chatcmpl-${frame.header.sid}`
    const frames: string[] = []
    if (!this.started) {
      this.started = true
      frames.push(this.frame({ role: 'assistant', content: '' }))
    }
    const text = frameText(frame)
    if (text) {
      this.text += text
      frames.push(this.frame({ content: text }))
    }
    const usage = frameUsage(frame)
    if (usage) this.usage = usage
    return frames
  }

  finish(): string[] {
    if (this.finished) return []
    this.finished = true
    return this.out.close('stop', this.usage, this.error !== undefined)
  }

  private frame(delta: Delta, finishReason: OpenAIFinishReason | null = null): string {
    return this.out.frame(delta, finishReason)
  }
}
