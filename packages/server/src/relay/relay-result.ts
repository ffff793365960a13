import { Readable } from 'node:stream'

/**
 * Where a relayed stream is written: node's ServerResponse on the fast path, a web
 * ReadableStream behind Hono. Backpressure is the sink's to report.
 */
export interface StreamSink {
  write(chunk: Buffer): void
  end(): void
  /** true while the client can take more without buffering */
  ready(): boolean
  /** calls `resume` once when the client can take more again */
  onDrain(resume: () => void): void
}

/** What the relay answers, before any HTTP framework turns it into a response. */
export type RelayResult =
  | { kind: 'json'; status: number; body: string }
  /** bytes passed through as the upstream sent them (generated speech) */
  | { kind: 'binary'; status: number; contentType: string; body: Readable }
  | {
      kind: 'sse'
      /** starts moving the stream into the sink; `cancel` is for a client that went away */
      pipe(sink: StreamSink): { cancel(): void }
    }

export const JSON_HEADERS = { 'content-type': 'application/json' } as const
export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
} as const

/** The web form, for Hono routes and app.request() in tests. */
export function toWebResponse(result: RelayResult): Response {
  if (result.kind === 'json') return new Response(result.body, { status: result.status, headers: JSON_HEADERS })
  if (result.kind === 'binary')
    return new Response(Readable.toWeb(result.body) as ReadableStream<Uint8Array>, {
      status: result.status,
      headers: { 'content-type': result.contentType },
    })
  let waiting: (() => void) | undefined
  let handle: { cancel(): void } | undefined
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      handle = result.pipe({
        write: (chunk) => controller.enqueue(chunk),
        end: () => controller.close(),
        ready: () => (controller.desiredSize ?? 1) > 0,
        onDrain: (resume) => {
          waiting = resume
        },
      })
    },
    pull() {
      const resume = waiting
      waiting = undefined
      resume?.()
    },
    cancel() {
      handle?.cancel()
    },
  })
  return new Response(body, { status: 200, headers: SSE_HEADERS })
}
