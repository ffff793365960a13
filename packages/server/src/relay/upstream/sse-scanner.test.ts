import { describe, expect, it } from 'vitest'
import { dataPayload, SseLineScanner } from './sse-scanner.ts'

describe('SseLineScanner', () => {
  it('splits lines across chunk borders and handles CRLF', () => {
    const scanner = new SseLineScanner()
    const lines: string[] = []
    const collect = (line: Buffer) => lines.push(line.toString())
    scanner.push(Buffer.from('data: {"a":1}\r\n\r\nda'), collect)
    scanner.push(Buffer.from('ta: {"b":'), collect)
    scanner.push(Buffer.from('2}\n\n: comment\ndata: [DONE]'), collect)
    scanner.flush(collect)
    expect(lines).toEqual(['data: {"a":1}', '', 'data: {"b":2}', '', ': comment', 'data: [DONE]'])
  })
  it('reads data payloads with or without the space', () => {
    expect(dataPayload(Buffer.from('data: x'))).toBe('x')
    expect(dataPayload(Buffer.from('data:x'))).toBe('x')
    expect(dataPayload(Buffer.from('event: x'))).toBeUndefined()
    expect(dataPayload(Buffer.from(''))).toBeUndefined()
  })
  it('keeps a multibyte character split across chunks intact', () => {
    const scanner = new SseLineScanner()
    const bytes = Buffer.from('data: 你好\n')
    const lines: string[] = []
    scanner.push(bytes.subarray(0, 8), (l) => lines.push(l.toString()))
    scanner.push(bytes.subarray(8), (l) => lines.push(l.toString()))
    expect(lines).toEqual(['data: 你好'])
  })
})
