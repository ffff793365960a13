import { crc32 } from 'node:zlib'

export interface EventStreamMessage {
  headers: Record<string, string>
  payload: Buffer
}

/** Bigger messages are not what Bedrock sends; a stream claiming one is broken. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024

/**
 * Decodes AWS's binary event-stream framing (Bedrock's invoke-with-response-stream), one message
 * at a time across chunk boundaries: total length, headers length, prelude CRC, headers, payload,
 * message CRC. Both checksums are verified. Only string headers are kept (the others are skipped).
 * @see https://docs.aws.amazon.com/transcribe/latest/dg/streaming-setting-up.html (the framing)
 */
export class AwsEventStreamDecoder {
  private buffer: Buffer = Buffer.alloc(0)

  push(chunk: Buffer, onMessage: (message: EventStreamMessage) => void): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk])
    while (this.buffer.length >= 12) {
      const total = this.buffer.readUInt32BE(0)
      if (total < 16 || total > MAX_MESSAGE_BYTES) throw new Error('event stream: bad message length')
      if (crc32(this.buffer.subarray(0, 8)) !== this.buffer.readUInt32BE(8))
        throw new Error('event stream: prelude checksum mismatch')
      if (this.buffer.length < total) return
      const message = this.buffer.subarray(0, total)
      this.buffer = this.buffer.subarray(total)
      if (crc32(message.subarray(0, total - 4)) !== message.readUInt32BE(total - 4))
        throw new Error('event stream: message checksum mismatch')
      const headersLength = message.readUInt32BE(4)
      onMessage({
        headers: readHeaders(message.subarray(12, 12 + headersLength)),
        payload: message.subarray(12 + headersLength, total - 4),
      })
    }
  }
}

const VALUE_SIZES: Record<number, number> = { 0: 0, 1: 0, 2: 1, 3: 2, 4: 4, 5: 8, 8: 8, 9: 16 }

function readHeaders(bytes: Buffer): Record<string, string> {
  const headers: Record<string, string> = {}
  let at = 0
  while (at < bytes.length) {
    const nameLength = bytes.readUInt8(at)
    const name = bytes.toString('utf8', at + 1, at + 1 + nameLength)
    at += 1 + nameLength
    const type = bytes.readUInt8(at)
    at += 1
    if (type === 6 || type === 7) {
      const length = bytes.readUInt16BE(at)
      if (type === 7) headers[name] = bytes.toString('utf8', at + 2, at + 2 + length)
      at += 2 + length
    } else {
      const size = VALUE_SIZES[type]
      if (size === undefined) throw new Error('event stream: unknown header type')
      at += size
    }
  }
  return headers
}

/** Encodes one message with string headers (for tests and fixtures). */
export function encodeEventStreamMessage(headers: Record<string, string>, payload: Buffer | string): Buffer {
  const headerBytes = Buffer.concat(
    Object.entries(headers).map(([name, value]) => {
      const nameBytes = Buffer.from(name)
      const valueBytes = Buffer.from(value)
      const head = Buffer.alloc(1 + nameBytes.length + 3)
      head.writeUInt8(nameBytes.length, 0)
      nameBytes.copy(head, 1)
      head.writeUInt8(7, 1 + nameBytes.length)
      head.writeUInt16BE(valueBytes.length, 2 + nameBytes.length)
      return Buffer.concat([head, valueBytes])
    })
  )
  const body = Buffer.from(payload)
  const total = 12 + headerBytes.length + body.length + 4
  const prelude = Buffer.alloc(12)
  prelude.writeUInt32BE(total, 0)
  prelude.writeUInt32BE(headerBytes.length, 4)
  prelude.writeUInt32BE(crc32(prelude.subarray(0, 8)), 8)
  const withoutCrc = Buffer.concat([prelude, headerBytes, body])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(withoutCrc), 0)
  return Buffer.concat([withoutCrc, crc])
}
