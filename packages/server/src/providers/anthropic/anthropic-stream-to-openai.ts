import type { OpenAIChatChunk, OpenAIFinishReason } from '../openai-chat-api.ts'
import { OpenAIChunkWriter } from '../openai-chunk-writer.ts'
import type { Usage } from '../types.ts'
import type { AnthropicUsage } from './anthropic-api.ts'
import { readAnthropicUsage } from './convert-anthropic-response.ts'
import { toOpenAIFinishReason } from './map-anthropic-stop-reason.ts'

type Delta = OpenAIChatChunk['choices'][number]['delta']

interface StreamEvent {
  type?: string
  index?: number
  message?: { id?: string; usage?: AnthropicUsage }
  content_block?: { type?: string; id?: string; name?: string; text?: string; thinking?: string }
  delta?: { type?: string; text?: string; partial_json?: string; thinking?: string; stop_reason?: string | null }
  usage?: AnthropicUsage
  error?: { type?: string; message?: string }
}

/**
 * Turns Anthropic's Messages stream into OpenAI chat completion chunks, one event at a time.
 * Text, thinking (as reasoning_content) and tool calls (Anthropic's block index mapped to a tool
 * call index) are forwarded as they come; usage is put together from message_start (input and
 * cache tokens) and message_delta (output tokens). Unparseable events are skipped and counted.
 */
export class AnthropicToOpenAIStream {
  private readonly toolIndexOfBlock = new Map<number, number>()
  private finishReason: OpenAIFinishReason | null = null
  private finished = false
  private startUsage: AnthropicUsage = {}
  private outputTokens = 0
  /** the text produced, for counting when upstream reports no usage */
  text = ''
  malformed = 0
  error: { type: string; message: string } | undefined

  private readonly out: OpenAIChunkWriter
  private readonly options: { clientModel: string; created: number; includeUsage: boolean }

  constructor(options: { clientModel: string; created: number; includeUsage: boolean }) {
    this.options = options
    this.out = new OpenAIChunkWriter({
      id: 'chatcmpl-anthropic',
      clientModel: options.clientModel,
      created: options.created,
      includeUsage: options.includeUsage,
    })
  }

  get usage(): Usage | undefined {
    if (typeof this.startUsage.input_tokens !== 'number') return undefined
    return readAnthropicUsage({
      ...this.startUsage,
      output_tokens: Math.max(this.outputTokens, this.startUsage.output_tokens ?? 0),
    })
  }

  /** One `data:` payload of the upstream stream; answers the SSE frames to send on. */
  push(payload: string): string[] {
    let event: StreamEvent
    try {
      event = JSON.parse(payload) as StreamEvent
    } catch {
      this.malformed++
      return []
    }
    switch (event.type) {
      case 'message_start':
        if (event.message?.id) this.out.id = `chatcmpl-${event.message.id}`
        this.startUsage = event.message?.usage ?? {}
        return [this.frame({ role: 'assistant', content: '' })]
      case 'content_block_start':
        return this.blockStart(event)
      case 'content_block_delta':
        return this.blockDelta(event)
      case 'message_delta':
        if (event.delta?.stop_reason) this.finishReason = toOpenAIFinishReason(event.delta.stop_reason)
        if (typeof event.usage?.output_tokens === 'number') this.outputTokens = event.usage.output_tokens
        // Newer streams repeat the input and cache counts here; the latest wins.
        if (typeof event.usage?.input_tokens === 'number') this.startUsage = { ...this.startUsage, ...event.usage }
        return []
      case 'error':
        // Anthropic reports overload and other failures inside a started stream; OpenAI clients
        // read an error object in a data line.
        this.error = {
          type: event.error?.type ?? 'api_error',
          message: event.error?.message ?? 'upstream stream error',
        }
        return [this.out.errorFrame(this.error.message, this.error.type)]
      default:
        return []
    }
  }

  /** The upstream ended: the closing chunk, the usage chunk when the client asked for it, and [DONE]. */
  finish(): string[] {
    if (this.finished) return []
    this.finished = true
    return this.out.close(this.finishReason ?? 'stop', this.usage, this.error !== undefined)
  }

  private blockStart(event: StreamEvent): string[] {
    const block = event.content_block
    if (block?.type === 'tool_use' && typeof event.index === 'number') {
      const toolIndex = this.toolIndexOfBlock.size
      this.toolIndexOfBlock.set(event.index, toolIndex)
      this.text += block.name ?? ''
      return [
        this.frame({
          tool_calls: [
            { index: toolIndex, id: block.id, type: 'function', function: { name: block.name ?? '', arguments: '' } },
          ],
        }),
      ]
    }
    if (block?.type === 'text' && block.text) return this.textDelta(block.text)
    return []
  }

  private blockDelta(event: StreamEvent): string[] {
    const delta = event.delta
    if (delta?.type === 'text_delta' && delta.text) return this.textDelta(delta.text)
    if (delta?.type === 'thinking_delta' && delta.thinking) {
      this.text += delta.thinking
      return [this.frame({ reasoning_content: delta.thinking })]
    }
    if (delta?.type === 'input_json_delta' && delta.partial_json && typeof event.index === 'number') {
      const toolIndex = this.toolIndexOfBlock.get(event.index)
      if (toolIndex === undefined) return []
      this.text += delta.partial_json
      return [this.frame({ tool_calls: [{ index: toolIndex, function: { arguments: delta.partial_json } }] })]
    }
    return []
  }

  private textDelta(text: string): string[] {
    this.text += text
    return [this.frame({ content: text })]
  }

  private frame(delta: Delta, finishReason: OpenAIFinishReason | null = null): string {
    return this.out.frame(delta, finishReason)
  }
}
