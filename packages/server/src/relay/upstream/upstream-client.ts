import type { IncomingHttpHeaders } from 'node:http'
import type { Agent, Dispatcher } from 'undici'
import { policyCacheKey, type OutboundPolicy } from '../../lib/outbound/address-policy.ts'
import { createGuardedDispatcher } from '../../lib/outbound/guarded-dispatcher.ts'
import { UpstreamBody } from './upstream-body.ts'
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

  constructor(timeouts: UpstreamTimeouts) {
    this.timeouts = timeouts
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
      const { signal } = request
      let controller: Dispatcher.DispatchController | undefined
      let body: UpstreamBody | undefined
      let timer: NodeJS.Timeout | undefined
      const abort = (reason: Error) => {
        if (controller) controller.abort(reason)
        else pendingAbort = reason
      }
      let pendingAbort: Error | undefined = signal.aborted ? abortReason(signal) : undefined
      const onAbort = () => abort(abortReason(signal))
      const done = () => {
        signal.removeEventListener('abort', onAbort)
        if (timer) clearTimeout(timer)
      }
      if (!pendingAbort) signal.addEventListener('abort', onAbort, { once: true })
      if (this.timeouts.totalMs > 0)
        timer = setTimeout(
          () => abort(new DOMException('The operation timed out.', 'TimeoutError')),
          this.timeouts.totalMs
        )
      this.dispatcher(policy).dispatch(
        {
          origin: request.url.origin,
          path: request.url.pathname + request.url.search,
          method: request.method,
          headers: request.headers,
          body: request.body ?? null,
          headersTimeout: this.timeouts.headersMs,
          bodyTimeout: this.timeouts.idleMs,
        },
        {
          onRequestStart(started) {
            controller = started
            if (pendingAbort) started.abort(pendingAbort)
          },
          onResponseStart(started, statusCode, headers) {
            const flow = started
            body = new UpstreamBody({
              pause: () => flow.pause(),
              resume: () => flow.resume(),
              abort: (reason) => flow.abort(reason),
            })
            resolve({ statusCode, headers: headers as IncomingHttpHeaders, body })
          },
          onResponseData(_controller, chunk) {
            body?.push(chunk)
          },
          onResponseEnd() {
            done()
            body?.end()
          },
          onResponseError(_controller, error) {
            done()
            if (body) body.fail(error)
            else reject(error)
          },
        }
      )
    })
  }

  async close(): Promise<void> {
    await Promise.all([...this.agents.values()].map((agent) => agent.close()))
    this.agents.clear()
  }
}

/** Why a signal aborted, as an Error (AbortSignal.timeout's reason is a DOMException, which is one). */
function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('This operation was aborted', 'AbortError')
}
