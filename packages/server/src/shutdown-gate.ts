import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import type { Language } from './i18n/messages.ts'
import { rawRefusal, shutdownRefusal } from './shutdown-refusal.ts'

/**
 * What stands between the sockets and the handlers, so that shutdown can tell new work from work
 * in flight. Closing the listener is not enough: node keeps serving requests that arrive on
 * keep-alive connections opened before, and keeps those connections open after each answer.
 */
export class ShutdownGate {
  #closing = false
  /**
   * The connections that answered a request, each with its answers not yet out (on the socket, in
   * order: a pipelined answer has no res.socket until its turn). Kept per connection rather than
   * in a map of answers: entries of a long-lived map that come and go with every request are what
   * the young generation cannot collect on its own (they were keeping every request's objects
   * alive through collections until the next full one).
   */
  readonly #connections = new Set<Socket>()
  #answering = 0
  readonly #upgrades = new Set<Duplex>()
  #idleWaiters: Array<() => void> = []
  readonly #language: Language

  /** `language`: for refusals to clients that send no Accept-Language. */
  constructor(language: Language) {
    this.#language = language
  }

  /** Requests and upgraded sockets not yet finished. */
  get inFlight(): number {
    return this.#answering + this.#upgrades.size
  }

  /** Lets a request through, or answers it 503 once shutdown began; either way counts it until its answer is out. */
  admit(req: IncomingMessage, res: ServerResponse): boolean {
    const socket = req.socket as Socket & { [kAnswers]?: ServerResponse[] }
    let answers = socket[kAnswers]
    if (!answers) {
      answers = socket[kAnswers] = []
      this.#connections.add(socket)
      socket.once('close', () => this.#connections.delete(socket))
    }
    answers.push(res)
    this.#answering++
    res.once('close', () => {
      const at = answers.indexOf(res)
      if (at !== -1) answers.splice(at, 1)
      this.#answering--
      this.#wakeIfIdle()
    })
    if (!this.#closing) return true
    const refusal = shutdownRefusal(req, this.#language)
    // `Connection: close` also makes node end the socket once this answer is written.
    res.writeHead(refusal.status, refusal.headers)
    res.end(refusal.body)
    return false
  }

  /** The same for a WebSocket upgrade: a plain HTTP 503 on the raw socket once shutdown began. */
  admitUpgrade(req: IncomingMessage, socket: Duplex): boolean {
    if (this.#closing) {
      socket.end(rawRefusal(shutdownRefusal(req, this.#language)))
      return false
    }
    this.#upgrades.add(socket)
    socket.once('close', () => {
      this.#upgrades.delete(socket)
      this.#wakeIfIdle()
    })
    return true
  }

  /** From now on refuse new requests, and let no connection outlive the answers it is busy with. */
  close(): void {
    this.#closing = true
    for (const socket of this.#connections) {
      const answers = (socket as Socket & { [kAnswers]?: ServerResponse[] })[kAnswers] ?? []
      for (const res of answers) {
        if (!res.headersSent) {
          // Node then says `Connection: close` and ends the socket after this answer.
          res.setHeader('connection', 'close')
          continue
        }
        // Headers already out (a stream) promised keep-alive: end the connection after this answer,
        // unless a later answer on it is still queued (pipelining); that one says `Connection: close`.
        const end = () => {
          if (answers.indexOf(res) >= answers.length - 1) socket.end()
        }
        if (res.writableFinished) end()
        else res.once('finish', end)
      }
    }
  }

  /** Resolves once no request or upgraded socket is in flight. */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve()
    return new Promise((resolve) => this.#idleWaiters.push(resolve))
  }

  /**
   * Destroys the upgraded (WebSocket) sockets: the HTTP server no longer tracks them, so
   * `closeAllConnections()` would leave them open, and with them the server.
   */
  cutUpgrades(): void {
    for (const socket of this.#upgrades) socket.destroy()
  }

  #wakeIfIdle(): void {
    if (this.inFlight > 0) return
    const waiters = this.#idleWaiters
    this.#idleWaiters = []
    for (const wake of waiters) wake()
  }
}

/** A connection's answers not yet out, on its socket. */
const kAnswers = Symbol('answers in flight')

// The gate of each server createHttpServer() built, so that shutdownGracefully(server) finds it.
const gates = new WeakMap<Server, ShutdownGate>()

export function attachGate(server: Server, gate: ShutdownGate): void {
  gates.set(server, gate)
}

export function gateOf(server: Server): ShutdownGate | undefined {
  return gates.get(server)
}
