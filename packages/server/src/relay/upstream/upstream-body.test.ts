import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { toReadable, UpstreamBody, type BodyFlow } from './upstream-body.ts'

function flowSpy() {
  const calls: string[] = []
  const aborts: Error[] = []
  const flow: BodyFlow = {
    pause: () => void calls.push('pause'),
    resume: () => void calls.push('resume'),
    abort: (reason) => void aborts.push(reason),
  }
  return { flow, calls, aborts }
}

const tick = () => new Promise((done) => setImmediate(done))

/** What a body delivers to listeners added in one turn, the way readBounded adds them. */
function record(body: UpstreamBody) {
  const seen: string[] = []
  body.on('data', (chunk) => void seen.push(`data:${chunk.toString()}`))
  body.on('end', () => void seen.push('end'))
  body.on('error', (error) => void seen.push(`error:${error.message}`))
  body.on('close', () => void seen.push('close'))
  return seen
}

describe('UpstreamBody', () => {
  it('keeps what came before anyone listened, and delivers it with the end to listeners added in the same turn', async () => {
    const body = new UpstreamBody(flowSpy().flow)
    body.push(Buffer.from('a'))
    body.push(Buffer.from('b'))
    body.end()
    const seen = record(body)
    expect(seen).toEqual([])
    await tick()
    expect(seen).toEqual(['data:a', 'data:b', 'end', 'close'])
  })

  it('passes chunks straight to listeners once it flows', async () => {
    const body = new UpstreamBody(flowSpy().flow)
    const seen = record(body)
    await tick()
    body.push(Buffer.from('x'))
    expect(seen).toEqual(['data:x'])
    body.end()
    expect(seen).toEqual(['data:x', 'end', 'close'])
  })

  it('holds chunks and the end while paused, and asks the connection to pause and resume', async () => {
    const { flow, calls } = flowSpy()
    const body = new UpstreamBody(flow)
    const seen = record(body)
    await tick()
    body.pause()
    body.push(Buffer.from('1'))
    body.end()
    await tick()
    expect(seen).toEqual([])
    body.resume()
    await tick()
    expect(seen).toEqual(['data:1', 'end', 'close'])
    expect(calls).toEqual(['pause', 'resume'])
  })

  it('aborts the request once when destroyed mid-answer, telling its error once', async () => {
    const { flow, aborts } = flowSpy()
    const body = new UpstreamBody(flow)
    const seen = record(body)
    await tick()
    const boom = new Error('too large')
    // The connection reports the abort back, as undici does.
    flow.abort = (reason) => {
      aborts.push(reason)
      body.fail(reason)
    }
    body.destroy(boom)
    body.destroy(new Error('again'))
    expect(aborts).toEqual([boom])
    expect(seen).toEqual(['error:too large', 'close'])
  })

  it('does not abort an answer that already ended', async () => {
    const { flow, aborts } = flowSpy()
    const body = new UpstreamBody(flow)
    body.push(Buffer.from('z'))
    body.end()
    body.destroy()
    expect(aborts).toEqual([])
  })

  it('tells a connection failure, and nothing after it', async () => {
    const body = new UpstreamBody(flowSpy().flow)
    const seen = record(body)
    await tick()
    body.push(Buffer.from('p'))
    body.fail(new Error('socket hang up'))
    body.push(Buffer.from('late'))
    body.end()
    expect(seen).toEqual(['data:p', 'error:socket hang up', 'close'])
  })
})

describe('toReadable', () => {
  it('turns a body into a node Readable with the same bytes', async () => {
    const body = new UpstreamBody(flowSpy().flow)
    const readable = toReadable(body)
    body.push(Buffer.from('he'))
    body.push(Buffer.from('llo'))
    body.end()
    const chunks: Buffer[] = []
    for await (const chunk of readable) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).toString()).toBe('hello')
  })

  it('passes a failure on as the Readable error', async () => {
    const body = new UpstreamBody(flowSpy().flow)
    const readable = toReadable(body)
    const failed = new Promise<Error>((done) => readable.on('error', done))
    await tick()
    body.fail(new Error('reset'))
    expect((await failed).message).toBe('reset')
  })

  it('answers a Readable as it is', () => {
    const readable = Readable.from(['a'])
    expect(toReadable(readable)).toBe(readable)
  })
})
