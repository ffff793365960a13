import { readOpenAIUsage } from '../openai/openai-usage.ts'
import { readOpenAIChunk } from '../read-openai-chunk.ts'
import type { Usage } from '../types.ts'
import type { AnthropicStopReason } from './anthropic-api.ts'
import { anthropicUsageOf } from './convert-to-anthropic-response.ts'
import { toAnthropicStopReason } from './map-anthropic-stop-reason.ts'

type OpenBlock = { kind: 'text' | 'thinking' } | { kind: 'tool'; toolIndex: number }

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`

/**
 * Turns an OpenAI chat completion stream into Anthropic's Messages stream for Claude clients:
 * message_start, then one content block at a time (thinking, text, or a tool_use per tool call,
 * each closed before the next opens, as Anthropic's clients expect), then message_delta with the
 * stop reason and usage, and message_stop. message_start announces the gateway's count of the
 * prompt (clients such as LangChain read input_tokens there); message_delta carries the usage the
 * upstream reported.
 */
export class OpenAIToAnthropicStream {
  private readonly clientModel: string
  private readonly messageId: string
  private readonly promptTokens: number | undefined
  private started = false
  private finished = false
  private open: OpenBlock | undefined
  private blockIndex = -1
  private stopReason: AnthropicStopReason | null = null
  usage: Usage | undefined
  /** the text produced, for counting when upstream reports no usage */
  text = ''
  malformed = 0

  /** `promptTokens`: the gateway's count of the prompt, announced in message_start before the upstream reports usage */
  constructor(options: { clientModel: string; messageId: string; promptTokens?: number }) {
    this.clientModel = options.clientModel
    this.messageId = options.messageId
    this.promptTokens = options.promptTokens
  }

  /** One `data:` payload of the upstream stream; answers the SSE frames to send on. */
  push(payload: string): string[] {
    const chunk = readOpenAIChunk(payload)
    if (chunk === 'done') return []
    if (!chunk) {
      this.malformed++
      return []
    }
    const frames = this.start()
    const found = readOpenAIUsage(chunk.usage)
    if (found) this.usage = found
    const choice = chunk.choices?.[0]
    if (!choice) return frames
    const delta = choice.delta ?? {}
    if (delta.reasoning_content) {
      this.text += delta.reasoning_content
      frames.push(
        ...this.ensure({ kind: 'thinking' }),
        event('content_block_delta', {
          type: 'content_block_delta',
          index: this.blockIndex,
          delta: { type: 'thinking_delta', thinking: delta.reasoning_content },
        })
      )
    }
    if (delta.content) {
      this.text += delta.content
      frames.push(
        ...this.ensure({ kind: 'text' }),
        event('content_block_delta', {
          type: 'content_block_delta',
          index: this.blockIndex,
          delta: { type: 'text_delta', text: delta.content },
        })
      )
    }
    for (const call of delta.tool_calls ?? []) {
      const current = this.open
      if (!current || current.kind !== 'tool' || current.toolIndex !== call.index) {
        frames.push(...this.close())
        this.blockIndex++
        this.open = { kind: 'tool', toolIndex: call.index }
        this.text += call.function?.name ?? ''
        frames.push(
          event('content_block_start', {
            type: 'content_block_start',
            index: this.blockIndex,
            content_block: {
              type: 'tool_use',
              id: call.id ?? `toolu_${this.blockIndex}`,
              name: call.function?.name ?? '',
              input: {},
            },
          })
        )
      }
      const args = call.function?.arguments
      if (args) {
        this.text += args
        frames.push(
          event('content_block_delta', {
            type: 'content_block_delta',
            index: this.blockIndex,
            delta: { type: 'input_json_delta', partial_json: args },
          })
        )
      }
    }
    if (choice.finish_reason) this.stopReason = toAnthropicStopReason(choice.finish_reason)
    return frames
  }

  /** The upstream ended: close the open block, then message_delta and message_stop. */
  finish(): string[] {
    if (this.finished) return []
    this.finished = true
    const frames = [...this.start(), ...this.close()]
    // The upstream's exact figures, input included (message_delta's usage may carry every field), for clients that read the last event.
    const usage = this.usage ? anthropicUsageOf(this.usage) : { input_tokens: this.promptTokens ?? 0, output_tokens: 0 }
    frames.push(
      event('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: this.stopReason ?? 'end_turn', stop_sequence: null },
        usage,
      })
    )
    frames.push(event('message_stop', { type: 'message_stop' }))
    return frames
  }

  private start(): string[] {
    if (this.started) return []
    this.started = true
    const message = {
      id: this.messageId,
      type: 'message',
      role: 'assistant',
      model: this.clientModel,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: this.promptTokens ?? 0, output_tokens: 0 },
    }
    return [event('message_start', { type: 'message_start', message })]
  }

  private ensure(block: { kind: 'text' | 'thinking' }): string[] {
    if (this.open?.kind === block.kind) return []
    const frames = this.close()
    this.blockIndex++
    this.open = block
    const contentBlock = block.kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '' }
    frames.push(
      event('content_block_start', { type: 'content_block_start', index: this.blockIndex, content_block: contentBlock })
    )
    return frames
  }

  private close(): string[] {
    if (!this.open) return []
    this.open = undefined
    return [event('content_block_stop', { type: 'content_block_stop', index: this.blockIndex })]
  }
}
