import type { IncomingMessage } from 'node:http'

/** A test upstream's view of a request body: JSON when it parses, otherwise the text kept as `unparsed`. */
export function readRequestBody(request: IncomingMessage, done: (body: Record<string, unknown>) => void): void {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8')
    try {
      done(text ? (JSON.parse(text) as Record<string, unknown>) : {})
    } catch {
      done({ unparsed: text })
    }
  })
}
