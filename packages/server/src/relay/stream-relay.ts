import type { Language } from '../i18n/messages.ts'
import { finishExchange, type Exchange } from './exchange.ts'
import { toOpenAIErrorBody } from './relay-error.ts'
import type { StreamSink } from './relay-result.ts'
import { SsePassThrough } from './sse-pass-through.ts'
import { relayStream } from './stream-lifecycle.ts'
import type { BodySource } from './upstream/upstream-body.ts'

/**
 * Relays an OpenAI-compatible SSE stream to the client (SsePassThrough says what changes on the
 * way). A client that leaves aborts the upstream; a stream that breaks ends with an SSE error
 * event. Either way the produced tokens are billed.
 */
export function pipeSseStream(
  exchange: Exchange,
  upstreamBody: BodySource,
  abortUpstream: () => void,
  options: { forcedUsageChunk: boolean; language: Language },
  sink: StreamSink
): { cancel(): void } {
  const stream = new SsePassThrough({
    forcedUsageChunk: options.forcedUsageChunk,
    requestedModel: exchange.request.model,
    upstreamModel: exchange.upstreamModel,
  })
  const noteFirstToken = () => {
    if (exchange.firstTokenMs === undefined && stream.sawPayload)
      exchange.firstTokenMs = Math.round(performance.now() - exchange.startedMs)
  }
  return relayStream(upstreamBody, abortUpstream, sink, {
    chunk(chunk, out) {
      stream.chunk(chunk, out)
      noteFirstToken()
    },
    end(out) {
      stream.end(out)
      noteFirstToken()
    },
    errorFrame: (error) =>
      Buffer.from(`data: ${JSON.stringify(toOpenAIErrorBody(error, options.language, exchange.requestId))}\n\n`),
    finish(partial) {
      const { usage } = stream
      exchange.services.relay.track(
        finishExchange(exchange, { usage, completionText: stream.completionText(), partial })
      )
    },
  })
}
