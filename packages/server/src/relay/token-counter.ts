type Counter = (text: string) => number

const encodings = new Map<string, Promise<Counter>>()

/** o200k for the gpt-4o, o-series and 4.1 families; cl100k for everything else, as the reference does. */
export function encodingFor(model: string): 'o200k_base' | 'cl100k_base' {
  return /^(gpt-4o|chatgpt-4o|o1|o3|o4|gpt-4\.1|gpt-5)/.test(model) ? 'o200k_base' : 'cl100k_base'
}

/** Loads an encoding the first time it is needed (they are large), then reuses it. */
function counterFor(model: string): Promise<Counter> {
  const name = encodingFor(model)
  let counter = encodings.get(name)
  if (!counter) {
    counter = (
      name === 'o200k_base' ? import('gpt-tokenizer/encoding/o200k_base') : import('gpt-tokenizer/encoding/cl100k_base')
    ).then((module) => (text: string) => module.countTokens(text))
    encodings.set(name, counter)
  }
  return counter
}

export async function countTextTokens(model: string, text: string): Promise<number> {
  if (text === '') return 0
  return (await counterFor(model))(text)
}

interface ChatMessage {
  role?: unknown
  name?: unknown
  content?: unknown
}

/**
 * Prompt tokens of a chat request, the way OpenAI counts them: 3 per message, the role and
 * content, 1 more for a name, and 3 for the reply's priming. Images count 85 (low detail),
 * other non-text parts a fixed amount, tools by their JSON.
 */
export async function countChatPromptTokens(model: string, messages: unknown, tools?: unknown): Promise<number> {
  const count = await counterFor(model)
  let total = 3
  for (const message of Array.isArray(messages) ? (messages as ChatMessage[]) : []) {
    total += 3
    if (typeof message.role === 'string') total += count(message.role)
    if (typeof message.name === 'string') total += 1 + count(message.name)
    if (typeof message.content === 'string') total += count(message.content)
    else if (Array.isArray(message.content)) {
      for (const part of message.content as { type?: string; text?: string }[]) {
        if (part?.type === 'text' && typeof part.text === 'string') total += count(part.text)
        else if (part?.type === 'image_url') total += 85
        else if (part?.type === 'input_audio') total += 100
        else total += 5
      }
    }
  }
  if (Array.isArray(tools) && tools.length > 0) total += count(JSON.stringify(tools)) + 8
  return total
}

/** Prompt tokens of a completions or embeddings input: a string or an array of strings. */
export async function countInputTokens(model: string, input: unknown): Promise<number> {
  const count = await counterFor(model)
  if (typeof input === 'string') return count(input)
  if (Array.isArray(input))
    return input.reduce<number>(
      (sum, item) => sum + (typeof item === 'string' ? count(item) : Array.isArray(item) ? item.length : 0),
      0
    )
  return 0
}
