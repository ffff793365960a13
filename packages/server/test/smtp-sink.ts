import { createServer, type Server, type Socket } from 'node:net'

export interface CapturedMail {
  from: string
  to: string[]
  /** the DATA section as sent (headers and body, dot-unstuffed) */
  data: string
  /** the decoded plain-text body (quoted-printable or base64 undone) */
  text: string
}

/**
 * A tiny SMTP server for tests: speaks just enough (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT)
 * for nodemailer on a plain connection, and keeps every message in memory.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const sink = new SmtpSink()
  await sink.listen()
  return sink
}

export class SmtpSink {
  readonly mails: CapturedMail[] = []
  port = 0
  private readonly server: Server
  private readonly sockets = new Set<Socket>()
  private waiters: Array<{ count: number; resolve: () => void }> = []

  constructor() {
    this.server = createServer((socket) => this.session(socket))
  }

  listen(): Promise<void> {
    return new Promise((resolve) => {
      this.server.listen(0, '127.0.0.1', () => {
        const address = this.server.address()
        this.port = typeof address === 'object' && address ? address.port : 0
        resolve()
      })
    })
  }

  /** Resolves once at least `count` mails have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs = 5000): Promise<CapturedMail> {
    if (this.mails.length >= count) return Promise.resolve(this.mails[count - 1] as CapturedMail)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`expected ${count} mails, got ${this.mails.length}`)), timeoutMs)
      this.waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer)
          resolve(this.mails[count - 1] as CapturedMail)
        },
      })
    })
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private session(socket: Socket): void {
    this.sockets.add(socket)
    socket.on('close', () => this.sockets.delete(socket))
    socket.on('error', () => socket.destroy())
    socket.setEncoding('utf8')
    let buffer = ''
    let inData = false
    let dataLines: string[] = []
    let from = ''
    let to: string[] = []
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 smtp-sink ready')
    socket.on('data', (chunk: string) => {
      buffer += chunk
      let newline: number
      while ((newline = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 2)
        if (inData) {
          if (line === '.') {
            inData = false
            const data = dataLines.join('\r\n')
            this.mails.push({ from, to, data, text: decodeBody(data) })
            dataLines = []
            reply('250 OK queued')
            this.notify()
          } else {
            dataLines.push(line.startsWith('..') ? line.slice(1) : line)
          }
          continue
        }
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO') socket.write('250-smtp-sink\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n')
        else if (verb === 'HELO') reply('250 smtp-sink')
        else if (verb === 'MAIL') {
          from = /<([^>]*)>/.exec(line)?.[1] ?? ''
          to = []
          reply('250 OK')
        } else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '')
          reply('250 OK')
        } else if (verb === 'DATA') {
          inData = true
          reply('354 end with <CRLF>.<CRLF>')
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK')
        else if (verb === 'QUIT') {
          reply('221 bye')
          socket.end()
        } else reply('502 not implemented')
      }
    })
  }

  private notify(): void {
    const ready = this.waiters.filter((w) => this.mails.length >= w.count)
    this.waiters = this.waiters.filter((w) => this.mails.length < w.count)
    for (const waiter of ready) waiter.resolve()
  }
}

/** Undoes the transfer encodings nodemailer uses for a single text part. */
function decodeBody(data: string): string {
  const split = data.indexOf('\r\n\r\n')
  const headers = split >= 0 ? data.slice(0, split).toLowerCase() : ''
  const body = split >= 0 ? data.slice(split + 4) : data
  if (headers.includes('content-transfer-encoding: base64'))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (headers.includes('content-transfer-encoding: quoted-printable')) {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}
