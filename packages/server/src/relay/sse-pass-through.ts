import { completionTextOf, readOpenAIUsage } from '../providers/openai/openai-usage.ts'
import type { Usage } from '../services/billing/compute-quota.ts'
import { payloadStart, SseLineScanner } from './upstream/sse-scanner.ts'

/** Bytes kept for local counting when upstream sends no usage; beyond them the rest is not counted. */
const MAX_KEPT_BYTES = 1024 * 1024
const NEWLINE = Buffer.from('\n')
const DATA_SPACE = Buffer.from('data: ')
const USAGE_KEY = Buffer.from('"usage"')
const DONE = Buffer.from('[DONE]')

export interface PassThroughOptions {
  /** the gateway asked for the usage chunk, the client did not: drop it */
  forcedUsageChunk: boolean
  /** the model the client asked for */
  requestedModel: string
  /** the model name upstream answers with, when the channel maps it to another */
  upstreamModel?: string
}

/**
 * An OpenAI-compatible SSE stream on its way to the client. Lines pass through as the bytes they
 * arrived in: a chunk whose lines are all unchanged goes out as one view of itself, without a copy
 * or a decode. Only a mapped model name is written back to the requested one, a usage chunk the
 * gateway asked for (but the client did not) is dropped, and a CRLF line ends in LF. Usage is read
 * from the one line that carries a `"usage"` object; while none has come, the lines are kept (up to
 * MAX_KEPT_BYTES) so the produced text can be counted.
 */
export class SsePassThrough {
  usage: Usage | undefined
  /** a data line other than [DONE] went by */
  sawPayload = false
  private readonly scanner = new SseLineScanner()
  private readonly options: PassThroughOptions
  /** where the next `"usage"` and the next mapped `"model":"…"` are, so each chunk is searched once, not once per line */
  private readonly usageKey = new Occurrences(USAGE_KEY)
  private readonly modelField: Occurrences | undefined
  private readonly requestedModelField: string
  /** views of the complete lines passed so far, for counting when no usage comes */
  private readonly kept: Buffer[] = []
  private keptBytes = 0
  private dropBlank = false

  constructor(options: PassThroughOptions) {
    this.options = options
    const mapped = options.upstreamModel !== undefined && options.upstreamModel !== options.requestedModel
    this.modelField = mapped ? new Occurrences(Buffer.from(`"model":"${options.upstreamModel}"`)) : undefined
    this.requestedModelField = `"model":${JSON.stringify(options.requestedModel)}`
  }

  /** The client's bytes for this upstream chunk, pushed into `out`; a line cut at the end waits for the next. */
  chunk(chunk: Buffer, out: Buffer[]): void {
    if (this.passWhole(chunk, out)) return
    let runStart = 0
    const { data, complete } = this.scanner.scan(chunk, (data, start, end, crlf) => {
      const replacement = this.line(data, start, end)
      if (replacement === undefined && !crlf) return
      if (start > runStart) out.push(data.subarray(runStart, start))
      if (replacement === undefined) out.push(data.subarray(start, end), NEWLINE)
      else if (replacement !== null) out.push(replacement, NEWLINE)
      runStart = end + (crlf ? 2 : 1)
    })
    if (complete > runStart)
      out.push(runStart === 0 && complete === data.length ? data : data.subarray(runStart, complete))
    if (!this.usage && complete > 0 && this.keptBytes < MAX_KEPT_BYTES) {
      this.kept.push(complete === data.length ? data : data.subarray(0, complete))
      this.keptBytes += complete
    }
  }

  /**
   * A chunk that no line of needs changing goes out whole, without being split into lines: no
   * line begun in an earlier chunk, no CR, no mapped model name, no usage chunk to drop. Only the
   * occurrences of `"usage"` are looked at (the last usage object wins, as line by line), and the
   * first payload line while none has been seen. Answers false, having changed nothing, for any
   * other chunk.
   */
  private passWhole(chunk: Buffer, out: Buffer[]): boolean {
    if (!this.scanner.idle || this.dropBlank) return false
    const complete = chunk.lastIndexOf(10) + 1
    if (complete === 0 || chunk.indexOf(13) !== -1) return false
    if (this.modelField && chunk.indexOf(this.modelField.needle) !== -1) return false
    const usageLines: number[] = []
    for (let from = 0; this.usageKey.within(chunk, from, complete); from = this.usageKey.at + 1) {
      const at = this.usageKey.at
      if (!isUsageObject(chunk, at, complete)) continue
      const start = chunk.lastIndexOf(10, at) + 1
      const end = chunk.indexOf(10, at)
      const payload = payloadStart(chunk, start, end)
      if (payload !== -1 && payload <= at) usageLines.push(payload, end)
    }
    // A usage chunk the client did not ask for is dropped, which takes the line by line way.
    if (usageLines.length > 0 && this.options.forcedUsageChunk) {
      this.usageKey.forget()
      return false
    }
    for (let i = usageLines.length - 2; i >= 0; i -= 2) {
      const found = readOpenAIUsage(safeParse(chunk.toString('utf8', usageLines[i], usageLines[i + 1]))?.usage)
      if (found) {
        this.usage = found
        break
      }
    }
    if (!this.sawPayload) this.sawPayload = hasPayloadLine(chunk, complete)
    out.push(complete === chunk.length ? chunk : chunk.subarray(0, complete))
    if (complete < chunk.length) this.scanner.hold(chunk.subarray(complete))
    if (!this.usage && this.keptBytes < MAX_KEPT_BYTES) {
      this.kept.push(complete === chunk.length ? chunk : chunk.subarray(0, complete))
      this.keptBytes += complete
    }
    return true
  }

  /** The upstream ended: a last line without its line break. */
  end(out: Buffer[]): void {
    this.scanner.flush((line) => {
      const replacement = this.line(line, 0, line.length)
      if (replacement !== null) out.push(replacement ?? line, NEWLINE)
      if (!this.usage && this.keptBytes < MAX_KEPT_BYTES) this.kept.push(line, NEWLINE)
    })
  }

  /** The text the stream produced, when it brought no usage (undefined when it did). */
  completionText(): string | undefined {
    if (this.usage) return undefined
    const scanner = new SseLineScanner()
    let text = ''
    for (const piece of this.kept)
      scanner.scan(piece, (data, start, end) => {
        const at = payloadStart(data, start, end)
        if (at !== -1) text += textOfPayload(data.toString('utf8', at, end))
      })
    return text
  }

  /** undefined: the line goes out unchanged; null: it is dropped; a Buffer: what goes out instead. */
  private line(data: Buffer, start: number, end: number): Buffer | null | undefined {
    const at = payloadStart(data, start, end)
    if (at === -1) {
      if (start === end && this.dropBlank) {
        this.dropBlank = false
        return null
      }
      return undefined
    }
    if (!this.sawPayload && !equalsAt(data, at, end, DONE)) this.sawPayload = true
    // Many upstreams send "usage":null on every chunk; only an object is worth parsing.
    if (this.hasUsageObject(data, at, end)) {
      const parsed = safeParse(data.toString('utf8', at, end))
      const found = readOpenAIUsage(parsed?.usage)
      if (found) this.usage = found
      if (this.options.forcedUsageChunk && Array.isArray(parsed?.choices) && parsed.choices.length === 0) {
        this.dropBlank = true
        return null
      }
    }
    const field = this.modelField
    if (field?.within(data, at, end)) {
      const text = data.toString('utf8', at, end).replaceAll(field.needle.toString(), this.requestedModelField)
      return Buffer.concat([DATA_SPACE, Buffer.from(text)])
    }
    return undefined
  }

  /** `"usage"` followed by optional blanks, a colon, optional blanks and `{`, anywhere in `data[start, end)`. */
  private hasUsageObject(data: Buffer, start: number, end: number): boolean {
    for (let from = start; this.usageKey.within(data, from, end); from = this.usageKey.at + 1)
      if (isUsageObject(data, this.usageKey.at, end)) return true
    return false
  }
}

function equalsAt(data: Buffer, start: number, end: number, expected: Buffer): boolean {
  return end - start === expected.length && data.compare(expected, 0, expected.length, start, end) === 0
}

const isSpace = (byte: number | undefined) => byte === 32 || byte === 9 || byte === 13

/** Whether the `"usage"` at `at` is followed by optional blanks, a colon, optional blanks and `{` (before `end`). */
function isUsageObject(data: Buffer, at: number, end: number): boolean {
  let i = at + USAGE_KEY.length
  while (i < end && isSpace(data[i])) i++
  if (i >= end || data[i] !== 58) return false
  i++
  while (i < end && isSpace(data[i])) i++
  return i < end && data[i] === 123
}

/** Whether `data[0, complete)` has a data line other than [DONE] (usually its first line does). */
function hasPayloadLine(data: Buffer, complete: number): boolean {
  for (let start = 0; start < complete;) {
    const end = data.indexOf(10, start)
    const at = payloadStart(data, start, end)
    if (at !== -1 && !equalsAt(data, at, end, DONE)) return true
    start = end + 1
  }
  return false
}

/**
 * The occurrences of one needle in the buffers of a stream, found with one forward search per
 * buffer however many lines it holds (a search per line would scan the rest of the chunk each time).
 * The search runs on the buffer read as latin1, one character per byte, so a position in the text
 * is the same position in the bytes (Buffer#indexOf's per-call setup cost more than the search).
 * It looks for the needle without its opening quote, then checks the quote: a quote stands every
 * few characters of JSON, so a search keyed on it stops at each one.
 */
class Occurrences {
  readonly needle: Buffer
  /** where the last answered occurrence starts */
  at = -1
  private readonly tail: string
  private readonly first: number
  private data: Buffer | undefined
  private text = ''
  private next = -1

  constructor(needle: Buffer) {
    this.needle = needle
    this.first = needle[0] ?? 0
    this.tail = needle.toString('latin1', 1)
  }

  /** Searches the next buffer asked about from its start (a chunk is looked at again line by line). */
  forget(): void {
    this.data = undefined
    this.text = ''
    this.next = -1
  }

  /** Whether the needle occurs inside `data[start, end)`; lines must be asked about in order. */
  within(data: Buffer, start: number, end: number): boolean {
    if (data !== this.data) {
      this.data = data
      this.text = data.toString('latin1')
      this.next = this.find(start)
    } else if (this.next !== -1 && this.next < start) this.next = this.find(start)
    if (this.next === -1 || this.next + this.needle.length > end) return false
    this.at = this.next
    return true
  }

  /** Where the needle next starts at or after `start`, or -1. */
  private find(start: number): number {
    for (let from = start + 1; ;) {
      const tail = this.text.indexOf(this.tail, from)
      if (tail === -1) return -1
      if (this.text.charCodeAt(tail - 1) === this.first) return tail - 1
      from = tail + 1
    }
  }
}

function safeParse(text: string): { usage?: unknown; choices?: unknown[] } | undefined {
  try {
    return JSON.parse(text) as { usage?: unknown; choices?: unknown[] }
  } catch {
    return undefined
  }
}

function textOfPayload(payload: string): string {
  const parsed = safeParse(payload)
  return Array.isArray(parsed?.choices) ? parsed.choices.map(completionTextOf).join('') : ''
}
