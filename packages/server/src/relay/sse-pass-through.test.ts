import { describe, expect, it, vi } from 'vitest'
import { SsePassThrough, type PassThroughOptions } from './sse-pass-through.ts'

const chunkLine = (content: string, model = 'gpt-4o') =>
  `data: {"id":"c1","model":"${model}","choices":[{"index":0,"delta":{"content":${JSON.stringify(content)}}}],"usage":null}`
const usageLine = (model = 'gpt-4o') =>
  `data: {"id":"c1","model":"${model}","choices":[],"usage":{"prompt_tokens":7,"completion_tokens":3,"total_tokens":10}}`

/** Runs `bytes` through a pass-through cut at the given offsets; answers what the client got. */
function relay(bytes: Buffer, cuts: number[], options: PassThroughOptions) {
  const stream = new SsePassThrough(options)
  const out: Buffer[] = []
  let from = 0
  for (const cut of [...cuts, bytes.length]) {
    stream.chunk(bytes.subarray(from, cut), out)
    from = cut
  }
  stream.end(out)
  return { text: Buffer.concat(out).toString(), stream, pieces: out }
}

const plain: PassThroughOptions = { forcedUsageChunk: false, requestedModel: 'gpt-4o' }

describe('SsePassThrough', () => {
  it('passes an unchanged chunk through as itself, without a copy', () => {
    const bytes = Buffer.from(`${chunkLine('Hi')}\n\n${usageLine()}\n\ndata: [DONE]\n\n`)
    const stream = new SsePassThrough(plain)
    const pieces: Buffer[] = []
    stream.chunk(bytes, pieces)
    expect(pieces).toHaveLength(1)
    expect(pieces[0]).toBe(bytes)
    expect(stream.usage).toMatchObject({ promptTokens: 7, completionTokens: 3 })
    expect(stream.sawPayload).toBe(true)
  })

  it('passes a chunk of whole events as itself, reading only its usage, and keeps a line cut at its end for the next chunk', () => {
    const events = `${chunkLine('a')}\n\n${chunkLine('b')}\n\n${usageLine()}\n\ndata: [DONE]\n\n`
    const bytes = Buffer.from(events)
    const cut = bytes.indexOf('[DONE]')
    const stream = new SsePassThrough(plain)
    const pieces: Buffer[] = []
    stream.chunk(bytes.subarray(0, cut), pieces)
    // Everything before the cut line, as one view of the chunk; the cut line waits.
    expect(pieces).toHaveLength(1)
    expect(pieces[0]?.toString()).toBe(events.slice(0, events.indexOf('data: [DONE]')))
    expect(stream.usage).toMatchObject({ promptTokens: 7, completionTokens: 3 })
    expect(stream.sawPayload).toBe(true)
    stream.chunk(bytes.subarray(cut), pieces)
    stream.end(pieces)
    expect(Buffer.concat(pieces).toString()).toBe(events)
  })

  it('takes a chunk holding a usage chunk the client did not ask for line by line, and drops it', () => {
    const bytes = Buffer.from(`${chunkLine('a')}\n\n${usageLine()}\n\ndata: [DONE]\n\n`)
    const { text, stream } = relay(bytes, [], { ...plain, forcedUsageChunk: true })
    expect(text).toBe(`${chunkLine('a')}\n\ndata: [DONE]\n\n`)
    expect(stream.usage).toMatchObject({ promptTokens: 7, completionTokens: 3 })
  })

  it('gives the same bytes, usage and text wherever the stream is cut', () => {
    const source = [
      chunkLine('你好'),
      '',
      ': keep-alive',
      '',
      `${chunkLine('world', 'upstream-x')}\r`,
      '\r',
      usageLine('upstream-x'),
      '',
      'data: [DONE]',
      '',
    ].join('\n')
    const bytes = Buffer.from(source)
    const options: PassThroughOptions = {
      forcedUsageChunk: true,
      requestedModel: 'gpt-4o',
      upstreamModel: 'upstream-x',
    }
    const whole = relay(bytes, [], options)
    // The usage chunk and its blank line are gone, CRLF became LF, the mapped name is the requested one.
    expect(whole.text).toBe(
      [chunkLine('你好'), '', ': keep-alive', '', chunkLine('world'), '', 'data: [DONE]', ''].join('\n')
    )
    expect(whole.stream.usage).toMatchObject({ promptTokens: 7, completionTokens: 3 })
    for (let a = 1; a < bytes.length; a++) {
      const once = relay(bytes, [a], options)
      expect(once.text, `cut at ${a}`).toBe(whole.text)
      expect(once.stream.usage).toEqual(whole.stream.usage)
      const b = Math.min(bytes.length - 1, a + 7)
      if (b > a) expect(relay(bytes, [a, b], options).text, `cut at ${a} and ${b}`).toBe(whole.text)
    }
  })

  it('keeps the text for counting when no usage comes, and a last line without its break', () => {
    const bytes = Buffer.from(`${chunkLine('Hello ')}\n\n${chunkLine('there')}\n\ndata: [DONE]`)
    for (const cuts of [[], [10], [bytes.length - 3]]) {
      const { text, stream } = relay(bytes, cuts, plain)
      expect(text).toBe(`${chunkLine('Hello ')}\n\n${chunkLine('there')}\n\ndata: [DONE]\n`)
      expect(stream.usage).toBeUndefined()
      expect(stream.completionText()).toBe('Hello there')
    }
  })

  it('answers no completion text once usage came, and keeps the usage chunk the client asked for', () => {
    const bytes = Buffer.from(`${chunkLine('a')}\n\n${usageLine()}\n\n`)
    const { text, stream } = relay(bytes, [5], plain)
    expect(text).toBe(bytes.toString())
    expect(stream.completionText()).toBeUndefined()
  })

  it('reads only a usage object: "usage":null and the word usage in the content are passed by', () => {
    const tricky = `data: {"choices":[{"delta":{"content":"\\"usage\\": {"}}],"usage" : null}`
    const spaced = `data: {"choices":[],"usage" :\t{"prompt_tokens":2,"completion_tokens":1}}`
    const { stream: none } = relay(Buffer.from(`${tricky}\n\n`), [], plain)
    expect(none.usage).toBeUndefined()
    const { stream: found } = relay(Buffer.from(`${tricky}\n\n${spaced}\n\n`), [], plain)
    expect(found.usage).toMatchObject({ promptTokens: 2, completionTokens: 1 })
  })

  it('takes no key that merely ends in usage, and finds the usage after multi-byte text', () => {
    const decoy = `data: {"choices":[{"delta":{"content":"狐狸 🦊 usage\\""}}],"prefixusage":{"prompt_tokens":99}}`
    const bytes = Buffer.from(`${decoy}\n\n${chunkLine('敏捷的狐狸')}\n\n${usageLine()}\n\ndata: [DONE]\n\n`)
    const parse = vi.spyOn(JSON, 'parse')
    try {
      const decoyOnly = relay(Buffer.from(`${decoy}\n\n`), [], plain)
      expect(decoyOnly.stream.usage).toBeUndefined()
      // Not even parsed: the key is not "usage", however it ends.
      expect(parse).not.toHaveBeenCalled()
    } finally {
      parse.mockRestore()
    }
    for (const cuts of [[], [bytes.indexOf('🦊') + 1], [bytes.indexOf('"usage":{') + 2]]) {
      const { text, stream } = relay(bytes, cuts, plain)
      expect(text, `cut at ${cuts.join()}`).toBe(bytes.toString())
      expect(stream.usage, `cut at ${cuts.join()}`).toMatchObject({ promptTokens: 7, completionTokens: 3 })
    }
  })

  it('searches a chunk of many lines for the usage once, not from every line to the end of the chunk', () => {
    // Upstreams that send no "usage":null on each chunk (vLLM, llama.cpp): the usage is only in the last line.
    const lines = Array.from({ length: 200 }, (_, i) => `${chunkLine(`w${i}`).replace(',"usage":null', '')}\n\n`)
    const bytes = Buffer.from(`${lines.join('')}${usageLine()}\n\ndata: [DONE]\n\n`)
    const indexOf = vi.spyOn(Buffer.prototype, 'indexOf')
    const textIndexOf = vi.spyOn(String.prototype, 'indexOf')
    try {
      const { text, stream } = relay(bytes, [], plain)
      expect(stream.usage).toMatchObject({ promptTokens: 7, completionTokens: 3 })
      expect(text).toBe(bytes.toString())
      // One search for each line's end (404) at most; the usage is looked for in the chunk's text
      // (found, then no further one): a search from every data line would add 200 more, each
      // running to the end of the chunk.
      expect(indexOf.mock.calls.length).toBeLessThan(420)
      expect(textIndexOf.mock.calls.filter(([needle]) => needle === 'usage"')).toHaveLength(2)
    } finally {
      indexOf.mockRestore()
      textIndexOf.mockRestore()
    }
  })

  it('does not count [DONE] or comments as a payload', () => {
    const { stream } = relay(Buffer.from(': ping\n\ndata: [DONE]\n\n'), [], plain)
    expect(stream.sawPayload).toBe(false)
  })

  it('keeps at most about a megabyte for counting', () => {
    const line = `${chunkLine('x'.repeat(1000))}\n\n`
    const stream = new SsePassThrough(plain)
    const out: Buffer[] = []
    for (let i = 0; i < 3000; i++) stream.chunk(Buffer.from(line), out)
    const counted = stream.completionText() ?? ''
    expect(counted.length).toBeGreaterThan(900_000)
    expect(counted.length).toBeLessThan(1_100_000)
  })
})
