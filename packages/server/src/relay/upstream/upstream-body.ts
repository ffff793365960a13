import { Readable } from 'node:stream'

/**
 * What the relay reads of an upstream answer's body: the events and the flow control of a
 * Readable, and nothing else. A node Readable is one (the WebSocket exchange answers with one);
 * the HTTP client answers with an UpstreamBody, which skips the stream machinery a relayed answer
 * does not need (buffer lists, next-tick emits, async hooks).
 */
export interface BodySource {
  on(event: 'data', listener: (chunk: Buffer) => void): this
  on(event: 'end' | 'close', listener: () => void): this
  on(event: 'error', listener: (error: Error) => void): this
  once(event: 'end' | 'close', listener: () => void): this
  once(event: 'error', listener: (error: Error) => void): this
  pause(): this
  resume(): this
  destroy(error?: Error): this
}

/** How the body reaches back to its connection (undici's dispatch controller). */
export interface BodyFlow {
  pause(): void
  resume(): void
  abort(reason: Error): void
}

type Listener = (value?: unknown) => void

/**
 * The body of one upstream answer, fed by the HTTP client's callbacks. Chunks that arrive before
 * anyone listens (an answer usually comes in the same socket read as its head) wait, and are
 * delivered one microtask after the first `data` listener, so that listeners added in the same
 * turn (`end`, `error`) see everything. Afterwards chunks go straight to the listeners. `pause()`
 * stops the connection's reads (backpressure); `destroy()` aborts the request.
 */
export class UpstreamBody implements BodySource {
  private readonly flow: BodyFlow
  private data: Listener[] = []
  private ends: Listener[] = []
  private errors: Listener[] = []
  private closes: Listener[] = []
  /** chunks that came before a `data` listener, or while paused */
  private waiting: Buffer[] = []
  private flowing = false
  private scheduled = false
  private ended = false
  private failure: Error | undefined
  private closed = false
  private paused = false

  constructor(flow: BodyFlow) {
    this.flow = flow
  }

  on(event: 'data', listener: (chunk: Buffer) => void): this
  on(event: 'end' | 'close', listener: () => void): this
  on(event: 'error', listener: (error: Error) => void): this
  on(event: 'data' | 'end' | 'close' | 'error', listener: (value: never) => void): this {
    this.listeners(event).push(listener as Listener)
    if (event === 'data' && !this.flowing) {
      this.flowing = true
      this.schedule()
    }
    return this
  }

  once(event: 'end' | 'close', listener: () => void): this
  once(event: 'error', listener: (error: Error) => void): this
  once(event: 'end' | 'close' | 'error', listener: (value: never) => void): this {
    // Each of these fires at most once, so a listener that stays is a listener called once.
    this.listeners(event).push(listener as Listener)
    return this
  }

  pause(): this {
    if (!this.paused) {
      this.paused = true
      this.flow.pause()
    }
    return this
  }

  resume(): this {
    if (this.paused) {
      this.paused = false
      this.flow.resume()
    }
    if (!this.flowing) this.flowing = true
    this.schedule()
    return this
  }

  destroy(error?: Error): this {
    if (this.closed) return this
    const live = !this.ended && this.failure === undefined
    // The abort comes back as fail(); it must not be told twice.
    this.failure = error ?? this.failure ?? new Error('upstream body destroyed')
    if (live) this.flow.abort(this.failure)
    if (error) this.emitError(error)
    this.finishClose()
    return this
  }

  /** A chunk from the connection. */
  push(chunk: Buffer): void {
    if (this.closed) return
    if (this.flowing && !this.paused && this.waiting.length === 0 && !this.scheduled) this.emitData(chunk)
    else this.waiting.push(chunk)
  }

  /** The answer is complete. */
  end(): void {
    if (this.closed || this.ended) return
    this.ended = true
    if (this.flowing && !this.paused && this.waiting.length === 0 && !this.scheduled) this.finishEnd()
  }

  /** The connection failed or the request was aborted. */
  fail(error: Error): void {
    if (this.closed || this.ended || this.failure !== undefined) return
    this.failure = error
    this.waiting = []
    this.emitError(error)
    this.finishClose()
  }

  private listeners(event: string): Listener[] {
    if (event === 'data') return this.data
    if (event === 'end') return this.ends
    if (event === 'error') return this.errors
    return this.closes
  }

  private schedule(): void {
    if (this.scheduled || (this.waiting.length === 0 && !this.ended)) return
    this.scheduled = true
    queueMicrotask(() => {
      this.scheduled = false
      this.drain()
    })
  }

  private drain(): void {
    while (this.waiting.length > 0 && !this.paused && !this.closed) this.emitData(this.waiting.shift() as Buffer)
    if (this.ended && this.waiting.length === 0 && !this.paused) this.finishEnd()
  }

  private emitData(chunk: Buffer): void {
    for (const listener of this.data) listener(chunk)
  }

  private finishEnd(): void {
    if (this.closed) return
    for (const listener of this.ends) listener()
    this.finishClose()
  }

  private emitError(error: Error): void {
    for (const listener of this.errors) listener(error)
  }

  private finishClose(): void {
    if (this.closed) return
    this.closed = true
    this.waiting = []
    for (const listener of this.closes) listener()
  }
}

/** The body as a node Readable, for what pipes or converts it (speech audio, the channel test). */
export function toReadable(body: BodySource): Readable {
  if (body instanceof Readable) return body
  const readable = new Readable({
    read: () => void body.resume(),
    destroy: (error, done) => {
      body.destroy(error ?? undefined)
      done(error)
    },
  })
  body.on('data', (chunk) => {
    if (!readable.push(chunk)) body.pause()
  })
  body.on('end', () => readable.push(null))
  body.on('error', (error) => readable.destroy(error))
  return readable
}
