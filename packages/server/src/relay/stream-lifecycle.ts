import { RelayError } from './relay-error.ts'
import type { StreamSink } from './relay-result.ts'
import type { BodySource } from './upstream/upstream-body.ts'
import { upstreamTransportError } from './upstream/upstream-error.ts'

/** What a relayed stream does with its upstream's bytes; the lifecycle around it is shared. */
export interface StreamSteps {
  /** what one upstream chunk becomes for the client, pushed into `out`; throws when the stream is broken */
  chunk(chunk: Buffer, out: Buffer[]): void
  /** the upstream ended: whatever is left for the client */
  end(out: Buffer[]): void
  /** a failure inside the started stream, as the client's protocol writes it */
  errorFrame(error: RelayError): Buffer
  /** bills the exchange; `partial` when the stream did not complete */
  finish(partial: boolean): void
  /** after a normal end: the upstream said it failed inside the stream */
  endedWithError?(): boolean
}

/**
 * Moves an upstream stream into the client's sink: pauses the upstream while the client is
 * slower (backpressure), ends with an error frame when the upstream breaks, aborts the upstream
 * when the client leaves, and bills exactly once however it ends.
 */
export function relayStream(
  upstreamBody: BodySource,
  abortUpstream: () => void,
  sink: StreamSink,
  steps: StreamSteps
): { cancel(): void } {
  let ended = false
  const finish = (partial: boolean) => {
    if (ended) return
    ended = true
    steps.finish(partial)
  }
  const write = (out: Buffer[]) => {
    if (out.length > 0) sink.write(out.length === 1 ? (out[0] as Buffer) : Buffer.concat(out))
  }

  upstreamBody.on('data', (chunk: Buffer) => {
    const out: Buffer[] = []
    try {
      steps.chunk(chunk, out)
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
    const out: Buffer[] = []
    steps.end(out)
    write(out)
    finish(steps.endedWithError?.() ?? false)
    sink.end()
  })
  upstreamBody.on('error', (error: Error) => {
    if (ended) return
    const relayError = error instanceof RelayError ? error : upstreamTransportError(error)
    try {
      sink.write(steps.errorFrame(relayError))
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
