import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeResolver, interceptDials, startListener, type Listener } from '../../../test/kits/outbound.ts'
import { buildSsrfCorpus, corpusDns } from '../../../test/kits/ssrf-corpus.ts'
import { createOutboundPolicy, userPorts, type OutboundPolicy } from './address-policy.ts'
import { createGuardedDispatcher } from './guarded-dispatcher.ts'
import { guardedFetch } from './guarded-fetch.ts'
import { findOutboundBlockedError, OutboundBlockedError } from './outbound-errors.ts'
import { checkOutboundUrl } from './url-check.ts'

let listener: Listener
let intercept: ReturnType<typeof interceptDials>
let corpus: ReturnType<typeof buildSsrfCorpus>

beforeAll(async () => {
  listener = await startListener()
  intercept = interceptDials()
  corpus = buildSsrfCorpus(listener.port)
})

afterAll(async () => {
  intercept.restore()
  await listener.close()
})

/** Every way a URL can be sent: the full guarded fetch, and the bare dispatcher the relay uses. */
async function expectRefusedEverywhere(url: string, policy: OutboundPolicy): Promise<void> {
  const dispatcher = createGuardedDispatcher(policy, { resolver: fakeResolver(corpusDns) })
  try {
    const viaFetch = await guardedFetch(url, {}, { policy, dispatcher }).then(
      () => undefined,
      (error: unknown) => error
    )
    expect(viaFetch, url).toBeInstanceOf(OutboundBlockedError)
    expect((viaFetch as Error).message).not.toMatch(/refused|timed? ?out|reachable|ECONN|127\.|169\.254|localhost/i)
    if (/^https?:/i.test(url) && URL.canParse(url)) {
      const viaDispatcher = await request(url, { dispatcher }).then(
        () => undefined,
        (error: unknown) => error
      )
      expect(findOutboundBlockedError(viaDispatcher), `${url} (dispatcher only)`).toBeInstanceOf(OutboundBlockedError)
    }
  } finally {
    await dispatcher.close()
  }
}

describe('SSRF corpus', () => {
  it('has at least 200 distinct bypass URLs', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200)
    expect(corpus.filter((entry) => entry.metadata).length).toBeGreaterThanOrEqual(50)
  })

  it('WHATWG parsing turns the numeric spellings into the address they mean', () => {
    for (const host of [
      '2130706433',
      '0x7f.1',
      '017700000001',
      '127.1',
      '0x7F000001',
      '0177.0.0.01',
      '127.0.0.1.',
      '%31%32%37.0.0.1',
    ]) {
      expect(new URL(`http://${host}/`).hostname, host).toBe('127.0.0.1')
    }
    expect(new URL('http://[0:0:0:0:0:ffff:127.0.0.1]/').hostname).toBe('[::ffff:7f00:1]')
    expect(new URL('http://evil.test#@127.0.0.1/').hostname).toBe('evil.test')
    expect(new URL('http://127.0.0.1:80\\@evil.test/').hostname).toBe('127.0.0.1')
  })

  it('refuses every URL under the user policy, through guardedFetch and through the bare dispatcher', async () => {
    const policy = createOutboundPolicy('user', false)
    for (const { url } of corpus) await expectRefusedEverywhere(url, policy)
  })

  it('refuses every URL under a user policy that also opens the listener port (the address decides)', async () => {
    const policy = createOutboundPolicy('user', false, [...userPorts, [listener.port, listener.port]])
    for (const { url } of corpus) await expectRefusedEverywhere(url, policy)
  })

  it('refuses every URL under a channel policy without private networks', async () => {
    const policy = createOutboundPolicy('channel', false)
    for (const { url } of corpus) await expectRefusedEverywhere(url, policy)
  })

  it('refuses every metadata URL even under a channel policy allowed on private networks', async () => {
    const policy = createOutboundPolicy('channel', true)
    for (const { url } of corpus.filter((entry) => entry.metadata)) await expectRefusedEverywhere(url, policy)
  })

  it('refused before any socket: no dial anywhere and 0 connections on the internal listener', () => {
    expect(intercept.dials).toEqual([])
    expect(listener.connections()).toBe(0)
  })

  it('refuses synchronously, before DNS, everything except plain names left to the resolver', () => {
    const policy = createOutboundPolicy('user', false)
    const resolverNames = new Set([...Object.keys(corpusDns), 'evil.test', 'public.test'])
    const leftToDns = corpus.filter(({ url }) => {
      try {
        checkOutboundUrl(url, policy)
        return true
      } catch (error) {
        expect(error, url).toBeInstanceOf(OutboundBlockedError)
        return false
      }
    })
    for (const { url } of leftToDns) expect(resolverNames.has(new URL(url).hostname), url).toBe(true)
    expect(corpus.length - leftToDns.length).toBeGreaterThanOrEqual(200)
  })
})
