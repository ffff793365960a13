/** One SSE line inside `data`: its bytes are `data[start, end)`, without the line break. */
export type LineVisitor = (data: Buffer, start: number, end: number, crlf: boolean) => void

/** Bounded: one SSE line longer than this is not a reply a client can use. */
const MAX_LINE_BYTES = 8 * 1024 * 1024

/**
 * Splits an SSE byte stream into lines without decoding or copying the payload that is passed
 * through. Only the `data:` lines the caller asks about are turned into strings.
 */
export class SseLineScanner {
  private remainder: Buffer | undefined

  /** Calls `onLine` for every complete line (without the line break) in this chunk. */
  push(chunk: Buffer, onLine: (line: Buffer) => void): void {
    this.scan(chunk, (data, start, end) => onLine(data.subarray(start, end)))
  }

  /**
   * The same without a Buffer per line: each complete line as a range of the answered `data`,
   * which is the chunk itself unless a line began in the previous one. `complete` is where the
   * last complete line (with its break) ends; what follows waits for the next chunk.
   */
  scan(chunk: Buffer, onLine: LineVisitor): { data: Buffer; complete: number } {
    let data = chunk
    if (this.remainder) {
      data = Buffer.concat([this.remainder, chunk])
      this.remainder = undefined
    }
    let start = 0
    for (;;) {
      const end = data.indexOf(10, start)
      if (end === -1) break
      const crlf = end > start && data[end - 1] === 13
      onLine(data, start, crlf ? end - 1 : end, crlf)
      start = end + 1
    }
    if (start < data.length) {
      if (data.length - start > MAX_LINE_BYTES) throw new Error('SSE line too long')
      this.remainder = Buffer.from(data.subarray(start))
    }
    return { data, complete: start }
  }

  /** No line begun and waiting for its end. */
  get idle(): boolean {
    return this.remainder === undefined
  }

  /** Keeps the start of a line whose end comes in a later chunk (the caller took the lines before it). */
  hold(rest: Buffer): void {
    if (rest.length > MAX_LINE_BYTES) throw new Error('SSE line too long')
    this.remainder = Buffer.from(rest)
  }

  /** What is left after the stream ended (a last line without a line break). */
  flush(onLine: (line: Buffer) => void): void {
    if (this.remainder && this.remainder.length > 0) onLine(this.remainder)
    this.remainder = undefined
  }
}

const DATA_PREFIX = Buffer.from('data:')

/** The payload of a `data:` line, or undefined for comments, event names and blank lines. */
export function dataPayload(line: Buffer): string | undefined {
  const start = payloadStart(line, 0, line.length)
  return start === -1 ? undefined : line.toString('utf8', start)
}

/** Where the payload of the `data:` line `data[start, end)` begins, or -1 for any other line. */
export function payloadStart(data: Buffer, start: number, end: number): number {
  if (end - start < 5) return -1
  for (let i = 0; i < 5; i++) if (data[start + i] !== DATA_PREFIX[i]) return -1
  return data[start + 5] === 32 && start + 5 < end ? start + 6 : start + 5
}
