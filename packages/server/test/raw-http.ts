import { connect } from 'node:net'

export interface RawResponse {
  status: number
  /** lower-case names */
  headers: Record<string, string>
  body: string
  /** `performance.now()` when its last byte arrived */
  receivedAt: number
}

export interface RawConnection {
  /** Writes one request; with one still unanswered this is HTTP pipelining. */
  send(request: string): void
  /** The complete responses so far, in order. */
  responses: RawResponse[]
  /** Resolves when the server closed the connection (or it failed); never rejects. */
  closed: Promise<void>
  destroy(): void
}

/**
 * One HTTP/1.1 connection under the test's control, for what fetch and agents do not let a test
 * decide: which requests go on which connection, and when (a request after a signal on a
 * connection opened before it).
 */
export function openRawConnection(port: number, timeoutMs = 10_000): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const responses: RawResponse[] = []
    let buffer = Buffer.alloc(0)
    const closed = new Promise<void>((done) => socket.once('close', () => done()))
    socket.setTimeout(timeoutMs, () => socket.destroy())
    socket.on('error', () => undefined)
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk])
      for (let parsed = parseOne(buffer); parsed; parsed = parseOne(buffer)) {
        responses.push({ ...parsed.response, receivedAt: performance.now() })
        buffer = buffer.subarray(parsed.length)
      }
    })
    socket.once('connect', () =>
      resolve({
        send: (request) => void socket.write(request),
        responses,
        closed,
        destroy: () => socket.destroy(),
      })
    )
    socket.once('error', reject)
  })
}

/** A request with a JSON body (or none), keep-alive as HTTP/1.1 is by default. */
export function rawRequest(method: string, path: string, headers: Record<string, string>, body?: unknown): string {
  const text = body === undefined ? '' : JSON.stringify(body)
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'host: 127.0.0.1',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ]
  if (body !== undefined) lines.push('content-type: application/json', `content-length: ${Buffer.byteLength(text)}`)
  return `${lines.join('\r\n')}\r\n\r\n${text}`
}

/** One complete response at the start of `data` (content-length or chunked body), or undefined. */
function parseOne(data: Buffer): { response: Omit<RawResponse, 'receivedAt'>; length: number } | undefined {
  const headEnd = data.indexOf('\r\n\r\n')
  if (headEnd === -1) return undefined
  const [statusLine = '', ...headerLines] = data.subarray(0, headEnd).toString('latin1').split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of headerLines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const status = Number(statusLine.split(' ')[1])
  let offset = headEnd + 4
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
    const parts: Buffer[] = []
    for (;;) {
      const sizeEnd = data.indexOf('\r\n', offset)
      if (sizeEnd === -1) return undefined
      const size = parseInt(data.subarray(offset, sizeEnd).toString('latin1'), 16)
      if (data.length < sizeEnd + 2 + size + 2) return undefined
      parts.push(data.subarray(sizeEnd + 2, sizeEnd + 2 + size))
      offset = sizeEnd + 2 + size + 2
      if (size === 0) break
    }
    return { response: { status, headers, body: Buffer.concat(parts).toString('utf8') }, length: offset }
  }
  const length = Number(headers['content-length'] ?? 0)
  if (data.length < offset + length) return undefined
  return {
    response: { status, headers, body: data.subarray(offset, offset + length).toString('utf8') },
    length: offset + length,
  }
}
