import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { OpenAIChatChunk } from '../src/providers/openai-chat-api.ts'

/** Reads the recorded fixtures of a provider: `__fixtures__/<name>` next to its tests. */
export function fixtureReader(dir: string) {
  const fixture = (name: string) => readFileSync(join(dir, '__fixtures__', name), 'utf8')
  /** The `data:` payloads of a recorded SSE stream, in order. */
  const payloads = (name: string) =>
    fixture(name)
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trim())
  return { fixture, payloads }
}

/** The JSON of every `data:` frame a translator wrote, [DONE] left out. */
export function dataFrames<T = OpenAIChatChunk & { error?: { message: string; code: string } }>(frames: string[]): T[] {
  return frames
    .join('')
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: ') && frame !== 'data: [DONE]')
    .map((frame) => JSON.parse(frame.slice(6)) as T)
}
