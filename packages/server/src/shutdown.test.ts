import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { setTimeout as sleep } from 'node:timers/promises'
import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import { Agent, request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setupRoot, type ProcessConsole } from '../test/process-console.ts'
import { openRawConnection, rawRequest, type RawConnection } from '../test/raw-http.ts'
import { startServerProcess, type ServerProcess } from '../test/server-process.ts'

/** Streams of 20 chunks 75 ms apart: about 1.5 s in flight, long enough to signal in the middle. */
const SLOW_STREAM = '_mock/chunks=20,chunkDelayMs=75'
/** A JSON answer whose headers come 1.2 s late: in flight at the signal, headers not yet sent. */
const SLOW_JSON = '_mock/latencyMs=1200'
const AGENT_STREAMS = 4
const RAW_STREAMS = 2
const IN_FLIGHT = AGENT_STREAMS + RAW_STREAMS + 1

type Outcome = { status: number; connection: string | undefined; body: string } | { error: string }

describe('SIGTERM on a real process', () => {
  let dir: string
  let mock: MockUpstream
  let server: ServerProcess
  let root: ProcessConsole
  let key: string

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gateway-shutdown-'))
    mock = await startMockUpstream()
    server = await startServerProcess({ SQLITE_PATH: join(dir, 'gateway.db'), GLOBAL_API_RATE_LIMIT_ENABLE: 'false' })
    root = await setupRoot(server.url)
    await root.addChannel(`${mock.url}/${SLOW_STREAM}`, 'gpt-4o-mini')
    await root.addChannel(`${mock.url}/${SLOW_JSON}`, 'gpt-4o')
    key = await root.addToken()
  })

  afterAll(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) await server.kill9()
    await mock?.stop()
    await rm(dir, { recursive: true, force: true })
  })

  it(
    'refuses new requests at once, lets the ones in flight finish, bills them all and exits right after the last',
    { timeout: 30_000 },
    async () => {
      const startQuota = (await root.api<{ quota: number }>('GET', '/api/user/self')).quota
      const auth = { authorization: `Bearer ${key}` }
      const chat = (model: string, stream: boolean) =>
        JSON.stringify({ model, stream, messages: [{ role: 'user', content: 'hi' }] })
      // Two requests per connection, so GETs fired after the signal go on the connections the streams keep open.
      const agent = new Agent({ connections: 32, pipelining: 2 })
      const send = async (
        method: 'GET' | 'POST',
        path: string,
        body?: string,
        dispatcher: Agent = agent
      ): Promise<Outcome & { endedAt: number }> => {
        try {
          const response = await request(`${server.url}${path}`, {
            method,
            dispatcher,
            headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
            body,
            signal: AbortSignal.timeout(10_000),
          })
          const text = await response.body.text()
          return {
            status: response.statusCode,
            connection: header(response.headers.connection),
            body: text,
            endedAt: performance.now(),
          }
        } catch (error) {
          return { error: errorCode(error), endedAt: performance.now() }
        }
      }

      // In flight at the signal: streams on the agent, a JSON answer still waiting for its headers,
      // and streams on raw connections that will carry one more request after the signal.
      const streams = Array.from({ length: AGENT_STREAMS }, () =>
        send('POST', '/v1/chat/completions', chat('gpt-4o-mini', true))
      )
      const slowJson = send('POST', '/v1/chat/completions', chat('gpt-4o', false))
      const raws: RawConnection[] = []
      for (let i = 0; i < RAW_STREAMS; i++) {
        const raw = await openRawConnection(server.port)
        raw.send(rawRequest('POST', '/v1/chat/completions', auth, JSON.parse(chat('gpt-4o-mini', true))))
        raws.push(raw)
      }
      await expect.poll(() => mock.hits(), { timeout: 5000 }).toBe(IN_FLIGHT)
      // Part of the scenario: the streams are under way (chunks flowing), not just accepted, when the signal comes.
      await sleep(200)

      server.child.kill('SIGTERM')
      // Only what is sent once the process has acted on the signal must be refused (main.ts logs this
      // line in the same tick as it closes the listener and the gate).
      await expect.poll(() => server.output().includes('"msg":"shutting down"'), { timeout: 3000 }).toBe(true)
      const [relayRaw, consoleRaw] = raws as [RawConnection, RawConnection]
      relayRaw.send(
        rawRequest(
          'POST',
          '/v1/chat/completions',
          { ...auth, 'accept-language': 'en-US,en;q=0.9' },
          JSON.parse(chat('gpt-4o-mini', false))
        )
      )
      consoleRaw.send(rawRequest('GET', '/api/status', { 'accept-language': 'zh-CN' }))

      // Until the in-flight answers are all out: new requests on the agent's open connections and on new ones.
      const inFlight = Promise.all([...streams, slowJson])
      let answered = false
      void inFlight.then(() => (answered = true))
      const late: Array<Promise<Outcome>> = []
      const freshAgents: Agent[] = []
      const barrageStarted = performance.now()
      while (!answered && performance.now() - barrageStarted < 5000) {
        const fresh = new Agent({ connections: 1 })
        freshAgents.push(fresh)
        late.push(
          send('GET', '/v1/models'),
          send('GET', '/api/status'),
          send('POST', '/v1/chat/completions', chat('gpt-4o-mini', false)),
          send('POST', '/v1/chat/completions', chat('gpt-4o-mini', false), fresh)
        )
        await sleep(20)
      }

      const answers = await inFlight
      await Promise.all(raws.map((raw) => Promise.race([raw.closed, sleep(5000)])))
      const lastAnswerAt = Math.max(
        ...answers.map((a) => a.endedAt),
        ...raws.map((raw) => raw.responses[0]?.receivedAt ?? Infinity)
      )
      const code = await Promise.race([server.exited, sleep(5000).then(() => 'still running')])
      const exitedAt = performance.now()
      const outcomes = await Promise.all(late)

      // Every request in flight completed, in full.
      for (const answer of answers.slice(0, AGENT_STREAMS)) {
        expect(answer).toMatchObject({ status: 200 })
        expect('body' in answer && answer.body.trimEnd().endsWith('data: [DONE]')).toBe(true)
      }
      const json = answers[AGENT_STREAMS] as { status: number; connection: string | undefined; body: string }
      expect(json.status).toBe(200)
      expect(JSON.parse(json.body).choices[0].message.content.length).toBeGreaterThan(0)
      // Its headers were written after the signal: the client is told not to reuse the connection.
      expect(json.connection).toBe('close')
      for (const raw of raws) {
        expect(raw.responses[0]?.status).toBe(200)
        expect(raw.responses[0]?.body.trimEnd().endsWith('data: [DONE]')).toBe(true)
      }

      // Requests that came on a connection opened before the signal: 503, Connection: close, in the surface's shape and language.
      const relayRefusal = relayRaw.responses[1]
      expect(relayRefusal).toMatchObject({ status: 503, headers: { connection: 'close' } })
      expect(JSON.parse(relayRefusal?.body ?? '')).toMatchObject({
        error: {
          type: 'new_api_error',
          code: 'server_shutting_down',
          message: expect.stringContaining('shutting down'),
        },
      })
      const consoleRefusal = consoleRaw.responses[1]
      expect(consoleRefusal).toMatchObject({ status: 503, headers: { connection: 'close' } })
      expect(JSON.parse(consoleRefusal?.body ?? '')).toMatchObject({
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        message: expect.stringContaining('服务器正在关闭'),
      })
      expect(relayRaw.responses).toHaveLength(2)
      expect(consoleRaw.responses).toHaveLength(2)

      // None of the late requests was served: a 503 that closes the connection, or no connection at all.
      const served = outcomes.filter((o) => 'status' in o && o.status !== 503)
      expect(served).toEqual([])
      for (const o of outcomes) if ('status' in o) expect(o.connection).toBe('close')
      const failures: Record<string, number> = {}
      for (const o of outcomes) if ('error' in o) failures[o.error] = (failures[o.error] ?? 0) + 1
      const refused503 = outcomes.filter((o) => 'status' in o).length
      console.info(
        `shutdown: ${outcomes.length} requests after the signal: ${refused503} answered 503, the others failed ${JSON.stringify(failures)}; exit ${Math.round(exitedAt - lastAnswerAt)} ms after the last answer`
      )

      // Exit 0, within a second of the last answer rather than at the end of the 30 s grace.
      expect(code).toBe(0)
      expect(exitedAt - lastAnswerAt).toBeLessThan(1000)
      expect(server.output()).not.toContain('shutdown failed')

      // Every completed request has its log row, and the user paid exactly what the rows say.
      const db = new DatabaseSync(join(dir, 'gateway.db'), { readOnly: true })
      try {
        const logs = db.prepare('SELECT quota FROM logs WHERE type = 2').all() as Array<{ quota: number }>
        expect(logs).toHaveLength(IN_FLIGHT)
        expect(logs.every((log) => Number(log.quota) > 0)).toBe(true)
        const quota = Number(
          (db.prepare('SELECT quota FROM users WHERE id = ?').get(root.userId) as { quota: number }).quota
        )
        expect(quota).toBe(startQuota - logs.reduce((sum, log) => sum + Number(log.quota), 0))
      } finally {
        db.close()
      }
      await Promise.all([agent, ...freshAgents].map((a) => a.destroy().catch(() => undefined)))
    }
  )
})

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

/** The code of a failed request (ECONNREFUSED, UND_ERR_SOCKET, ...), for the report. */
function errorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause
  return cause?.code ?? (error as { code?: string }).code ?? String(error)
}
