import type { OpenAIChatChunk, OpenAIFinishReason } from '../openai-chat-api.ts'
import { OpenAIChunkWriter } from '../openai-chunk-writer.ts'
import type { Usage } from '../types.ts'
import { completionIdOf, readHunyuanUsage } from './convert-hunyuan-response.ts'
import type { HunyuanResponseBody, HunyuanToolCall } from './hunyuan-api.ts'
import { readHunyuanError } from './hunyuan-error.ts'
import { toOpenAIFinishReason } from './map-hunyuan-finish-reason.ts'

type Delta = OpenAIChatChunk['choices'][number]['delta']
type ToolCallDelta = NonNullable<Delta['tool_calls']>[number]

/**
 * Turns Hunyuan's ChatCompletions stream (`data: {Id, Created, Choices: [{Delta, FinishReason}],
 * Usage}` lines, each carrying the running usage) into OpenAI chat completion chunks. Tool call
 * pieces are merged by their Id, as Tencent documents, into OpenAI tool call indexes. An error
 * inside the stream (ErrorMsg, or an API 3.0 Error) becomes an OpenAI error frame. Unparseable
 * lines are skipped and counted.
 */
export class HunyuanToOpenAIStream {
  private started = false
  private finished = false
  private finishReason: OpenAIFinishReason | null = null
  private latestUsage: Usage | undefined
  private readonly toolIndexOfKey = new Map<string, number>()
  private readonly namedTools = new Set<number>()
  private lastToolKey: string | undefined
  /** the text produced, for counting when upstream reports no usage */
  text = ''
  malformed = 0
  error: { type: string; message: string } | undefined

  private readonly out: OpenAIChunkWriter
  private readonly options: { clientModel: string; created: number; includeUsage: boolean }

  constructor(options: { clientModel: string; created: number; includeUsage: boolean }) {
    this.options = options
    this.out = new OpenAIChunkWriter({
      id: 'chatcmpl-hunyuan',
      clientModel: options.clientModel,
      created: options.created,
      includeUsage: options.includeUsage,
    })
  }

  get usage(): Usage | undefined {
    return this.latestUsage
  }

  /** One `data:` payload of the upstream stream; answers the SSE frames to send on. */
  push(payload: string): string[] {
    if (payload === '[DONE]' || this.error) return []
    let event: HunyuanResponseBody & { Response?: HunyuanResponseBody }
    try {
      event = JSON.parse(payload) as typeof event
    } catch {
      this.malformed++
      return []
    }
    if (!event || typeof event !== 'object') {
      this.malformed++
      return []
    }
    const failure = readHunyuanError(event)
    if (failure) {
      // Hunyuan reports failures after the stream started in the stream itself; OpenAI clients
      // read an error object in a data line.
      this.error = { type: failure.code, message: failure.message }
      return [this.out.errorFrame(failure.message, failure.code)]
    }
    if (typeof event.Id === 'string' && event.Id) this.out.id = completionIdOf(event.Id)
    this.latestUsage = readHunyuanUsage(event.Usage) ?? this.latestUsage
    const frames: string[] = []
    if (!this.started) {
      this.started = true
      frames.push(this.frame({ role: 'assistant', content: '' }))
    }
    for (const choice of event.Choices ?? []) {
      const delta = choice.Delta
      if (delta?.ReasoningContent) {
        this.text += delta.ReasoningContent
        frames.push(this.frame({ reasoning_content: delta.ReasoningContent }))
      }
      if (delta?.Content) {
        this.text += delta.Content
        frames.push(this.frame({ content: delta.Content }))
      }
      const calls = (delta?.ToolCalls ?? []).map((call) => this.toolCallDelta(call))
      if (calls.length > 0) frames.push(this.frame({ tool_calls: calls }))
      const reason = toOpenAIFinishReason(choice.FinishReason)
      if (reason) this.finishReason = reason
    }
    return frames
  }

  /** The upstream ended: the closing chunk, the usage chunk when the client asked for it, and [DONE]. */
  finish(): string[] {
    if (this.finished) return []
    this.finished = true
    return this.out.close(this.finishReason ?? 'stop', this.usage, this.error !== undefined)
  }

  private toolCallDelta(call: HunyuanToolCall): ToolCallDelta {
    const key = call.Id || (typeof call.Index === 'number' ? `#${call.Index}` : (this.lastToolKey ?? '#0'))
    this.lastToolKey = key
    const name = call.Function?.Name ?? ''
    const args = call.Function?.Arguments ?? ''
    this.text += name + args
    let index = this.toolIndexOfKey.get(key)
    if (index === undefined) {
      index = this.toolIndexOfKey.size
      this.toolIndexOfKey.set(key, index)
      if (name) this.namedTools.add(index)
      return { index, id: call.Id || `call_${index}`, type: 'function', function: { name, arguments: args } }
    }
    // A name arriving after the first piece is sent once; OpenAI clients concatenate names too.
    const fn: { name?: string; arguments: string } = { arguments: args }
    if (name && !this.namedTools.has(index)) {
      this.namedTools.add(index)
      fn.name = name
    }
    return { index, function: fn }
  }

  private frame(delta: Delta, finishReason: OpenAIFinishReason | null = null): string {
    return this.out.frame(delta, finishReason)
  }
}
