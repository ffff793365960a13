import { Readable } from 'node:stream'
import type { Language } from '../i18n/messages.ts'
import { completionTextOf, readOpenAIUsage } from '../providers/openai/openai-usage.ts'
import type { ProtocolBridge, StreamContext } from '../providers/types.ts'
import { transcriptionUsage } from './audio-usage.ts'
import type { UpstreamCall } from './build-upstream-request.ts'
import { withCountedEmbeddingsUsage } from './counted-embeddings-usage.ts'
import { countPromptTokens, finishExchange, type Exchange } from './exchange.ts'
import { RelayError } from './relay-error.ts'
import type { RelayResult } from './relay-result.ts'
import { pipeSseStream } from './stream-relay.ts'
import { pipeTranslatedStream } from './translated-stream.ts'
import { toReadable, type BodySource } from './upstream/upstream-body.ts'
import { upstreamBadResponse, upstreamTransportError } from './upstream/upstream-error.ts'
import type { UpstreamAnswer } from './upstream/websocket-exchange.ts'

const MAX_JSON_RESPONSE = 32 * 1024 * 1024

/** A 200 answer of one upstream call, with what turning it into the client's answer needs. */
export interface UpstreamAnswerContext {
  exchange: Exchange
  call: UpstreamCall
  response: UpstreamAnswer
  contentType: string
  language: Language
  abortUpstream: () => void
}

/**
 * The answer of a channel that speaks the client's protocol: streams and binary audio go through
 * as bytes; JSON is read once for its usage, and only rewritten when the model was mapped.
 */
export async function passThroughAnswer({
  exchange,
  call,
  response,
  contentType,
  language,
  abortUpstream,
}: UpstreamAnswerContext): Promise<RelayResult> {
  const { services, request } = exchange
  if (request.endpoint === 'speech' && !contentType.includes('application/json')) {
    // Audio bytes go to the client as they come; the price depends on the input text only.
    services.relay.track(finishExchange(exchange, { usage: undefined, completionText: '' }))
    return {
      kind: 'binary',
      status: 200,
      contentType: contentType || 'application/octet-stream',
      body: toReadable(response.body),
    }
  }
  if (request.stream && contentType.includes('text/event-stream')) {
    const options = { forcedUsageChunk: call.forcedUsageChunk, language }
    return { kind: 'sse', pipe: (sink) => pipeSseStream(exchange, response.body, abortUpstream, options, sink) }
  }
  let text: string
  try {
    text = await readBounded(response.body, MAX_JSON_RESPONSE)
  } catch (error) {
    throw upstreamTransportError(error)
  }
  const transcript = request.endpoint === 'transcriptions' || request.endpoint === 'translations'
  if (transcript && !contentType.includes('json')) {
    // response_format text, srt or vtt: the transcript as it came; audio is billed by its length alone.
    services.relay.track(finishExchange(exchange, { usage: undefined, completionText: '' }))
    return {
      kind: 'binary',
      status: 200,
      contentType: contentType || 'text/plain',
      body: Readable.from(Buffer.from(text)),
    }
  }
  // Parsed whole, so an answer that is not valid JSON is refused (and not billed) rather than
  // relayed; the text still goes to the client as it came unless the model is written back. A
  // one-pass scan for the usage member alone measured no cheaper: V8's parser is within about a
  // microsecond of it on a short answer, faster on one above 2 KB, and what it builds dies young.
  let parsed: { usage?: unknown; choices?: unknown[]; model?: unknown; text?: unknown; duration?: unknown }
  try {
    parsed = JSON.parse(text) as typeof parsed
  } catch {
    throw upstreamBadResponse()
  }
  // `null`, a number or a string parse, but are no answer to read a usage from.
  if (typeof parsed !== 'object' || parsed === null) throw upstreamBadResponse()
  const usage = readOpenAIUsage(parsed.usage) ?? (transcript ? transcriptionUsage(parsed) : undefined)
  const completionText = usage || transcript ? '' : (parsed.choices ?? []).map(completionTextOf).join('')
  // Billing happens after the answer is ready but is not awaited by the client.
  services.relay.track(finishExchange(exchange, { usage, completionText }))
  let body = text
  if (call.upstreamModel !== request.model && parsed.model === call.upstreamModel) {
    parsed.model = request.model
    body = JSON.stringify(parsed)
  }
  return { kind: 'json', status: 200, body }
}

/** The answer of a channel whose protocol differs from the client's, converted back. */
export async function bridgedAnswer(
  answer: UpstreamAnswerContext,
  bridge: ProtocolBridge,
  framing: 'aws-event-stream' | undefined
): Promise<RelayResult> {
  const { exchange, response, contentType, language, abortUpstream } = answer
  const context: StreamContext = {
    clientModel: exchange.request.model,
    body: exchange.request.body,
    created: Math.floor(Date.now() / 1000),
    requestId: exchange.requestId,
    includeUsage: exchange.request.wantsUsageChunk,
  }
  const streamed =
    contentType.includes('text/event-stream') || (framing === 'aws-event-stream' && contentType.includes('eventstream'))
  if (exchange.request.stream && streamed) {
    // The same count settlement falls back to, so the first event and the log agree when the upstream reports none.
    if (bridge.announcesPromptTokens)
      context.promptTokens = await countPromptTokens(exchange.request).catch(() => undefined)
    const translator = bridge.createStream(context)
    return {
      kind: 'sse',
      pipe: (sink) =>
        pipeTranslatedStream(exchange, response.body, abortUpstream, bridge, translator, language, sink, framing),
    }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(await readBounded(response.body, MAX_JSON_RESPONSE))
  } catch (error) {
    if (error instanceof RelayError) throw error
    throw upstreamBadResponse()
  }
  const converted = await withCountedEmbeddingsUsage(bridge.convertJson(parsed, context), exchange.request)
  exchange.services.relay.track(
    finishExchange(exchange, {
      usage: converted.usage,
      completionText: converted.usage ? undefined : converted.completionText,
    })
  )
  return { kind: 'json', status: 200, body: converted.body }
}

/**
 * Reads a whole upstream body, refusing one larger than `limit`. Listens for its events rather
 * than iterating it: no promise per chunk for an answer that is usually one chunk.
 */
export function readBounded(body: BodySource, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    const fail = (error: unknown) => {
      if (settled) return
      settled = true
      reject(error)
    }
    body.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        fail(
          new RelayError({
            status: 502,
            type: 'upstream_error',
            code: 'response_too_large',
            messageKey: 'upstream.bad_response',
            local: false,
          })
        )
        body.destroy()
        return
      }
      chunks.push(chunk)
    })
    body.once('end', () => {
      if (settled) return
      settled = true
      resolve(chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8'))
    })
    body.once('error', fail)
    // Closed without an end or an error (destroyed from outside): the answer is incomplete. Every
    // body closes after its end too; the error (and its stack trace) is only built when it is news.
    body.once('close', () => {
      if (!settled) fail(new Error('upstream body closed before its end'))
    })
  })
}
