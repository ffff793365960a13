import { describe, expect, it } from 'vitest'
import { countChatPromptTokens, countInputTokens, countTextTokens, encodingFor } from './token-counter.ts'

describe('token counting', () => {
  it('picks the encoding by model family', () => {
    expect(encodingFor('gpt-4o-mini')).toBe('o200k_base')
    expect(encodingFor('o3-mini')).toBe('o200k_base')
    expect(encodingFor('gpt-3.5-turbo')).toBe('cl100k_base')
    expect(encodingFor('claude-3-5-sonnet')).toBe('cl100k_base')
  })
  it('counts text', async () => {
    expect(await countTextTokens('gpt-4o', 'Hello world')).toBe(2)
    expect(await countTextTokens('gpt-4o', '')).toBe(0)
  })
  it('counts chat prompts like OpenAI (3 per message, role, content, 3 priming)', async () => {
    // system(1) + "You are helpful."(4) + user(1) + "Hi"(1) + 3 + 3 + 3 = 16
    const n = await countChatPromptTokens('gpt-4o', [
      { role: 'system', content: 'You are helpful.' },
      { role: 'user', content: 'Hi' },
    ])
    expect(n).toBe(16)
  })
  it('counts completions and embeddings inputs', async () => {
    expect(await countInputTokens('text-embedding-3-small', ['Hello world', 'Hello'])).toBe(3)
    expect(await countInputTokens('gpt-3.5-turbo-instruct', 'Hello world')).toBe(2)
  })
})
