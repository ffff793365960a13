import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { defaultMockBehavior, parseMockDirectives, splitDirectivePath, type MockBehavior } from './mock-behavior.ts'
import {
  AnswerCache,
  buildEmbeddingsAnswer,
  buildErrorBody,
  buildModelsAnswer,
  estimateTokens,
  splitArguments,
  type AnswerPlan,
  type MockUsage,
} from './mock-openai-bodies.ts'
import {
  chatPromptCharacters,
  chooseToolCall,
  completionPromptCharacters,
  embeddingInputs,
  requestedModel,
  wantsStream,
  wantsUsageChunk,
  type RequestBody,
} from './mock-openai-requests.ts'

export { formatMockDirectives, parseMockDirectives, type MockBehavior } from './mock-behavior.ts'

export interface MockUpstreamOptions extends Partial<MockBehavior> {
  /** Port to listen on (default 0: any free port); always on 127.0.0.1. */
  port?: number
  /** Ids listed by GET /v1/models. */
  models?: readonly string[]
}

/** One request as the mock saw it; `closedEarly` turns true if the client left before the end. */
export interface RecordedRequest {
  method: string
  /** The OpenAI path, without the `/_mock/…/` directive prefix or query. */
  path: string
  /** The path as received, with the directive prefix and query. */
  rawPath: string
  headers: IncomingHttpHeaders
  /** The parsed JSON body; undefined for an empty or unreadable one. */
  body: unknown
  /** The per-request directives (path prefix and `x-mock` header merged). */
  directives: Partial<MockBehavior>
  /** The status answered (0 until the headers are sent). */
  status: number
  /** The client closed the connection before the answer ended (an upstream abort). */
  closedEarly: boolean
  /** The mock cut the stream itself (`resetAfterChunks`). */
  cutByMock: boolean
  /** `performance.now()` when the request arrived. */
  receivedAt: number
}

export interface MockUpstream {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string
  port: number
  stop(): Promise<void>
  /** Requests received since start or the last reset, whatever their path. */
  hits(): number
  /** TCP connections accepted since start or the last reset (a client without keep-alive opens one per request). */
  connections(): number
  /** The last 1000 requests, oldest first. */
  requests: RecordedRequest[]
  /** Requests the client aborted before their answer ended. */
  closedEarly(): number
  /** Resolves once `count` requests in all were closed early; rejects after `timeoutMs`. */
  waitForClosedEarly(count?: number, timeoutMs?: number): Promise<void>
  /** Forgets hits, requests and closed-early events, and restores the start behaviour. */
  reset(): void
  /** Changes the default behaviour of later requests (directives still override it). */
  setBehavior(partial: Partial<MockBehavior>): void
  /** The current default behaviour. */
  behavior(): MockBehavior
}

const RECORD_LIMIT = 1000
const DEFAULT_MODELS = ['gpt-4o-mini', 'gpt-4o', 'gpt-3.5-turbo-instruct', 'text-embedding-3-small']
const JSON_TYPE = 'application/json'
const SSE_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' }
/** Only once per stream: a line no JSON parser accepts. */
const MALFORMED_EVENT = 'data: {not json\n\n'

/**
 * A mock OpenAI upstream on 127.0.0.1: chat completions (JSON and SSE, tool calls), legacy
 * completions, embeddings and the model list, with configurable latency, chunking, failures and
 * stream faults. It is the baseline of `npm run bench` and the upstream of the relay tests.
 *
 * @example
 * const mock = await startMockUpstream({ chunks: 5 })
 * // a channel whose every answer is a 429 with Retry-After: 2
 * const baseUrl = `${mock.url}/_mock/status=429,retryAfterSeconds=2`
 */
export async function startMockUpstream(options: MockUpstreamOptions = {}): Promise<MockUpstream> {
  const { port: wantedPort = 0, models = DEFAULT_MODELS, ...initial } = options
  const startBehavior: MockBehavior = { ...defaultMockBehavior, ...withoutUndefined(initial) }
  let current: MockBehavior = { ...startBehavior }
  let hitCount = 0
  let connectionCount = 0
  let closedEarlyCount = 0
  let closeWaiters: { count: number; done: () => void }[] = []
  const requests: RecordedRequest[] = []
  const cache = new AnswerCache()
  const modelsBody = buildModelsAnswer(models)

  const noteClosedEarly = () => {
    closedEarlyCount++
    closeWaiters = closeWaiters.filter((waiter) => {
      if (closedEarlyCount < waiter.count) return true
      waiter.done()
      return false
    })
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    hitCount++
    const rawPath = request.url ?? '/'
    const query = rawPath.indexOf('?')
    const split = splitDirectivePath(query === -1 ? rawPath : rawPath.slice(0, query))
    const record: RecordedRequest = {
      method: request.method ?? 'GET',
      path: split.path,
      rawPath,
      headers: request.headers,
      body: undefined,
      directives: {},
      status: 0,
      closedEarly: false,
      cutByMock: false,
      receivedAt: performance.now(),
    }
    requests.push(record)
    if (requests.length > RECORD_LIMIT) requests.shift()

    // Every wait of this request ends when its client goes away, so stop() never waits on a stall.
    const gone = new AbortController()
    response.on('close', () => {
      if (!response.writableFinished && !record.cutByMock) {
        record.closedEarly = true
        noteClosedEarly()
      }
      gone.abort()
    })

    const text = await readBody(request)
    try {
      const header = request.headers['x-mock']
      record.directives = {
        ...parseMockDirectives(split.directives),
        ...parseMockDirectives(Array.isArray(header) ? header.join(',') : (header ?? '')),
      }
    } catch (error) {
      sendError(response, record, 400, {
        message: error instanceof Error ? error.message : String(error),
        type: 'invalid_request_error',
        code: 'mock_directive',
      })
      return
    }
    if (text.length > 0) {
      try {
        record.body = JSON.parse(text)
      } catch {
        sendError(response, record, 400, { message: 'We could not parse the JSON body of your request.' })
        return
      }
    }
    const behavior: MockBehavior =
      Object.keys(record.directives).length === 0 ? current : { ...current, ...record.directives }
    const route = `${record.method} ${split.path}`
    const known =
      route === 'POST /v1/chat/completions' ||
      route === 'POST /v1/completions' ||
      route === 'POST /v1/embeddings' ||
      route === 'GET /v1/models' ||
      route === 'POST /v1/messages'
    if (!known) {
      sendError(response, record, 404, { message: `Unknown request URL: ${route}.`, code: 'unknown_url' })
      return
    }

    const failStatus =
      (behavior.status >= 400 ? behavior.status : 0) ||
      (behavior.failRate > 0 && Math.random() < behavior.failRate ? behavior.failStatus : 0)
    if (behavior.latencyMs > 0 && !(await pause(behavior.latencyMs, gone.signal))) return
    if (failStatus) {
      sendError(
        response,
        record,
        failStatus,
        { message: behavior.errorMessage, type: behavior.errorType, code: behavior.errorCode },
        behavior.retryAfterSeconds
      )
      return
    }
    const body: RequestBody = isRecordBody(record.body) ? record.body : {}
    if (route === 'GET /v1/models') return sendJson(response, record, modelsBody, 0, gone.signal)
    if (route === 'POST /v1/embeddings') {
      const inputs = embeddingInputs(body)
      const dimension = typeof body.dimensions === 'number' ? body.dimensions : behavior.embeddingDimension
      const usage = behavior.omitUsage ? undefined : usageOf(behavior, estimateTokens(inputs.characters), 0)
      const answer = buildEmbeddingsAnswer(
        requestedModel(body, 'text-embedding-3-small'),
        Math.max(1, inputs.count),
        dimension,
        body.encoding_format === 'base64',
        usage
      )
      return sendJson(response, record, answer, behavior.stallAfterHeadersMs, gone.signal)
    }

    if (route === 'POST /v1/messages') {
      // Anthropic's Messages API, for the converted-stream bench and the Claude relay tests.
      const pieces = Math.max(1, Math.floor(behavior.chunks))
      const plan: AnswerPlan = {
        kind: 'chat',
        model: requestedModel(body, 'claude-mock'),
        pieces,
        includeUsage: true,
        usage: usageOf(behavior, estimateTokens(chatPromptCharacters(body)), pieces),
        toolCall: undefined,
      }
      if (!wantsStream(body))
        return sendJson(response, record, cache.anthropicJson(plan), behavior.stallAfterHeadersMs, gone.signal)
      return sendStream(response, record, cache.anthropicStream(plan), behavior, gone.signal)
    }
    const chat = route === 'POST /v1/chat/completions'
    const toolCall = chat ? chooseToolCall(body, behavior.toolCall) : undefined
    const pieces = Math.max(1, Math.floor(behavior.chunks))
    const completionPieces = toolCall ? splitArguments(toolCall.arguments, pieces).length : pieces
    const promptTokens = estimateTokens(chat ? chatPromptCharacters(body) : completionPromptCharacters(body))
    const plan: AnswerPlan = {
      kind: chat ? 'chat' : 'completion',
      model: requestedModel(body, chat ? 'gpt-4o-mini' : 'gpt-3.5-turbo-instruct'),
      pieces,
      includeUsage: wantsUsageChunk(body),
      usage: behavior.omitUsage ? undefined : usageOf(behavior, promptTokens, completionPieces),
      toolCall,
    }
    if (!wantsStream(body))
      return sendJson(response, record, cache.json(plan), behavior.stallAfterHeadersMs, gone.signal)
    return sendStream(response, record, cache.stream(plan), behavior, gone.signal)
  }

  const server = createServer((request, response) => {
    // Counters for a process that holds the mock in another one (the bench); neither a hit nor recorded.
    if (request.url === '/_mock/stats') {
      response.writeHead(200, { 'content-type': JSON_TYPE })
      response.end(JSON.stringify({ hits: hitCount, connections: connectionCount, closedEarly: closedEarlyCount }))
      return
    }
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendError(response, undefined, 500, { message: `mock failure: ${String(error)}` })
      else response.destroy()
    })
  })
  server.on('connection', () => connectionCount++)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(wantedPort, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    hits: () => hitCount,
    connections: () => connectionCount,
    closedEarly: () => closedEarlyCount,
    waitForClosedEarly: (count = 1, timeoutMs = 2000) =>
      new Promise<void>((resolve, reject) => {
        if (closedEarlyCount >= count) return resolve()
        const timer = setTimeout(
          () =>
            reject(
              new Error(`mock upstream: ${closedEarlyCount} of ${count} requests closed early after ${timeoutMs} ms`)
            ),
          timeoutMs
        )
        closeWaiters.push({ count, done: () => (clearTimeout(timer), resolve()) })
      }),
    reset: () => {
      hitCount = 0
      connectionCount = 0
      closedEarlyCount = 0
      requests.length = 0
      current = { ...startBehavior }
    },
    setBehavior: (partial) => {
      current = { ...current, ...withoutUndefined(partial) }
    },
    behavior: () => ({ ...current }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

const isRecordBody = (value: unknown): value is RequestBody =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>
}

function usageOf(behavior: MockBehavior, promptTokens: number, completionTokens: number): MockUsage {
  const prompt = behavior.promptTokens ?? promptTokens
  const completion = behavior.completionTokens ?? completionTokens
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () =>
      resolve(chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8'))
    )
    // An aborted upload: answer nothing (the response is destroyed), the 'close' listener has recorded it.
    request.on('error', () => resolve(''))
    request.on('close', () => resolve(''))
  })
}

/** Waits, or returns false at once when the client went away meanwhile. */
async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false
  try {
    await sleep(ms, undefined, { signal })
    return true
  } catch {
    return false
  }
}

function sendError(
  response: ServerResponse,
  record: RecordedRequest | undefined,
  status: number,
  parts: { message?: string | undefined; type?: string | undefined; code?: string | undefined },
  retryAfterSeconds?: number
): void {
  if (response.destroyed) return
  const body = buildErrorBody(status, parts)
  const headers: Record<string, string | number> = {
    'content-type': JSON_TYPE,
    'content-length': Buffer.byteLength(body),
  }
  if (retryAfterSeconds !== undefined) headers['retry-after'] = retryAfterSeconds
  if (record) record.status = status
  response.writeHead(status, headers)
  response.end(body)
}

async function sendJson(
  response: ServerResponse,
  record: RecordedRequest,
  body: string,
  stallMs: number,
  signal: AbortSignal
): Promise<void> {
  if (response.destroyed) return
  record.status = 200
  response.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) })
  if (stallMs > 0) {
    response.flushHeaders()
    if (!(await pause(stallMs, signal))) return
  }
  response.end(body)
}

async function sendStream(
  response: ServerResponse,
  record: RecordedRequest,
  answer: { events: string[]; joined: string },
  behavior: MockBehavior,
  signal: AbortSignal
): Promise<void> {
  if (response.destroyed) return
  record.status = 200
  response.writeHead(200, SSE_HEADERS)
  if (behavior.stallAfterHeadersMs > 0) {
    response.flushHeaders()
    if (!(await pause(behavior.stallAfterHeadersMs, signal))) return
  }
  const cutAfter = Math.max(0, Math.floor(behavior.resetAfterChunks))
  if (behavior.chunkDelayMs <= 0 && cutAfter === 0 && !behavior.malformedChunk) {
    response.end(answer.joined)
    return
  }
  const events = behavior.malformedChunk
    ? [answer.events[0] ?? '', MALFORMED_EVENT, ...answer.events.slice(1)]
    : answer.events
  // Plain timers and callbacks, not an awaited abortable sleep per chunk: paced streams are the
  // mock's hot path, and a client gone meanwhile is seen as a destroyed response.
  await new Promise<void>((resolve) => {
    let index = 0
    const writeNext = () => {
      if (response.destroyed) return resolve()
      const event = events[index] ?? ''
      index++
      if (index === cutAfter) {
        // Cut only once the last allowed chunk has reached the socket, so the client does see it.
        response.write(event, () => {
          record.cutByMock = true
          response.socket?.destroy()
          resolve()
        })
        return
      }
      if (index === events.length) {
        response.end(event)
        return resolve()
      }
      response.write(event)
      if (behavior.chunkDelayMs > 0) setTimeout(writeNext, behavior.chunkDelayMs)
      else writeNext()
    }
    writeNext()
  })
}
