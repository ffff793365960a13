/**
 * Server-sent events, parsed as bytes arrive: feed() takes any slice of the stream (a chunk may
 * end mid-line) and reports the data of every complete "data:" line; flush() reports a last line
 * left without its newline when the stream ends.
 */
export function createSseParser(onData: (data: string) => void) {
  let buffer = ''
  const line = (text: string) => {
    const trimmed = text.endsWith('\r') ? text.slice(0, -1) : text
    if (!trimmed.startsWith('data:')) return
    onData(trimmed.slice(5).trimStart())
  }
  return {
    feed(chunk: string) {
      buffer += chunk
      let newline = buffer.indexOf('\n')
      while (newline !== -1) {
        line(buffer.slice(0, newline))
        buffer = buffer.slice(newline + 1)
        newline = buffer.indexOf('\n')
      }
    },
    flush() {
      if (buffer) line(buffer)
      buffer = ''
    },
  }
}

export type StreamEvent =
  { kind: 'done' } | { kind: 'text'; text: string } | { kind: 'error'; message: string } | { kind: 'invalid' }

/** One data payload of /pg/chat/completions: [DONE], a delta, an error object, or unreadable. */
export function parseStreamData(data: string): StreamEvent {
  if (data === '[DONE]') return { kind: 'done' }
  let parsed: unknown
  try {
    parsed = JSON.parse(data)
  } catch {
    return { kind: 'invalid' }
  }
  if (!parsed || typeof parsed !== 'object') return { kind: 'invalid' }
  const record = parsed as { choices?: { delta?: { content?: unknown } }[]; error?: { message?: unknown } | string }
  if (record.error) {
    const message = typeof record.error === 'string' ? record.error : String(record.error.message ?? '')
    return { kind: 'error', message }
  }
  const content = record.choices?.[0]?.delta?.content
  return { kind: 'text', text: typeof content === 'string' ? content : '' }
}
