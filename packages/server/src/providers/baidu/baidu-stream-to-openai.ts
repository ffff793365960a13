import type { OpenAIChatChunk, OpenAIFinishReason } from '../openai-chat-api.ts'
import { OpenAIChunkWriter } from '../openai-chunk-writer.ts'
import type { Usage } from '../types.ts'
import type { BaiduChatChunk } from './baidu-api.ts'
import { baiduErrorKind, readBaiduError, scrubAccessToken } from './baidu-error.ts'
import { readBaiduUsage, toOpenAIFinishReason } from './convert-baidu-response.ts'

type Delta = OpenAIChatChunk['choices'][number]['delta']

/**
 * Turns ERNIE's chat stream (`data: {id, result, is_end, usage, ...}`, usage counted so far in
 * every payload) into OpenAI chat completion chunks. An error body inside the stream becomes an
 * OpenAI error frame; unparseable payloads are skipped and counted.
 */
export class BaiduToOpenAIStream {
  private started = false
  private finished = false
  private finishReason: OpenAIFinishReason = 'stop'
  private lastUsage: Usage | undefined
  /** the text produced, for counting when upstream reports no usage */
  text = ''
  malformed = 0
  error: { type: string; message: string } | undefined

  private readonly out: OpenAIChunkWriter
  private readonly options: { clientModel: string; created: number; includeUsage: boolean }

  constructor(options: { clientModel: string; created: number; includeUsage: boolean }) {
    this.options = options
    this.out = new OpenAIChunkWriter({
      id: 'chatcmpl-baidu',
      clientModel: options.clientModel,
      created: options.created,
      includeUsage: options.includeUsage,
    })
  }

  get usage(): Usage | undefined {
    return this.lastUsage
  }

  push(payload: string): string[] {
    let chunk: BaiduChatChunk
    try {
      chunk = JSON.parse(payload) as BaiduChatChunk
    } catch {
      this.malformed++
      return []
    }
    if (!chunk || typeof chunk !== 'object') {
      this.malformed++
      return []
    }
    const failure = readBaiduError(chunk)
    if (failure) {
      this.error = { type: baiduErrorKind(failure.error_code), message: scrubAccessToken(failure.error_msg) }
      return [this.out.errorFrame(this.error.message, `baidu_${failure.error_code}`)]
    }
    const frames: string[] = []
    if (!this.started) {
      this.started = true
      if (typeof chunk.id === 'string' && chunk.id) this.out.id = `chatcmpl-${chunk.id}`
      frames.push(this.frame({ role: 'assistant', content: '' }))
    }
    this.lastUsage = readBaiduUsage(chunk.usage) ?? this.lastUsage
    if (typeof chunk.result === 'string' && chunk.result !== '') {
      this.text += chunk.result
      frames.push(this.frame({ content: chunk.result }))
    }
    if (chunk.is_end) this.finishReason = toOpenAIFinishReason(chunk.finish_reason, chunk.is_truncated)
    return frames
  }

  /** The upstream ended: the closing chunk, the usage chunk when the client asked for it, and [DONE]. */
  finish(): string[] {
    if (this.finished) return []
    this.finished = true
    return this.out.close(this.finishReason, this.lastUsage, this.error !== undefined)
  }

  private frame(delta: Delta, finishReason: OpenAIFinishReason | null = null): string {
    return this.out.frame(delta, finishReason)
  }
}
