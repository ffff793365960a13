import { sanitize } from '../../relay/upstream/upstream-error.ts'
import type { OpenAIChatChunk, OpenAIFinishReason } from '../openai-chat-api.ts'
import { OpenAIChunkWriter } from '../openai-chunk-writer.ts'
import type { Usage } from '../types.ts'
import { readDifyUsage } from './convert-dify-response.ts'
import type { DifyStreamEvent } from './dify-api.ts'

type Delta = OpenAIChatChunk['choices'][number]['delta']

/**
 * Dify's streaming chat answer as OpenAI chunks. `message` and `agent_message` carry pieces of the
 * answer; `message_file` (an image a tool made) becomes a Markdown image in the text;
 * `message_replace` (output moderation replaced the answer) sends the replacement and ends with
 * content_filter, since an OpenAI stream cannot take back what was sent; `message_end` carries
 * the usage; `error` ends the stream with an OpenAI error frame. Agent thoughts, TTS audio, pings
 * and the workflow and node events of chatflow apps are not part of an OpenAI answer and are
 * skipped. Unparseable payloads are skipped and counted.
 */
export class DifyToOpenAIStream {
  private readonly out: OpenAIChunkWriter
  private readonly options: { clientModel: string; created: number; includeUsage: boolean; requestId: string }
  private started = false
  private finished = false
  private finishReason: OpenAIFinishReason = 'stop'
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
    let event: DifyStreamEvent
    try {
      event = JSON.parse(payload) as DifyStreamEvent
    } catch {
      this.malformed++
      return []
    }
    if (!event || typeof event !== 'object') {
      this.malformed++
      return []
    }
    switch (event.event) {
      case 'message':
      case 'agent_message':
        return typeof event.answer === 'string' && event.answer !== '' ? this.content(event, event.answer) : []
      case 'message_file':
        if (event.belongs_to === 'user' || typeof event.url !== 'string' || event.url === '') return []
        return this.content(event, `\n![${event.type ?? 'file'}](${event.url})\n`)
      case 'message_replace':
        this.finishReason = 'content_filter'
        return typeof event.answer === 'string' && event.answer !== '' ? this.content(event, event.answer) : []
      case 'message_end': {
        const usage = readDifyUsage(event.metadata?.usage)
        if (usage) this.usage = usage
        return []
      }
      case 'error': {
        this.error = {
          type: typeof event.code === 'string' && event.code !== '' ? event.code : 'upstream_error',
          message: sanitize(event.message || 'upstream stream error', ''),
        }
        return [this.out.errorFrame(this.error.message, this.error.type)]
      }
      default:
        return []
    }
  }

  finish(): string[] {
    if (this.finished) return []
    this.finished = true
    if (this.error) return this.out.close('stop', undefined, true)
    const opening = this.started ? [] : [this.frame({ role: 'assistant', content: '' })]
    return [...opening, ...this.out.close(this.finishReason, this.usage, false)]
  }

  /** A piece of the answer; the first one is preceded by the role chunk OpenAI clients expect. */
  private content(event: DifyStreamEvent, text: string): string[] {
    const frames: string[] = []
    if (!this.started) {
      this.started = true
      if (typeof event.message_id === 'string' && event.message_id !== '') this.out.id = `chatcmpl-${event.message_id}`
      frames.push(this.frame({ role: 'assistant', content: '' }))
    }
    this.text += text
    frames.push(this.frame({ content: text }))
    return frames
  }

  private frame(delta: Delta, finishReason: OpenAIFinishReason | null = null): string {
    return this.out.frame(delta, finishReason)
  }
}
