import type { OpenAIChatChunk } from './openai-chat-api.ts'

/** One `data:` payload of an OpenAI chat stream: the chunk, 'done' for [DONE], undefined when unreadable. */
export function readOpenAIChunk(payload: string): OpenAIChatChunk | 'done' | undefined {
  if (payload === '[DONE]') return 'done'
  try {
    return JSON.parse(payload) as OpenAIChatChunk
  } catch {
    return undefined
  }
}
