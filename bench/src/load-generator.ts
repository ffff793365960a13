import { Pool } from 'undici'

export interface LoadOptions {
  /** Callers, each with its own connection, sending the next request as soon as the last ended. */
  concurrency: number
  seconds: number
  method?: 'GET' | 'POST'
  body?: string
  headers?: Record<string, string>
  /**
   * The answer is an SSE stream: measure the time to first token and count a stream that does not
   * end with `data: [DONE]` as an error.
   */
  stream?: boolean
  /** What a complete stream ends with (default `data: [DONE]`; Anthropic's ends with message_stop). */
  endMarker?: string
}

export interface LoadResult {
  /** Requests answered successfully (2xx, and a complete stream when streaming). */
  requests: number
  errors: number
  seconds: number
  rps: number
  /** Latency to the last byte, in milliseconds. */
  p50: number
  p95: number
  p99: number
  /** Time to first token (first `data:` event with content), in milliseconds; 0 when not streaming. */
  ttftP50: number
  ttftP99: number
  /** Up to five distinct error descriptions, to say why errors happened. */
  errorSamples: string[]
}

const DONE_MARKER = 'data: [DONE]'
const ERROR_SAMPLE_LIMIT = 5

/**
 * Closed-loop load: `concurrency` callers each send the next request as soon as the previous one
 * answered (to its last byte), for `seconds`, over an undici Pool. Stops by itself: requests in
 * flight at the deadline finish, none starts after it, and none waits longer than 30 s.
 */
export async function runLoad(url: string, options: LoadOptions): Promise<LoadResult> {
  const target = new URL(url)
  const path = target.pathname + target.search
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST')
  const endMarker = options.endMarker ?? DONE_MARKER
  const pool = new Pool(target.origin, {
    connections: options.concurrency,
    pipelining: 1,
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  })
  const latencies: number[] = []
  const ttfts: number[] = []
  const errorSamples = new Set<string>()
  let errors = 0
  const fail = (description: string) => {
    errors++
    if (errorSamples.size < ERROR_SAMPLE_LIMIT) errorSamples.add(description)
  }
  const started = performance.now()
  const deadline = started + options.seconds * 1000

  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now()
      try {
        const response = await pool.request({ path, method, body: options.body, headers: options.headers })
        if (response.statusCode >= 400) {
          const text = await response.body.text()
          fail(`${response.statusCode} ${text.slice(0, 200)}`)
          continue
        }
        if (!options.stream) {
          for await (const _chunk of response.body);
          latencies.push(performance.now() - t0)
          continue
        }
        const watcher = new FirstTokenWatcher()
        let firstToken = 0
        let tail = ''
        for await (const chunk of response.body as AsyncIterable<Buffer>) {
          const text = chunk.toString('utf8')
          if (firstToken === 0 && watcher.push(text)) firstToken = performance.now() - t0
          tail = (tail + text).slice(-endMarker.length - 64)
        }
        if (!tail.includes(endMarker)) fail(`stream ended without ${endMarker}`)
        else if (firstToken === 0) fail('stream carried no content')
        else {
          latencies.push(performance.now() - t0)
          ttfts.push(firstToken)
        }
      } catch (error) {
        fail(error instanceof Error ? `${error.name}: ${error.message}` : String(error))
      }
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, worker))
  const seconds = (performance.now() - started) / 1000
  await pool.close()
  const latency = percentiles(latencies)
  const ttft = percentiles(ttfts)
  return {
    requests: latencies.length,
    errors,
    seconds: round(seconds),
    rps: Math.round(latencies.length / seconds),
    p50: latency(0.5),
    p95: latency(0.95),
    p99: latency(0.99),
    ttftP50: ttft(0.5),
    ttftP99: ttft(0.99),
    errorSamples: [...errorSamples],
  }
}

const round = (value: number) => Math.round(value * 100) / 100

/** Nearest-rank percentiles of a sample, in the sample's unit, rounded to 0.01. */
function percentiles(values: number[]): (q: number) => number {
  values.sort((a, b) => a - b)
  return (q) =>
    values.length === 0 ? 0 : round(values[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)] ?? 0)
}

/**
 * Finds the first SSE `data:` event carrying content (chat `delta.content`, a tool call delta or a
 * legacy completion's `text`), across chunk boundaries. Used only until it has found it.
 */
export class FirstTokenWatcher {
  #pending = ''

  /** Feeds the next piece of the stream; true once a token has been seen. */
  push(text: string): boolean {
    this.#pending += text
    let newline = this.#pending.indexOf('\n')
    while (newline !== -1) {
      const line = this.#pending.slice(0, newline).trim()
      this.#pending = this.#pending.slice(newline + 1)
      if (line.startsWith('data:') && hasToken(line.slice(5).trim())) return true
      newline = this.#pending.indexOf('\n')
    }
    return false
  }
}

function hasToken(data: string): boolean {
  if (data === '' || data === '[DONE]') return false
  let event: unknown
  try {
    event = JSON.parse(data)
  } catch {
    return false
  }
  // Anthropic's streams (the direct side of the converted scenario) carry text in text_delta events.
  const delta0 = (event as { delta?: { type?: unknown; text?: unknown } }).delta
  if (delta0?.type === 'text_delta' && typeof delta0.text === 'string' && delta0.text !== '') return true
  const choices = (event as { choices?: unknown }).choices
  const choice: unknown = Array.isArray(choices) ? choices[0] : undefined
  if (typeof choice !== 'object' || choice === null) return false
  const { delta, text } = choice as { delta?: { content?: unknown; tool_calls?: unknown }; text?: unknown }
  if (typeof text === 'string' && text !== '') return true
  return (typeof delta?.content === 'string' && delta.content !== '') || Array.isArray(delta?.tool_calls)
}
