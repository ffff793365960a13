import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startBareRelay, type BareRelay } from './bare-relay.ts'
import { startMockUpstream, type MockUpstream } from './mock-upstream.ts'

let mock: MockUpstream
let relay: BareRelay
let relayUrl: string

beforeAll(async () => {
  mock = await startMockUpstream({ chunks: 4 })
  relay = await startBareRelay(mock.url)
  relayUrl = `http://127.0.0.1:${relay.port}`
})
afterAll(async () => {
  await relay.stop()
  await mock.stop()
})
beforeEach(() => {
  mock.reset()
})

const body = (stream: boolean) =>
  JSON.stringify({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'hi' }],
    stream,
    ...(stream ? { stream_options: { include_usage: true } } : {}),
  })

async function call(base: string, stream: boolean): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-mock', connection: 'keep-alive' },
    body: body(stream),
  })
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() }
}

describe('bare relay (the bench yardstick)', () => {
  it('answers a non-stream call byte for byte as the upstream does', async () => {
    const direct = await call(mock.url, false)
    const relayed = await call(relayUrl, false)
    expect(relayed).toEqual(direct)
    expect(relayed.status).toBe(200)
  })

  it('passes a stream through whole, with its usage chunk and [DONE]', async () => {
    const direct = await call(mock.url, true)
    const relayed = await call(relayUrl, true)
    expect(relayed).toEqual(direct)
    expect(relayed.text).toContain('"usage"')
    expect(relayed.text.trimEnd().endsWith('data: [DONE]')).toBe(true)
  })

  it('forwards the method, path, body and end-to-end headers, not the hop-by-hop ones', async () => {
    await call(relayUrl, false)
    const [received] = mock.requests
    expect(received?.method).toBe('POST')
    expect(received?.path).toBe('/v1/chat/completions')
    expect(received?.headers.authorization).toBe('Bearer sk-mock')
    expect(received?.body).toEqual(JSON.parse(body(false)))
    expect(received?.headers.host).toBe(`127.0.0.1:${mock.port}`)
  })

  it('keeps its upstream connections alive across calls', async () => {
    for (let i = 0; i < 5; i++) await call(relayUrl, false)
    expect(mock.hits()).toBe(5)
    expect(mock.connections()).toBeLessThanOrEqual(1)
  })

  it('answers 502 when the upstream cannot be reached', async () => {
    const dead = await startBareRelay('http://127.0.0.1:9')
    try {
      const answer = await call(`http://127.0.0.1:${dead.port}`, false)
      expect(answer.status).toBe(502)
      expect(answer.text).toMatch(/^bare relay: /)
    } finally {
      await dead.stop()
    }
  })
})
