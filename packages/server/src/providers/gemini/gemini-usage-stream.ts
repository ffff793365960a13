import type { Usage } from '../types.ts'
import { candidateParts, readGeminiUsage } from './convert-gemini-response.ts'
import type { GeminiResponse } from './gemini-api.ts'

/**
 * A Gemini stream relayed to a Gemini-native client as it is, with usage read from each event's
 * usageMetadata (the last one counts) and the text kept for counting if none comes.
 */
export class GeminiUsageStream {
  usage: Usage | undefined
  text = ''

  push(payload: string): string[] {
    try {
      const event = JSON.parse(payload) as GeminiResponse
      const found = readGeminiUsage(event.usageMetadata)
      if (found) this.usage = found
      const { text, reasoning, toolCalls } = candidateParts(event.candidates?.[0], 'call_')
      this.text += reasoning + text + toolCalls.map((call) => call.function.arguments).join('')
    } catch {
      // passed on as it came; the client decides what to make of it
    }
    return [`data: ${payload}\n\n`]
  }

  finish(): string[] {
    return []
  }
}
