import type { Usage } from '../types.ts'
import type { AnthropicUsage } from './anthropic-api.ts'
import { readAnthropicUsage } from './convert-anthropic-response.ts'

interface UsageEvent {
  type?: string
  message?: { usage?: AnthropicUsage }
  usage?: AnthropicUsage
  delta?: { text?: string; thinking?: string; partial_json?: string }
  error?: { type?: string; message?: string }
}

/**
 * An Anthropic stream relayed to a Claude client as it is: each event is sent on unchanged (its
 * `event:` line rebuilt from the payload's type), while usage is read from message_start and
 * message_delta, and the produced text kept for counting if no usage arrives.
 */
export class AnthropicUsageStream {
  private startUsage: AnthropicUsage = {}
  private outputTokens = 0
  text = ''
  error: { type: string; message: string } | undefined

  get usage(): Usage | undefined {
    if (typeof this.startUsage.input_tokens !== 'number') return undefined
    return readAnthropicUsage({
      ...this.startUsage,
      output_tokens: Math.max(this.outputTokens, this.startUsage.output_tokens ?? 0),
    })
  }

  push(payload: string): string[] {
    let event: UsageEvent
    try {
      event = JSON.parse(payload) as UsageEvent
    } catch {
      return [`data: ${payload}\n\n`]
    }
    if (event.type === 'message_start') this.startUsage = event.message?.usage ?? {}
    else if (event.type === 'message_delta') {
      if (typeof event.usage?.output_tokens === 'number') this.outputTokens = event.usage.output_tokens
      if (typeof event.usage?.input_tokens === 'number') this.startUsage = { ...this.startUsage, ...event.usage }
    } else if (event.type === 'content_block_delta')
      this.text += event.delta?.text ?? event.delta?.thinking ?? event.delta?.partial_json ?? ''
    else if (event.type === 'error')
      this.error = { type: event.error?.type ?? 'api_error', message: event.error?.message ?? '' }
    return [`event: ${event.type ?? 'message'}\ndata: ${payload}\n\n`]
  }

  finish(): string[] {
    return []
  }
}
