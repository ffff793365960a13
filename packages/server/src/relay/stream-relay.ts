import type { Readable } from 'node:stream'
import type { Language } from '../i18n/messages.ts'
import { completionTextOf, readOpenAIUsage } from '../providers/openai/openai-usage.ts'
import type { Usage } from '../services/billing/compute-quota.ts'
import { finishExchange, type Exchange } from './exchange.ts'
import { toOpenAIErrorBody } from './relay-error.ts'
import type { StreamSink } from './relay-result.ts'
import { relayStream } from './stream-lifecycle.ts'
import { dataPayload, SseLineScanner } from './upstream/sse-scanner.ts'

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
  sink: StreamSink
): { cancel(): void } {
  const scanner = new SseLineScanner()
  const mapped = exchange.upstreamModel !== undefined && exchange.upstreamModel !== exchange.request.model
  const upstreamModelField = mapped ? `"model":"${exchange.upstreamModel}"` : ''
  const requestedModelField = `"model":${JSON.stringify(exchange.request.model)}`
  let usage: Usage | undefined
  const payloads: string[] = []
  let keptBytes = 0
  let dropBlank = false

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
    if (exchange.firstTokenMs === undefined && payload !== '[DONE]')
      exchange.firstTokenMs = Math.round(performance.now() - exchange.startedMs)
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

  return relayStream(upstreamBody, abortUpstream, sink, {
    chunk: (chunk, out) => scanner.push(chunk, (line) => processLine(line, out)),
    end: (out) => scanner.flush((line) => processLine(line, out)),
    errorFrame: (error) =>
      Buffer.from(`data: ${JSON.stringify(toOpenAIErrorBody(error, options.language, exchange.requestId))}\n\n`),
    finish(partial) {
      const completionText = usage ? undefined : payloads.map(textOfPayload).join('')
      exchange.services.relay.track(finishExchange(exchange, { usage, completionText, partial }))
    },
  })
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
