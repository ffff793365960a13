import { readOpenAIUsage } from '../openai/openai-usage.ts'
import { readOpenAIChunk } from '../read-openai-chunk.ts'
import type { Usage } from '../types.ts'
import { responseShell, responsesUsageOf } from './convert-to-responses-response.ts'
import type { ResponsesOutputItem, ResponsesRequest, ResponsesResponse } from './responses-api.ts'

type FunctionItem = Extract<ResponsesOutputItem, { type: 'function_call' }>

/**
 * A chat completion stream as the Responses API's typed events: response.created, then for the
 * message an output item, a content part and text deltas, for each tool call an output item and
 * argument deltas, each closed before the next opens, and response.completed with the usage.
 */
export class ChatToResponsesStream {
  private readonly shell: ResponsesResponse
  private sequence = 0
  private started = false
  private finished = false
  private readonly output: ResponsesOutputItem[] = []
  private open:
    | { kind: 'text'; index: number; text: string }
    | { kind: 'call'; index: number; item: FunctionItem; chatIndex: number }
    | undefined
  private truncated = false
  usage: Usage | undefined
  text = ''
  malformed = 0

  constructor(options: { id: string; request: ResponsesRequest; clientModel: string; createdAt: number }) {
    this.shell = responseShell(options.id, options.request, options.clientModel, options.createdAt)
  }

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
    if (delta.content) {
      if (this.open?.kind !== 'text') {
        frames.push(...this.close())
        const index = this.output.length
        this.open = { kind: 'text', index, text: '' }
        this.output.push({
          type: 'message',
          id: this.messageId(index),
          status: 'in_progress',
          role: 'assistant',
          content: [],
        })
        frames.push(this.event('response.output_item.added', { output_index: index, item: this.output[index] }))
        frames.push(
          this.event('response.content_part.added', {
            item_id: this.messageId(index),
            output_index: index,
            content_index: 0,
            part: { type: 'output_text', text: '', annotations: [] },
          })
        )
      }
      this.open.text += delta.content
      this.text += delta.content
      frames.push(
        this.event('response.output_text.delta', {
          item_id: this.messageId(this.open.index),
          output_index: this.open.index,
          content_index: 0,
          delta: delta.content,
        })
      )
    }
    for (const call of delta.tool_calls ?? []) {
      if (this.open?.kind !== 'call' || this.open.chatIndex !== call.index) {
        frames.push(...this.close())
        const index = this.output.length
        const callId = call.id ?? `call_${index}`
        const item: FunctionItem = {
          type: 'function_call',
          id: `fc_${callId}`,
          call_id: callId,
          name: call.function?.name ?? '',
          arguments: '',
          status: 'in_progress',
        }
        this.output.push(item)
        this.open = { kind: 'call', index, item, chatIndex: call.index }
        frames.push(this.event('response.output_item.added', { output_index: index, item: { ...item } }))
      }
      const args = call.function?.arguments
      if (args) {
        this.open.item.arguments += args
        this.text += args
        frames.push(
          this.event('response.function_call_arguments.delta', {
            item_id: this.open.item.id,
            output_index: this.open.index,
            delta: args,
          })
        )
      }
    }
    if (choice.finish_reason === 'length') this.truncated = true
    return frames
  }

  finish(): string[] {
    if (this.finished) return []
    this.finished = true
    const frames = [...this.start(), ...this.close()]
    const response: ResponsesResponse = {
      ...this.shell,
      status: this.truncated ? 'incomplete' : 'completed',
      incomplete_details: this.truncated ? { reason: 'max_output_tokens' } : null,
      output: this.output,
      usage: responsesUsageOf(this.usage),
    }
    frames.push(this.event(this.truncated ? 'response.incomplete' : 'response.completed', { response }))
    return frames
  }

  private start(): string[] {
    if (this.started) return []
    this.started = true
    return [
      this.event('response.created', { response: this.shell }),
      this.event('response.in_progress', { response: this.shell }),
    ]
  }

  private close(): string[] {
    const open = this.open
    if (!open) return []
    this.open = undefined
    if (open.kind === 'text') {
      const part = { type: 'output_text' as const, text: open.text, annotations: [] }
      const item: ResponsesOutputItem = {
        type: 'message',
        id: this.messageId(open.index),
        status: 'completed',
        role: 'assistant',
        content: [part],
      }
      this.output[open.index] = item
      return [
        this.event('response.output_text.done', {
          item_id: item.id,
          output_index: open.index,
          content_index: 0,
          text: open.text,
        }),
        this.event('response.content_part.done', {
          item_id: item.id,
          output_index: open.index,
          content_index: 0,
          part,
        }),
        this.event('response.output_item.done', { output_index: open.index, item }),
      ]
    }
    open.item.status = 'completed'
    return [
      this.event('response.function_call_arguments.done', {
        item_id: open.item.id,
        output_index: open.index,
        arguments: open.item.arguments,
      }),
      this.event('response.output_item.done', { output_index: open.index, item: open.item }),
    ]
  }

  private messageId(index: number): string {
    return `msg_${this.shell.id}_${index}`
  }

  private event(type: string, data: Record<string, unknown>): string {
    return `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: this.sequence++, ...data })}\n\n`
  }
}
