import type { Agent, Dispatcher } from 'undici'
import { policyCacheKey, type OutboundPolicy } from '../../lib/outbound/address-policy.ts'
import { createGuardedDispatcher } from '../../lib/outbound/guarded-dispatcher.ts'

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

  send(request: UpstreamRequest, policy: OutboundPolicy): Promise<Dispatcher.ResponseData> {
    const signal =
      this.timeouts.totalMs > 0
        ? AbortSignal.any([request.signal, AbortSignal.timeout(this.timeouts.totalMs)])
        : request.signal
    return this.dispatcher(policy).request({
      origin: request.url.origin,
      path: request.url.pathname + request.url.search,
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal,
      headersTimeout: this.timeouts.headersMs,
      bodyTimeout: this.timeouts.idleMs,
      // Redirects are never followed: an upstream that redirects is an error, not a new target.
      maxRedirections: 0,
    } as Dispatcher.RequestOptions)
  }

  async close(): Promise<void> {
    await Promise.all([...this.agents.values()].map((agent) => agent.close()))
    this.agents.clear()
  }
}
