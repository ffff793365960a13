import { ChannelType } from '@gateway/shared'
import {
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type Tracer,
} from '@opentelemetry/api'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import type { Endpoint } from '../providers/types.ts'
import type { Usage } from '../services/billing/compute-quota.ts'
import { activeTracer } from './active-tracer.ts'

/** W3C Trace Context only, whatever OTEL_PROPAGATORS says: incoming traceparent/tracestate, and the one sent upstream. */
export const traceContextPropagator = new W3CTraceContextPropagator()

// GenAI semantic-convention names (still incubating upstream, so spelled out here rather than imported).
const REQUEST_MODEL = 'gen_ai.request.model'
const REQUEST_STREAM = 'gen_ai.request.stream'
const OPERATION = 'gen_ai.operation.name'
const INPUT_TOKENS = 'gen_ai.usage.input_tokens'
const OUTPUT_TOKENS = 'gen_ai.usage.output_tokens'
const CACHE_READ_TOKENS = 'gen_ai.usage.cache_read.input_tokens'
const STATUS_CODE = 'http.response.status_code'
const ERROR_TYPE = 'error.type'

const typeNames = new Map<number, string>(Object.entries(ChannelType).map(([name, id]) => [id, name.toLowerCase()]))
const channelTypeName = (type: number) => typeNames.get(type) ?? String(type)

/** gen_ai.operation.name of the endpoints that have one. */
const operations: Partial<Record<Endpoint, string>> = {
  chat: 'chat',
  messages: 'chat',
  responses: 'chat',
  gemini: 'generate_content',
  completions: 'text_completion',
  embeddings: 'embeddings',
  'gemini-embed': 'embeddings',
  'gemini-batch-embed': 'embeddings',
}

/** What the trace reads from the relay's exchange (its own shape: the exchange module imports this one). */
interface TracedExchange {
  request: { model: string; stream: boolean }
  /** channel ids in the order they were tried */
  tried: readonly number[]
  channel?: { id: number; type: number } | undefined
  upstreamModel?: string | undefined
}

/** The W3C headers a client sent, to continue its trace. */
export interface IncomingTrace {
  traceparent?: string | undefined
  tracestate?: string | undefined
}

/**
 * The trace of one relay request: the `relay <endpoint>` server span, one client span per upstream
 * attempt, and the settlement. Undefined (and so free) while tracing is off.
 */
export function startRelayTrace(
  endpoint: Endpoint,
  requestId: string,
  incoming: IncomingTrace
): RelayTrace | undefined {
  const tracer = activeTracer
  return tracer ? new RelayTrace(tracer, endpoint, requestId, incoming) : undefined
}

export class RelayTrace {
  readonly span: Span
  /** false when the sampler left this trace out: its spans still carry the context upstream, but no attributes are built */
  private readonly recording: boolean
  private readonly tracer: Tracer
  private exchange: TracedExchange | undefined
  private upstream: Span | undefined
  private settle: Span | undefined

  constructor(tracer: Tracer, endpoint: Endpoint, requestId: string, incoming: IncomingTrace) {
    this.tracer = tracer
    const parent = incoming.traceparent
      ? traceContextPropagator.extract(ROOT_CONTEXT, incoming, defaultTextMapGetter)
      : ROOT_CONTEXT
    const attributes: Attributes = { 'gateway.endpoint': endpoint, 'gateway.request_id': requestId }
    const operation = operations[endpoint]
    if (operation) attributes[OPERATION] = operation
    this.span = tracer.startSpan(`relay ${endpoint}`, { kind: SpanKind.SERVER, attributes }, parent)
    this.recording = this.span.isRecording()
  }

  /** The request is parsed and reserved: its model and streaming are known. */
  opened(exchange: TracedExchange): void {
    this.exchange = exchange
    if (this.recording)
      this.span.setAttributes({ [REQUEST_MODEL]: exchange.request.model, [REQUEST_STREAM]: exchange.request.stream })
  }

  /** A try on one channel begins: its span starts, and the upstream request carries its traceparent. */
  startUpstream(
    channel: { id: number; type: number },
    call: { url: URL; headers: Record<string, string>; upstreamModel: string }
  ): void {
    this.endUpstream()
    const type = channelTypeName(channel.type)
    // The host only: some providers take the key in the query string.
    const attributes: Attributes | undefined = this.recording
      ? {
          'gateway.channel.id': channel.id,
          'gateway.channel.type': type,
          [REQUEST_MODEL]: call.upstreamModel,
          'http.request.method': 'POST',
          'server.address': call.url.hostname,
        }
      : undefined
    const span = this.tracer.startSpan(
      `upstream ${type}`,
      { kind: SpanKind.CLIENT, attributes },
      trace.setSpan(ROOT_CONTEXT, this.span)
    )
    this.upstream = span
    traceContextPropagator.inject(trace.setSpan(ROOT_CONTEXT, span), call.headers, defaultTextMapSetter)
  }

  /** The upstream answered with this status (the body may still be coming). */
  upstreamStatus(status: number): void {
    this.upstream?.setAttribute(STATUS_CODE, status)
  }

  /** The try failed before anything reached the client; the relay may move on to another channel. */
  attemptFailed(error: { code: string; message: string; retryable: boolean }): void {
    const span = this.upstream
    if (!span) return
    this.upstream = undefined
    span.setAttribute(ERROR_TYPE, error.code)
    if (error.retryable) span.setAttribute('gateway.retry.reason', error.code)
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message })
    span.end()
  }

  /** The answer is complete (a stream's last byte, or its cut): the usage is known and the settlement starts. */
  settling(usage: Usage, partial: boolean): void {
    this.endUpstream()
    if (!this.recording) return
    const attributes: Attributes = {
      [INPUT_TOKENS]: usage.promptTokens,
      [OUTPUT_TOKENS]: usage.completionTokens,
      [STATUS_CODE]: 200,
    }
    if (usage.cachedTokens) attributes[CACHE_READ_TOKENS] = usage.cachedTokens
    if (partial) attributes['gateway.partial'] = true
    this.span.setAttributes(attributes)
    this.describeRoute()
    this.settle = this.tracer.startSpan('settle', { kind: SpanKind.INTERNAL }, trace.setSpan(ROOT_CONTEXT, this.span))
  }

  /** The settlement is written: the request's trace is complete. */
  settled(collected: number): void {
    if (this.settle) {
      this.settle.setAttribute('gateway.quota', collected)
      this.settle.end()
      this.span.setAttribute('gateway.quota', collected)
    }
    this.span.end()
  }

  /** The relay failed (the reservation is given back); ends the trace and throws the error on. */
  fail(error: unknown): never {
    const relayError = error as { status?: unknown; code?: unknown; message?: unknown }
    const status = typeof relayError.status === 'number' ? relayError.status : 500
    const message = error instanceof Error ? error.message : String(error)
    if (this.upstream)
      this.attemptFailed({
        code: typeof relayError.code === 'string' ? relayError.code : 'internal_error',
        message,
        retryable: false,
      })
    this.describeRoute()
    this.span.setAttributes({
      [STATUS_CODE]: status,
      [ERROR_TYPE]: typeof relayError.code === 'string' ? relayError.code : 'internal_error',
    })
    this.span.setStatus({ code: SpanStatusCode.ERROR, message })
    this.span.end()
    throw error
  }

  /** Which channel served (or was tried last), with which model, after how many tries. */
  private describeRoute(): void {
    const exchange = this.exchange
    if (!exchange || !this.recording) return
    const attributes: Attributes = { 'gateway.attempts': exchange.tried.length }
    if (exchange.channel) {
      attributes['gateway.channel.id'] = exchange.channel.id
      attributes['gateway.channel.type'] = channelTypeName(exchange.channel.type)
    }
    if (exchange.upstreamModel) attributes['gateway.upstream.model'] = exchange.upstreamModel
    this.span.setAttributes(attributes)
  }

  private endUpstream(): void {
    this.upstream?.end()
    this.upstream = undefined
  }
}
