import { describe, expect, it } from 'vitest'
import { AwsEventStreamDecoder, encodeEventStreamMessage, type EventStreamMessage } from './aws-event-stream.ts'

describe('AwsEventStreamDecoder', () => {
  const first = encodeEventStreamMessage(
    { ':event-type': 'chunk', ':message-type': 'event' },
    '{"bytes":"eyJ0eXBlIjoicGluZyJ9"}'
  )
  const second = encodeEventStreamMessage(
    { ':message-type': 'exception', ':exception-type': 'throttlingException' },
    '{"message":"slow down"}'
  )

  it('decodes messages split at any byte', () => {
    const whole = Buffer.concat([first, second])
    for (let cut = 1; cut < whole.length; cut += 7) {
      const seen: EventStreamMessage[] = []
      const decoder = new AwsEventStreamDecoder()
      decoder.push(whole.subarray(0, cut), (m) => seen.push(m))
      decoder.push(whole.subarray(cut), (m) => seen.push(m))
      expect(seen.map((m) => [m.headers[':message-type'], m.payload.toString()])).toEqual([
        ['event', '{"bytes":"eyJ0eXBlIjoicGluZyJ9"}'],
        ['exception', '{"message":"slow down"}'],
      ])
    }
  })

  it('refuses a corrupted message', () => {
    const broken = Buffer.from(first)
    broken[broken.length - 10] = (broken[broken.length - 10] ?? 0) ^ 0xff
    expect(() => new AwsEventStreamDecoder().push(broken, () => {})).toThrow('checksum')
  })
})
