import type { IncomingMessage, ServerResponse } from 'node:http'
import { pickLanguage, type Language } from '../../i18n/messages.ts'
import { nowSeconds } from '../../lib/time.ts'
import { metricsOf } from '../../metrics/gateway-metrics.ts'
import { newRequestId, REQUEST_ID_HEADER } from '../../middleware/request-context.ts'
import type { Endpoint } from '../../providers/types.ts'
import { localError, toOpenAIErrorBody, toRelayError } from '../../relay/relay-error.ts'
import { JSON_HEADERS, SSE_HEADERS, type RelayResult } from '../../relay/relay-result.ts'
import { runRelay } from '../../relay/run-relay.ts'
import { authenticateToken } from '../../relay/token-auth.ts'
import type { Services } from '../../services/container.ts'

const fastEndpoints: Record<string, Endpoint> = {
  '/v1/chat/completions': 'chat',
  '/v1/completions': 'completions',
  '/v1/embeddings': 'embeddings',
}

const CORS = { 'access-control-allow-origin': '*' } as const

/**
 * The relay's hot endpoints served straight from node's request and response objects, without
 * building web Request/Response objects or streams for every call. It runs the very same
 * relay as the Hono routes (which serve everything else and the in-process tests); only the
 * HTTP plumbing differs. Returns false for requests it does not serve.
 */
export function createRelayFastPath(services: Services): (req: IncomingMessage, res: ServerResponse) => boolean {
  const maxBody = services.env.RELAY_MAX_BODY_MB * 1024 * 1024
  return (req, res) => {
    if (req.method !== 'POST') return false
    const url = req.url ?? '/'
    const query = url.indexOf('?')
    const endpoint = fastEndpoints[query === -1 ? url : url.slice(0, query)]
    if (!endpoint) return false
    void serve(services, endpoint, req, res, maxBody)
    return true
  }
}

async function serve(
  services: Services,
  endpoint: Endpoint,
  req: IncomingMessage,
  res: ServerResponse,
  maxBody: number
): Promise<void> {
  const startedMs = performance.now()
  const requestId = newRequestId()
  const language = pickLanguage(req.headers['accept-language'], services.env.DEFAULT_LANGUAGE)
  const clientIp = services.resolveClientIp(req.socket.remoteAddress, headerValue(req.headers['x-forwarded-for']))
  const abort = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) abort.abort()
  })
  try {
    // The key is checked before a byte of the body is read: a made-up key must not make the
    // server hold a 32 MiB body (the refusal discards it as it arrives, see refuseUnread).
    const caller = await authenticateToken(
      services.relay.tokens,
      apiKeyOf(req),
      clientIp,
      (key) => services.secrets.lookupHash(key),
      nowSeconds()
    ).catch((error: unknown) => {
      refuseUnread(req, res)
      throw error
    })
    const rawBody = await readBody(req, maxBody)
    const { traceparent, tracestate } = req.headers
    const result = await runRelay(services, {
      endpoint,
      rawBody,
      requestId,
      clientIp,
      language,
      startedMs,
      clientSignal: abort.signal,
      caller,
      traceparent: headerValue(traceparent),
      tracestate: headerValue(tracestate),
    })
    writeResult(result, res, requestId)
  } catch (error) {
    metricsOf(services).errorAnswered(endpoint, error)
    writeError(services, error, res, requestId, language)
  }
}

function writeResult(result: RelayResult, res: ServerResponse, requestId: string): void {
  if (result.kind === 'json') {
    // One object, written once with the body: no spreads per answer.
    res.writeHead(result.status, {
      'content-type': JSON_HEADERS['content-type'],
      'access-control-allow-origin': CORS['access-control-allow-origin'],
      [REQUEST_ID_HEADER]: requestId,
      'content-length': Buffer.byteLength(result.body),
    })
    res.end(result.body)
    return
  }
  if (result.kind === 'binary') {
    // Not produced by the endpoints served here (speech goes through Hono), but handled all the same.
    res.writeHead(result.status, { ...CORS, [REQUEST_ID_HEADER]: requestId, 'content-type': result.contentType })
    result.body.pipe(res)
    return
  }
  res.writeHead(200, {
    'content-type': SSE_HEADERS['content-type'],
    'cache-control': SSE_HEADERS['cache-control'],
    'x-accel-buffering': SSE_HEADERS['x-accel-buffering'],
    'access-control-allow-origin': CORS['access-control-allow-origin'],
    [REQUEST_ID_HEADER]: requestId,
  })
  const handle = result.pipe({
    write: (chunk) => void res.write(chunk),
    end: () => res.end(),
    ready: () => !res.writableNeedDrain,
    onDrain: (resume) => void res.once('drain', resume),
  })
  res.on('close', () => {
    if (!res.writableFinished) handle.cancel()
  })
}

function writeError(
  services: Services,
  error: unknown,
  res: ServerResponse,
  requestId: string,
  language: Language
): void {
  const mapped = toRelayError(error)
  if (mapped.internal)
    services.logger.error({ id: requestId, err: error instanceof Error ? error.stack : String(error) }, 'relay failed')
  const relayError = mapped.error
  if (res.headersSent) {
    res.end()
    return
  }
  const body = JSON.stringify(toOpenAIErrorBody(relayError, language, requestId))
  res.writeHead(relayError.status, {
    ...JSON_HEADERS,
    ...CORS,
    [REQUEST_ID_HEADER]: requestId,
    'content-length': Buffer.byteLength(body),
  })
  res.end(body)
}

/**
 * An unauthenticated body is never read: the answer says the connection closes, and node then
 * drops the rest of the upload instead of draining it to reuse the connection (the close lingers
 * a moment so the client reads the answer: lingering-close.ts).
 */
function refuseUnread(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete) return
  res.shouldKeepAlive = false
}

/** Reads the body up to `limit` bytes; a larger one is refused with 413 before it is all read. */
function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit) {
    req.resume()
    return Promise.reject(localError(413, 'request_too_large', 'request.too_large', undefined, 'invalid_request_error'))
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        req.destroy()
        reject(localError(413, 'request_too_large', 'request.too_large', undefined, 'invalid_request_error'))
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () =>
      resolve(chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8'))
    )
    req.on('error', reject)
  })
}

/** The same key places as readApiKey(), read from node's header object. */
function apiKeyOf(req: IncomingMessage): string {
  const authorization = headerValue(req.headers.authorization)
  if (authorization) return authorization.replace(/^Bearer\s+/i, '').trim()
  const fromHeaders = headerValue(req.headers['x-api-key']) ?? headerValue(req.headers['x-goog-api-key'])
  if (fromHeaders) return fromHeaders.trim()
  const query = (req.url ?? '').indexOf('?')
  const fromQuery = query === -1 ? null : new URLSearchParams((req.url ?? '').slice(query + 1)).get('key')
  return (fromQuery ?? headerValue(req.headers['mj-api-secret']) ?? '').trim()
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}
