import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockUpstream, type MockUpstream } from './mock-upstream.ts'
import { buildScenarios, prime, type Target } from './scenarios.ts'

let mock: MockUpstream

beforeAll(async () => {
  mock = await startMockUpstream({ chunks: 4 })
})
afterAll(async () => {
  await mock.stop()
})

const scenarios = buildScenarios('gpt-4o-mini', 4, 0)
const byId = (id: string) => scenarios.find((scenario) => scenario.id === id)!

/** A port nothing listens on: taken, then released. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as { port: number }
  await new Promise((done) => server.close(done))
  return port
}

describe('prime', () => {
  it('sends each scenario, stream and not, for the time asked, to the converted path when direct', async () => {
    const direct = (path: string): Target => ({ name: 'direct', url: `${mock.url}${path}`, apiKey: 'sk-mock' })
    for (const id of ['json', 'stream']) {
      const before = mock.hits()
      await prime(byId(id), direct('/v1/chat/completions'), 0.3)
      expect(mock.hits() - before).toBeGreaterThan(16)
    }
    const claude = byId('claude-stream')
    const before = mock.hits()
    await prime(claude, direct(claude.direct!.path), 0.3)
    expect(mock.hits() - before).toBeGreaterThan(16)
  })

  it('fails when the relay does not answer, so a broken relay is not measured as a warm one', async () => {
    const target: Target = {
      name: 'bare',
      url: `http://127.0.0.1:${await closedPort()}/v1/chat/completions`,
      apiKey: 'sk-mock',
    }
    await expect(prime(byId('json'), target, 0.2)).rejects.toThrow(/priming json through bare: \d+ errors, 0 answered/)
  })
})
