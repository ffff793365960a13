import type { IncomingHttpHeaders } from 'node:http'
import { errors, type Agent, type Dispatcher } from 'undici'
import { policyCacheKey, type OutboundPolicy } from '../../lib/outbound/address-policy.ts'
import { createGuardedDispatcher } from '../../lib/outbound/guarded-dispatcher.ts'
import { UpstreamBody, type BodyFlow } from './upstream-body.ts'
import type { UpstreamAnswer } from './websocket-exchange.ts'

export interface UpstreamTimeouts {
  connectMs: number
  /** until the response headers arrive (a non-stream answer only sends them when it is done) */
  headersMs: number
  /** longest silence between two body chunks */
  idleMs: number
  /** the whole exchange; 0 = no limit */
  totalMs: number
  /** how long an idle keep-alive connection is kept (default 30 s) */
  keepAliveMs?: number
}

export interface UpstreamRequest {
  url: URL
  method: 'POST' | 'GET'
  headers: Record<string, string>
  body?: string | Buffer
  signal: AbortSignal
}

/**
 * One keep-alive connection pool per upstream origin (undici's Agent keeps a Pool per origin),
 * with connect, first-byte and idle timeouts. Every connection goes through the outbound-URL
 * guard under the policy of the request's channel (each distinct policy gets its own agent), so a
 * channel base URL can never reach a metadata address, whatever it resolves to, nor a private one
 * unless the root allowed that.
 */
export class UpstreamClient {
  private readonly agents = new Map<string, Agent>()
  private readonly timeouts: UpstreamTimeouts
  /** the calls in flight, for the watchdog (see CallsInFlight) */
  private readonly watched = new CallsInFlight()
  private readonly watchdog: NodeJS.Timeout

  constructor(timeouts: UpstreamTimeouts) {
    this.timeouts = timeouts
    this.watchdog = setInterval(() => this.watch(), WATCH_MS)
    this.watchdog.unref()
  }

  private dispatcher(policy: OutboundPolicy): Agent {
    const key = policyCacheKey(policy)
    let agent = this.agents.get(key)
    if (!agent) {
      agent = createGuardedDispatcher(policy, {
        connectTimeoutMs: this.timeouts.connectMs,
        agent: {
          keepAliveTimeout: this.timeouts.keepAliveMs ?? 30_000,
          keepAliveMaxTimeout: 600_000,
          connections: 256,
          pipelining: 1,
        },
      })
      this.agents.set(key, agent)
    }
    return agent
  }

  /**
   * Sends one request and resolves with its answer once the head arrived; the body follows as an
   * UpstreamBody. Dispatched with a handler of our own rather than undici's request(), which wraps
   * each answer in a stream, an async resource and abort listeners the relay does not use.
   */
  send(request: UpstreamRequest, policy: OutboundPolicy): Promise<UpstreamAnswer> {
    return new Promise((resolve, reject) => {
      const call = new UpstreamCall(resolve, reject, request.signal, this.watched)
      this.dispatcher(policy).dispatch(
        {
          origin: request.url.origin,
          path: request.url.pathname + request.url.search,
          method: request.method,
          headers: request.headers,
          body: request.body ?? null,
          // The timeouts are this client's watchdog's (one timer for every call, not two per call).
          headersTimeout: 0,
          bodyTimeout: 0,
        },
        call
      )
    })
  }

  /** Once a second: calls silent for longer than their phase allows are aborted, as undici's own timeouts would. */
  private watch(): void {
    const now = performance.now()
    const { headersMs, idleMs, totalMs } = this.timeouts
    for (const call of this.watched.all()) {
      if (call.answered ? now - call.since > idleMs : now - call.since > headersMs)
        call.abort(call.answered ? new errors.BodyTimeoutError() : new errors.HeadersTimeoutError())
      else if (totalMs > 0 && now - call.started > totalMs)
        call.abort(new DOMException('The operation timed out.', 'TimeoutError'))
    }
  }

  async close(): Promise<void> {
    clearInterval(this.watchdog)
    await Promise.all([...this.agents.values()].map((agent) => agent.close()))
    this.agents.clear()
  }
}

/**
 * The calls in flight, as an array whose gaps are filled from its end: a call comes and goes with
 * every request, and a long-lived Set whose entries churn that fast is the kind of structure that
 * keeps dead entries' objects reachable for young-generation collections.
 */
class CallsInFlight {
  private readonly calls: UpstreamCall[] = []

  add(call: UpstreamCall): void {
    call.slot = this.calls.push(call) - 1
  }

  delete(call: UpstreamCall): void {
    const at = call.slot
    if (at === -1) return
    const last = this.calls.pop() as UpstreamCall
    if (last !== call) {
      this.calls[at] = last
      last.slot = at
    }
    call.slot = -1
  }

  /** A copy: the watchdog aborts calls, which leave the array while it looks. */
  all(): UpstreamCall[] {
    return this.calls.slice()
  }
}

/** How often the watchdog looks: the timeouts are kept to about a second, like undici's own. */
const WATCH_MS = 1000

/**
 * One call in flight, as undici's dispatch handler: it answers the head, feeds the body, and is
 * what the body's flow control and the client's signal reach. Methods rather than closures, so a
 * call is one object.
 */
class UpstreamCall implements Dispatcher.DispatchHandler, BodyFlow {
  /** performance.now() of the last sign of life: sent, head, chunk */
  since = performance.now()
  readonly started = this.since
  answered = false
  private controller: Dispatcher.DispatchController | undefined
  private body: UpstreamBody | undefined
  /** aborted before undici handed over its controller */
  private early: Error | undefined
  private readonly resolve: (answer: UpstreamAnswer) => void
  private readonly reject: (error: unknown) => void
  private readonly signal: AbortSignal
  private readonly watched: CallsInFlight
  /** where this call is in `watched` (-1: not in it) */
  slot = -1

  constructor(
    resolve: (answer: UpstreamAnswer) => void,
    reject: (error: unknown) => void,
    signal: AbortSignal,
    watched: CallsInFlight
  ) {
    this.resolve = resolve
    this.reject = reject
    this.signal = signal
    this.watched = watched
    if (signal.aborted) this.early = abortReason(signal)
    else signal.addEventListener('abort', this, { once: true })
    watched.add(this)
  }

  /** The client's signal aborted (EventTarget calls an object listener's handleEvent). */
  handleEvent(): void {
    this.abort(abortReason(this.signal))
  }

  abort(reason: Error): void {
    if (this.controller) this.controller.abort(reason)
    else this.early ??= reason
  }

  pause(): void {
    this.controller?.pause()
  }

  resume(): void {
    this.controller?.resume()
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller
    if (this.early) controller.abort(this.early)
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, unknown>
  ): void {
    this.answered = true
    this.since = performance.now()
    this.body = new UpstreamBody(this)
    this.resolve({ statusCode, headers: headers as IncomingHttpHeaders, body: this.body })
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.since = performance.now()
    this.body?.push(chunk)
  }

  onResponseEnd(): void {
    this.done()
    this.body?.end()
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.done()
    if (this.body) this.body.fail(error)
    else this.reject(error)
  }

  private done(): void {
    this.signal.removeEventListener('abort', this)
    this.watched.delete(this)
  }
}

/** Why a signal aborted, as an Error (AbortSignal.timeout's reason is a DOMException, which is one). */
function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('This operation was aborted', 'AbortError')
}
