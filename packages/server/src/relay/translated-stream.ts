import type { Readable } from 'node:stream'
import type { Language } from '../i18n/messages.ts'
import { finishExchange, type Exchange } from './exchange.ts'
import type { ProtocolBridge, StreamTranslator } from './protocol-bridge.ts'
import { RelayError } from './relay-error.ts'
import type { StreamSink } from './relay-result.ts'
import { AwsEventStreamDecoder, type EventStreamMessage } from '../providers/bedrock/aws-event-stream.ts'
import { dataPayload, SseLineScanner } from './upstream/sse-scanner.ts'
import { upstreamTransportError } from './upstream/upstream-error.ts'

/**
 * Relays an upstream SSE stream whose protocol differs from the client's: every `data:` payload
 * goes through the bridge's translator, which answers the client's frames. Backpressure, client
 * disconnects and broken streams are handled as in pipeSseStream: the upstream is paused or
 * aborted, and what was produced is billed exactly once.
 */
export function pipeTranslatedStream(
  exchange: Exchange,
  upstreamBody: Readable,
  abortUpstream: () => void,
  bridge: ProtocolBridge,
  translator: StreamTranslator,
  language: Language,
  sink: StreamSink,
  framing?: 'aws-event-stream',
): { cancel(): void } {
  const scanner = new SseLineScanner()
  const events = framing === 'aws-event-stream' ? new AwsEventStreamDecoder() : undefined
  let ended = false

  const finish = (partial: boolean) => {
    if (ended) return
    ended = true
    const usage = translator.usage
    exchange.services.relay.track(finishExchange(exchange, { usage, completionText: usage ? undefined : translator.text, partial }))
  }

  const processPayload = (payload: string, out: string[]) => {
    const frames = translator.push(payload)
    if (frames.length > 0 && exchange.firstTokenMs === undefined && translator.text !== '') exchange.firstTokenMs = Math.round(performance.now() - exchange.startedMs)
    out.push(...frames)
  }

  const processLine = (line: Buffer, out: string[]) => {
    const payload = dataPayload(line)
    if (payload !== undefined) processPayload(payload, out)
  }

  /** Bedrock: each event carries one Anthropic event, base64 in `bytes`; an exception ends the stream. */
  const processEvent = (message: EventStreamMessage, out: string[]) => {
    if (message.headers[':message-type'] !== 'event') {
      const text = message.payload.toString('utf8')
      throw new RelayError({ status: 502, type: 'upstream_error', code: message.headers[':exception-type'] ?? 'upstream_error', message: readMessage(text), local: false })
    }
    const bytes = (JSON.parse(message.payload.toString('utf8')) as { bytes?: unknown }).bytes
    if (typeof bytes === 'string') processPayload(Buffer.from(bytes, 'base64').toString('utf8'), out)
  }

  const write = (out: string[]) => {
    if (out.length > 0) sink.write(Buffer.from(out.join('')))
  }

  upstreamBody.on('data', (chunk: Buffer) => {
    const out: string[] = []
    try {
      if (events) events.push(chunk, (message) => processEvent(message, out))
      else scanner.push(chunk, (line) => processLine(line, out))
    } catch (error) {
      write(out)
      upstreamBody.destroy(error as Error)
      return
    }
    write(out)
    if (!sink.ready()) {
      upstreamBody.pause()
      sink.onDrain(() => upstreamBody.resume())
    }
  })
  upstreamBody.on('end', () => {
    const out: string[] = []
    scanner.flush((line) => processLine(line, out))
    out.push(...translator.finish())
    write(out)
    finish(translator.error !== undefined)
    sink.end()
  })
  upstreamBody.on('error', (error: Error) => {
    if (ended) return
    const relayError = error instanceof RelayError ? error : upstreamTransportError(error)
    try {
      sink.write(Buffer.from(bridge.errorFrame(relayError, language, exchange.requestId)))
      sink.end()
    } catch {
      // the client is already gone
    }
    finish(true)
  })
  return {
    cancel() {
      if (ended) return
      abortUpstream()
      upstreamBody.destroy()
      finish(true)
    },
  }
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
