import { EventEmitter } from 'node:events'
import { Counter, Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { readEnv } from '../env.ts'
import { createLogger } from '../lib/logger.ts'
import { CHANNEL_RUN_METHODS, type ChannelRunBook } from '../services/channels/channel-run-board.ts'
import type { CodeBook } from '../services/verification/verification-codes.ts'
import type { MessagePort } from './cluster-messages.ts'
import { HOSTED } from './hosted-names.ts'
import { HostedState } from './hosted-state.ts'
import { PrimaryHub } from './primary-hub.ts'
import { remote, WorkerLink } from './worker-link.ts'

/** Two ends of an IPC channel in one process; messages are copied and arrive later, as over a pipe. */
function channel(): [MessagePort, MessagePort] {
  const left = new EventEmitter()
  const right = new EventEmitter()
  const end = (self: EventEmitter, other: EventEmitter): MessagePort => ({
    send: (message, callback) => {
      const copy = structuredClone(message)
      setImmediate(() => other.emit('message', copy))
      callback(null)
    },
    on: (event, listener) => self.on(event, listener),
  })
  return [end(left, right), end(right, left)]
}

/** A primary with `count` workers attached; answers the workers' links. */
function cluster(count: number, env: Record<string, string> = {}) {
  const state = new HostedState(readEnv({ SQLITE_PATH: ':memory:', ...env }))
  const hub = new PrimaryHub(state, createLogger('silent'))
  const ready: number[] = []
  const links = Array.from({ length: count }, () => {
    const [primarySide, workerSide] = channel()
    hub.attach(primarySide, (port) => ready.push(port))
    return new WorkerLink(workerSide)
  })
  return { hub, state, links, ready }
}

const nextTurn = () => new Promise((done) => setTimeout(done, 5))

describe('the cluster primary', () => {
  it('passes a change to every other worker, not back to the one that made it', async () => {
    const { links } = cluster(3)
    const heard: string[][] = links.map(() => [])
    links.forEach((link, i) => link.onChange((change) => heard[i]!.push(change.kind)))
    links[0]!.announce({ kind: 'channels' })
    links[2]!.announce({ kind: 'setup' })
    await nextTurn()
    expect(heard).toEqual([['setup'], ['channels', 'setup'], ['channels']])
  })

  it('hears each worker say it listens', async () => {
    const { links, ready } = cluster(2)
    links[1]!.ready(4100)
    await nextTurn()
    expect(ready).toEqual([4100])
  })

  it('counts one rate limit for all workers: N workers allow what one process allows', async () => {
    const { links } = cluster(2, { CRITICAL_RATE_LIMIT: '3', CRITICAL_RATE_LIMIT_DURATION: '60' })
    const answers: boolean[] = []
    for (let i = 0; i < 6; i++)
      answers.push(await links[i % 2]!.call<boolean>('limiter:critical', 'hit', ['203.0.113.9']))
    expect(answers).toEqual([true, true, true, false, false, false])
    expect(await links[0]!.call('limiter:critical', 'isBlocked', ['203.0.113.9'])).toBe(true)
    await links[1]!.call('limiter:critical', 'reset', ['203.0.113.9'])
    expect(await links[0]!.call('limiter:critical', 'hit', ['203.0.113.9'])).toBe(true)
  })

  it('keeps one-time codes for all workers: issued by one, used once by another', async () => {
    const { links } = cluster(2)
    const [a, b] = links.map((link) => remote<CodeBook>(link, HOSTED.codes, ['issue', 'consume']))
    const code = await a!.issue('register', 'ann@example.com')
    expect(code).toMatch(/^\d{6}$/)
    expect(await b!.consume('register', 'ann@example.com', code)).toBe(true)
    expect(await a!.consume('register', 'ann@example.com', code)).toBe(false)
  })

  it('lets a once-only key be claimed once across workers', async () => {
    const { links } = cluster(2)
    const claims = await Promise.all(
      links.flatMap((link) => [link, link]).map((link) => link.call<boolean>(HOSTED.once, 'claim', ['state:x', 60_000]))
    )
    expect(claims.filter(Boolean)).toHaveLength(1)
  })

  it('keeps the turns of a multi-key channel for all workers: requests on either take the keys in turn', async () => {
    const { links } = cluster(2)
    const taken: number[] = []
    for (const link of [links[0], links[0], links[1], links[0], links[1], links[1]])
      taken.push(await link!.call<number>(HOSTED.keyTurns, 'take', [7, 3, [0, 1, 2], 0]))
    expect(taken).toEqual([0, 1, 2, 0, 1, 2])
  })

  it('shares the board of fleet runs: one run per machine, its progress read alike on every worker', async () => {
    const { state, links } = cluster(2)
    const [a, b] = links.map((link) => remote<ChannelRunBook>(link, HOSTED.channelRuns, CHANNEL_RUN_METHODS))
    const run = await a!.begin('test', 3, 1001)
    expect(run).toBeTypeOf('number')
    expect(await b!.begin('test', 3, 1002)).toBeUndefined()
    await a!.advance('test', run!, false)
    expect(await b!.progress('test')).toMatchObject({ running: true, done: 1, total: 3, failed: 1 })
    // The worker doing the run dies: the primary ends it, and the other worker may start one.
    state.workerGone(1001)
    expect(await b!.progress('test')).toMatchObject({ running: false, done: 1 })
    expect(await b!.begin('test', 2, 1002)).toBeTypeOf('number')
  })

  it("answers a scrape on any worker with every worker's counters summed", async () => {
    const { links } = cluster(3)
    // Each worker its own registry, as each worker process has its own counters.
    const counted = [5, 7, 11]
    links.forEach((link, i) => {
      const registry = new Registry()
      const requests = new Counter({ name: 'requests_total', help: 'h', labelNames: ['status'], registers: [registry] })
      requests.inc({ status: '200' }, counted[i])
      if (i === 2) requests.inc({ status: '502' }, 1)
      link.answerMetrics(() => registry.getMetricsAsJSON())
    })
    for (const link of links) {
      const text = await link.clusterMetrics()
      expect(text).toContain('requests_total{status="200"} 23')
      expect(text).toContain('requests_total{status="502"} 1')
    }
  })

  it('answers a scrape without a worker that does not answer in time', async () => {
    const { links } = cluster(2)
    const registry = new Registry()
    new Counter({ name: 'requests_total', help: 'h', registers: [registry] }).inc(3)
    links[0]!.answerMetrics(() => registry.getMetricsAsJSON())
    links[1]!.answerMetrics(() => new Promise(() => undefined))
    expect(await links[0]!.clusterMetrics()).toContain('requests_total 3')
  })

  it('refuses what it does not host, and the caller hears why', async () => {
    const { links } = cluster(1)
    await expect(links[0]!.call(HOSTED.codes, 'constructor', [])).rejects.toThrow(
      'no hosted verification-codes.constructor'
    )
    await expect(links[0]!.call('limiter:search', 'hit', ['u1'])).resolves.toBe(true)
    await expect(links[0]!.call('nothing', 'hit', [])).rejects.toThrow('no hosted nothing.hit')
  })
})
