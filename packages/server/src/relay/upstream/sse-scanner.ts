/**
 * Splits an SSE byte stream into lines without decoding or copying the payload that is passed
 * through. Only the `data:` lines the caller asks about are turned into strings.
 */
export class SseLineScanner {
  private remainder: Buffer | undefined

  /** Calls `onLine` for every complete line (without the line break) in this chunk. */
  push(chunk: Buffer, onLine: (line: Buffer) => void): void {
    let data = chunk
    if (this.remainder) {
      data = Buffer.concat([this.remainder, chunk])
      this.remainder = undefined
    }
    let start = 0
    for (;;) {
      const end = data.indexOf(10, start)
      if (end === -1) break
      const lineEnd = end > start && data[end - 1] === 13 ? end - 1 : end
      onLine(data.subarray(start, lineEnd))
      start = end + 1
    }
    if (start < data.length) {
      // Bounded: one SSE line longer than this is not a reply a client can use.
      if (data.length - start > 8 * 1024 * 1024) throw new Error('SSE line too long')
      this.remainder = Buffer.from(data.subarray(start))
    }
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
  if (line.length < 5 || line.compare(DATA_PREFIX, 0, 5, 0, 5) !== 0) return undefined
  return line.toString('utf8', line[5] === 32 ? 6 : 5)
}
