import type { Readable } from 'node:stream'
import type { Language } from '../i18n/messages.ts'
import type { Usage } from '../services/billing/compute-quota.ts'
import { finishExchange, type Exchange } from './exchange.ts'
import { completionTextOf, readOpenAIUsage } from './openai-usage.ts'
import { RelayError, toOpenAIErrorBody } from './relay-error.ts'
import type { StreamSink } from './relay-result.ts'
import { dataPayload, SseLineScanner } from './upstream/sse-scanner.ts'
import { upstreamTransportError } from './upstream/upstream-error.ts'

/** Text kept for local counting when upstream sends no usage; beyond it the rest is estimated. */
const MAX_KEPT_PAYLOAD = 1024 * 1024
const NEWLINE = Buffer.from('\n')
const USAGE_OBJECT = /"usage"\s*:\s*\{/

/**
 * Relays an OpenAI-compatible SSE stream to the client. Bytes pass through line by line; only a
 * mapped model name is written back to the requested one, and a usage chunk the gateway asked for
 * (but the client did not) is dropped. Usage is taken from the stream; without it the produced
 * text is counted. Memory stays bounded: one line at a time plus a capped copy of the payloads.
 * A client that leaves aborts the upstream; a stream that breaks ends with an SSE error event.
 * Either way the produced tokens are billed.
 */
export function pipeSseStream(
  exchange: Exchange,
  upstreamBody: Readable,
  abortUpstream: () => void,
  options: { forcedUsageChunk: boolean; language: Language },
  sink: StreamSink,
): { cancel(): void } {
  const scanner = new SseLineScanner()
  const mapped = exchange.upstreamModel !== undefined && exchange.upstreamModel !== exchange.request.model
  const upstreamModelField = mapped ? `"model":"${exchange.upstreamModel}"` : ''
  const requestedModelField = `"model":${JSON.stringify(exchange.request.model)}`
  let usage: Usage | undefined
  const payloads: string[] = []
  let keptBytes = 0
  let dropBlank = false
  let ended = false

  const finish = (partial: boolean) => {
    if (ended) return
    ended = true
    const completionText = usage ? undefined : payloads.map(textOfPayload).join('')
    exchange.services.relay.track(finishExchange(exchange, { usage, completionText, partial }))
  }

  const processLine = (line: Buffer, out: Buffer[]) => {
    const payload = dataPayload(line)
    if (payload === undefined) {
      if (line.length === 0 && dropBlank) {
        dropBlank = false
        return
      }
      out.push(line, NEWLINE)
      return
    }
    if (exchange.firstTokenMs === undefined && payload !== '[DONE]') exchange.firstTokenMs = Math.round(performance.now() - exchange.startedMs)
    let text = payload
    // Many upstreams send "usage":null on every chunk; only an object is worth parsing.
    if (USAGE_OBJECT.test(payload)) {
      const parsed = safeParse(payload)
      const found = readOpenAIUsage(parsed?.usage)
      if (found) usage = found
      if (options.forcedUsageChunk && Array.isArray(parsed?.choices) && parsed.choices.length === 0) {
        dropBlank = true
        return
      }
    }
    if (!usage && keptBytes < MAX_KEPT_PAYLOAD && payload !== '[DONE]') {
      payloads.push(payload)
      keptBytes += payload.length
    }
    if (mapped && text.includes(upstreamModelField)) {
      text = text.replaceAll(upstreamModelField, requestedModelField)
      out.push(Buffer.from(`data: ${text}`), NEWLINE)
      return
    }
    out.push(line, NEWLINE)
  }

  upstreamBody.on('data', (chunk: Buffer) => {
    const out: Buffer[] = []
    try {
      scanner.push(chunk, (line) => processLine(line, out))
    } catch (error) {
      upstreamBody.destroy(error as Error)
      return
    }
    if (out.length > 0) sink.write(out.length === 1 ? (out[0] as Buffer) : Buffer.concat(out))
    // Backpressure: stop reading upstream while the client is slower than it.
    if (!sink.ready()) {
      upstreamBody.pause()
      sink.onDrain(() => upstreamBody.resume())
    }
  })
  upstreamBody.on('end', () => {
    const out: Buffer[] = []
    scanner.flush((line) => processLine(line, out))
    if (out.length > 0) sink.write(Buffer.concat(out))
    finish(false)
    sink.end()
  })
  upstreamBody.on('error', (error: Error) => {
    if (ended) return
    const relayError = error instanceof RelayError ? error : upstreamTransportError(error)
    const event = `data: ${JSON.stringify(toOpenAIErrorBody(relayError, options.language, exchange.requestId))}\n\n`
    try {
      sink.write(Buffer.from(event))
      sink.end()
    } catch {
      // the client is already gone
    }
    finish(true)
  })
  return {
    cancel() {
      if (ended) return
      // The client went away: stop the upstream at once and bill what it produced so far.
      abortUpstream()
      upstreamBody.destroy()
      finish(true)
    },
  }
}

function safeParse(text: string): { usage?: unknown; choices?: unknown[] } | undefined {
  try {
    return JSON.parse(text) as { usage?: unknown; choices?: unknown[] }
  } catch {
    return undefined
  }
}

function textOfPayload(payload: string): string {
  const parsed = safeParse(payload)
  return Array.isArray(parsed?.choices) ? parsed.choices.map(completionTextOf).join('') : ''
}
