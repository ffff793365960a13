import type { Language } from '../i18n/messages.ts'
import { AwsEventStreamDecoder, type EventStreamMessage } from '../providers/bedrock/aws-event-stream.ts'
import type { ProtocolBridge, StreamTranslator } from '../providers/types.ts'
import { finishExchange, type Exchange } from './exchange.ts'
import { RelayError } from './relay-error.ts'
import type { StreamSink } from './relay-result.ts'
import { relayStream } from './stream-lifecycle.ts'
import { dataPayload, SseLineScanner } from './upstream/sse-scanner.ts'
import type { BodySource } from './upstream/upstream-body.ts'

/**
 * Relays an upstream SSE stream whose protocol differs from the client's: every `data:` payload
 * goes through the bridge's translator, which answers the client's frames. Backpressure, client
 * disconnects and broken streams are handled as in pipeSseStream: the upstream is paused or
 * aborted, and what was produced is billed exactly once.
 */
export function pipeTranslatedStream(
  exchange: Exchange,
  upstreamBody: BodySource,
  abortUpstream: () => void,
  bridge: ProtocolBridge,
  translator: StreamTranslator,
  language: Language,
  sink: StreamSink,
  framing?: 'aws-event-stream'
): { cancel(): void } {
  const scanner = new SseLineScanner()
  const events = framing === 'aws-event-stream' ? new AwsEventStreamDecoder() : undefined

  const processPayload = (payload: string, out: Buffer[]) => {
    const frames = translator.push(payload)
    if (frames.length > 0 && exchange.firstTokenMs === undefined && translator.text !== '')
      exchange.firstTokenMs = Math.round(performance.now() - exchange.startedMs)
    if (frames.length > 0) out.push(Buffer.from(frames.join('')))
  }

  const processLine = (line: Buffer, out: Buffer[]) => {
    const payload = dataPayload(line)
    if (payload !== undefined) processPayload(payload, out)
  }

  /** Bedrock: each event carries one Anthropic event, base64 in `bytes`; an exception ends the stream. */
  const processEvent = (message: EventStreamMessage, out: Buffer[]) => {
    if (message.headers[':message-type'] !== 'event') {
      const text = message.payload.toString('utf8')
      throw new RelayError({
        status: 502,
        type: 'upstream_error',
        code: message.headers[':exception-type'] ?? 'upstream_error',
        message: readMessage(text),
        local: false,
      })
    }
    const bytes = (JSON.parse(message.payload.toString('utf8')) as { bytes?: unknown }).bytes
    if (typeof bytes === 'string') processPayload(Buffer.from(bytes, 'base64').toString('utf8'), out)
  }

  return relayStream(upstreamBody, abortUpstream, sink, {
    chunk(chunk, out) {
      if (events) events.push(chunk, (message) => processEvent(message, out))
      else scanner.push(chunk, (line) => processLine(line, out))
    },
    end(out) {
      scanner.flush((line) => processLine(line, out))
      const frames = translator.finish()
      if (frames.length > 0) out.push(Buffer.from(frames.join('')))
    },
    errorFrame: (error) => Buffer.from(bridge.errorFrame(error, language, exchange.requestId)),
    finish(partial) {
      const usage = translator.usage
      exchange.services.relay.track(
        finishExchange(exchange, { usage, completionText: usage ? undefined : translator.text, partial })
      )
    },
    endedWithError: () => translator.error !== undefined,
  })
}

function readMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { message?: unknown }
    if (typeof parsed.message === 'string') return parsed.message
  } catch {
    // not JSON: the text itself
  }
  return text.slice(0, 500) || 'upstream stream error'
}
