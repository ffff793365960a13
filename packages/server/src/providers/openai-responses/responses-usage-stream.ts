import type { Usage } from '../types.ts'
import { readResponsesUsage } from './read-responses-usage.ts'

interface ResponsesEvent {
  type?: string
  delta?: unknown
  response?: { usage?: unknown }
}

/**
 * A Responses stream from an upstream that speaks it (OpenAI) relayed as it is: each event sent
 * on unchanged, usage read from response.completed (or .incomplete / .failed), the text deltas
 * kept for counting when no usage comes.
 */
export class ResponsesUsageStream {
  usage: Usage | undefined
  text = ''

  push(payload: string): string[] {
    let type = 'message'
    try {
      const event = JSON.parse(payload) as ResponsesEvent
      type = event.type ?? type
      if (typeof event.delta === 'string') this.text += event.delta
      if (event.response?.usage) this.usage = readResponsesUsage(event.response.usage) ?? this.usage
    } catch {
      return [`data: ${payload}\n\n`]
    }
    return [`event: ${type}\ndata: ${payload}\n\n`]
  }

  finish(): string[] {
    return []
  }
}
