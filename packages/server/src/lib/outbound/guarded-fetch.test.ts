import type { ServerResponse } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { fakeResolver, interceptDials, startListener, type Listener } from '../../../test/kits/outbound.ts'
import { createOutboundPolicy, userPorts, type OutboundPolicy } from './address-policy.ts'
import { createGuardedDispatcher } from './guarded-dispatcher.ts'
import { guardedFetch, type GuardedFetchOptions } from './guarded-fetch.ts'
import { OutboundBlockedError, OutboundResponseTooLargeError } from './outbound-errors.ts'

let internal: Listener
let front: Listener
let publicUser: OutboundPolicy
// public.test and other.test are "public" (8.8.x.x) to the guard and loopback to the socket.
const intercept = interceptDials({ '8.8.8.8': '127.0.0.1', '8.8.4.4': '127.0.0.1' })
const resolver = fakeResolver({ 'public.test': ['8.8.8.8'], 'other.test': ['8.8.4.4'], 'internal.test': ['127.0.0.1'] })
const open: { close(): Promise<void> }[] = []

const redirect = (response: ServerResponse, status: number, location: string) =>
  response.writeHead(status, { location }).end()

beforeAll(async () => {
  internal = await startListener()
  const to = (path: string) => path.replace('INTERNAL', String(internal.port))
  const routes: Record<
    string,
    (response: ServerResponse, body: string, headers: Record<string, unknown>, method: string) => void
  > = {
    '/ok': (response) => response.end('hello'),
    '/echo': (response, body, headers, method) =>
      response.end(JSON.stringify({ method, body, authorization: headers.authorization ?? null })),
    '/to-metadata': (response) => redirect(response, 302, 'http://169.254.169.254/latest/meta-data/'),
    '/to-internal': (response) => redirect(response, 302, to('http://127.0.0.1:INTERNAL/')),
    '/to-internal-name': (response) => redirect(response, 301, to('http://internal.test:INTERNAL/')),
    '/to-mapped': (response) => redirect(response, 307, to('http://[::ffff:127.0.0.1]:INTERNAL/')),
    '/to-decimal': (response) => redirect(response, 308, to('http://2130706433:INTERNAL/')),
    '/to-localhost': (response) => redirect(response, 302, to('http://localhost.:INTERNAL/')),
    '/to-file': (response) => redirect(response, 302, 'file:///etc/passwd'),
    '/bad-location': (response) => redirect(response, 302, 'http://['),
    '/relative': (response) => redirect(response, 302, '/ok'),
    '/see-other': (response) => redirect(response, 303, '/echo'),
    '/found': (response) => redirect(response, 302, '/echo'),
    '/temporary': (response) => redirect(response, 307, '/echo'),
    '/cross': (response) => redirect(response, 307, `http://other.test:${front.port}/echo`),
    '/loop': (response) => redirect(response, 302, '/loop'),
    '/big-declared': (response) => response.writeHead(200, { 'content-length': 100 }).end('x'.repeat(100)),
    '/big-stream': (response) => {
      for (let i = 0; i < 10; i++) response.write('x'.repeat(20))
      response.end()
    },
    '/slow': () => undefined,
  }
  front = await startListener((request, response, body) => {
    const route = routes[request.url ?? ''] ?? ((r: ServerResponse) => r.writeHead(404).end())
    route(response, body, request.headers, request.method ?? '')
  })
  publicUser = createOutboundPolicy('user', false, [
    ...userPorts,
    [front.port, front.port],
    [internal.port, internal.port],
  ])
})
afterEach(async () => {
  await Promise.all(open.splice(0).map((dispatcher) => dispatcher.close()))
})
afterAll(async () => {
  intercept.restore()
  await Promise.all([internal.close(), front.close()])
})

function options(policy: OutboundPolicy = publicUser, extra: Partial<GuardedFetchOptions> = {}): GuardedFetchOptions {
  const dispatcher = createGuardedDispatcher(policy, { resolver })
  open.push(dispatcher)
  return { policy, dispatcher, ...extra }
}

const at = (path: string) => `http://public.test:${front.port}${path}`

describe('guardedFetch', () => {
  it('fetches a public URL and reports the final URL after redirects', async () => {
    const response = await guardedFetch(at('/relative'), {}, options())
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('hello')
    expect(response.url).toBe(at('/ok'))
  })

  it('re-checks every redirect hop and refuses internal targets before connecting', async () => {
    const cases: [string, string][] = [
      ['/to-metadata', 'ADDRESS_NOT_ALLOWED'],
      ['/to-internal', 'ADDRESS_NOT_ALLOWED'],
      ['/to-internal-name', 'ADDRESS_NOT_ALLOWED'],
      ['/to-mapped', 'ADDRESS_NOT_ALLOWED'],
      ['/to-decimal', 'ADDRESS_NOT_ALLOWED'],
      ['/to-localhost', 'ADDRESS_NOT_ALLOWED'],
      ['/to-file', 'SCHEME_NOT_ALLOWED'],
      ['/bad-location', 'INVALID_URL'],
    ]
    for (const [path, reason] of cases) {
      await expect(guardedFetch(at(path), {}, options()), path).rejects.toMatchObject({
        name: 'OutboundBlockedError',
        reason,
      })
      expect(front.requests.at(-1)?.url).toBe(path)
    }
    expect(internal.connections()).toBe(0)
  })

  it('under the default user policy, refuses a loopback redirect on the URL check alone', async () => {
    const policy = createOutboundPolicy('user', false, [...userPorts, [front.port, front.port]])
    await expect(guardedFetch(at('/to-internal'), {}, options(policy))).rejects.toBeInstanceOf(OutboundBlockedError)
    expect(internal.connections()).toBe(0)
  })

  it('on a channel allowed on private networks, still refuses a redirect to metadata', async () => {
    const channel = createOutboundPolicy('channel', true)
    const ok = await guardedFetch(`${front.origin}/relative`, {}, options(channel))
    expect(await ok.text()).toBe('hello')
    await expect(guardedFetch(`${front.origin}/to-metadata`, {}, options(channel))).rejects.toMatchObject({
      reason: 'ADDRESS_NOT_ALLOWED',
    })
  })

  it('turns 303 (and a POST after 302) into a GET without body, and keeps POST and body on 307', async () => {
    const post = { method: 'POST', body: 'payload', headers: { 'content-type': 'text/plain' } }
    expect(await (await guardedFetch(at('/see-other'), post, options())).json()).toEqual({
      method: 'GET',
      body: '',
      authorization: null,
    })
    expect(await (await guardedFetch(at('/found'), post, options())).json()).toMatchObject({ method: 'GET', body: '' })
    expect(await (await guardedFetch(at('/temporary'), post, options())).json()).toMatchObject({
      method: 'POST',
      body: 'payload',
    })
  })

  it('drops credentials when a redirect changes origin', async () => {
    const init = { headers: { authorization: 'Bearer secret' } }
    expect(await (await guardedFetch(at('/temporary'), init, options())).json()).toMatchObject({
      authorization: 'Bearer secret',
    })
    expect(await (await guardedFetch(at('/cross'), init, options())).json()).toMatchObject({ authorization: null })
  })

  it('stops after maxRedirects hops', async () => {
    const before = front.requests.filter((request) => request.url === '/loop').length
    await expect(guardedFetch(at('/loop'), {}, options())).rejects.toMatchObject({ reason: 'TOO_MANY_REDIRECTS' })
    expect(front.requests.filter((request) => request.url === '/loop').length - before).toBe(4)
    await expect(guardedFetch(at('/relative'), {}, options(publicUser, { maxRedirects: 0 }))).rejects.toMatchObject({
      reason: 'TOO_MANY_REDIRECTS',
    })
  })

  it('cuts a body over maxBytes, declared or streamed', async () => {
    await expect(guardedFetch(at('/big-declared'), {}, options(publicUser, { maxBytes: 50 }))).rejects.toBeInstanceOf(
      OutboundResponseTooLargeError
    )
    const streamed = await guardedFetch(at('/big-stream'), {}, options(publicUser, { maxBytes: 150 }))
    await expect(streamed.text()).rejects.toBeInstanceOf(OutboundResponseTooLargeError)
    const fits = await guardedFetch(at('/big-stream'), {}, options(publicUser, { maxBytes: 200 }))
    expect((await fits.text()).length).toBe(200)
  })

  it('gives up after timeoutMs, and on the caller signal', async () => {
    await expect(guardedFetch(at('/slow'), {}, options(publicUser, { timeoutMs: 100 }))).rejects.toMatchObject({
      name: 'TimeoutError',
    })
    const controller = new AbortController()
    const pending = guardedFetch(at('/slow'), { signal: controller.signal }, options())
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('refuses the first URL itself with the same checks', async () => {
    await expect(guardedFetch('gopher://public.test/', {}, options())).rejects.toMatchObject({
      reason: 'SCHEME_NOT_ALLOWED',
    })
    await expect(guardedFetch(`http://internal.test:${internal.port}/`, {}, options())).rejects.toMatchObject({
      reason: 'ADDRESS_NOT_ALLOWED',
    })
  })

  it('made no connection to the internal listener and dialled nothing but loopback', () => {
    expect(internal.connections()).toBe(0)
    expect(intercept.dials.every((address) => address === '127.0.0.1')).toBe(true)
  })
})
