import { request } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { fakeResolver, interceptDials, startListener, type Listener } from '../../../test/kits/outbound.ts'
import { createOutboundPolicy, userPorts } from './address-policy.ts'
import {
  closeGuardedDispatchers,
  createGuardedDispatcher,
  createGuardedLookup,
  getGuardedDispatcher,
  type OutboundResolver,
} from './guarded-dispatcher.ts'
import { guardedFetch } from './guarded-fetch.ts'
import { findOutboundBlockedError } from './outbound-errors.ts'

let internal: Listener
let front: Listener
// 8.8.8.8 stands in for a public server: the guard judges 8.8.8.8, the socket goes to loopback.
const intercept = interceptDials({ '8.8.8.8': '127.0.0.1' })
const open: { close(): Promise<void> }[] = []

beforeAll(async () => {
  internal = await startListener()
  front = await startListener((_request, response) => response.setHeader('connection', 'close').end('front'))
})
afterEach(async () => {
  await Promise.all(open.splice(0).map((dispatcher) => dispatcher.close()))
})
afterAll(async () => {
  intercept.restore()
  await Promise.all([internal.close(), front.close(), closeGuardedDispatchers()])
})

function dispatcherFor(policy = createOutboundPolicy('channel', true), resolver: OutboundResolver = fakeResolver({})) {
  const dispatcher = createGuardedDispatcher(policy, { resolver })
  open.push(dispatcher)
  return dispatcher
}

async function blockedReason(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught
  )
  return findOutboundBlockedError(error)?.reason
}

describe('guarded dispatcher', () => {
  it('connects to a local model server when the channel policy allows private networks', async () => {
    const resolver = fakeResolver({ 'ollama.local': ['127.0.0.1'] })
    const dispatcher = dispatcherFor(createOutboundPolicy('channel', true), resolver)
    const direct = await request(`${internal.origin}/`, { dispatcher })
    expect(await direct.body.text()).toBe('internal')
    const named = await request(`http://ollama.local:${internal.port}/`, { dispatcher })
    expect(await named.body.text()).toBe('internal')
    expect(resolver.calls).toEqual(['ollama.local'])
    expect(internal.connections()).toBe(2)
  })

  it('checks IP literals and ports itself, for callers that never ran checkOutboundUrl', async () => {
    const before = internal.connections()
    const resolver = fakeResolver({})
    const closed = dispatcherFor(createOutboundPolicy('channel', false), resolver)
    expect(await blockedReason(request(`${internal.origin}/`, { dispatcher: closed }))).toBe('ADDRESS_NOT_ALLOWED')
    expect(await blockedReason(request(`http://[::ffff:127.0.0.1]:${internal.port}/`, { dispatcher: closed }))).toBe(
      'ADDRESS_NOT_ALLOWED'
    )
    expect(await blockedReason(request(`http://localhost:${internal.port}/`, { dispatcher: closed }))).toBe(
      'ADDRESS_NOT_ALLOWED'
    )
    const user = dispatcherFor(createOutboundPolicy('user', false), resolver)
    expect(await blockedReason(request('http://public.test:6379/', { dispatcher: user }))).toBe('PORT_NOT_ALLOWED')
    expect(resolver.calls).toEqual([])
    expect(internal.connections()).toBe(before)
  })

  it('refuses a name when any of its answers is disallowed (v4 and v6)', async () => {
    const resolver = fakeResolver({
      'both.test': ['8.8.8.8', '127.0.0.1'],
      'both6.test': ['2001:4860:4860::8888', '::1'],
    })
    const dispatcher = dispatcherFor(createOutboundPolicy('channel', false), resolver)
    expect(await blockedReason(request(`http://both.test:${internal.port}/`, { dispatcher }))).toBe(
      'ADDRESS_NOT_ALLOWED'
    )
    expect(await blockedReason(request(`http://both6.test:${internal.port}/`, { dispatcher }))).toBe(
      'ADDRESS_NOT_ALLOWED'
    )
    expect(intercept.dials.filter((address) => address !== '127.0.0.1')).toEqual([])
  })

  it('defeats DNS rebinding: the address checked is the address connected, once per connection', async () => {
    const resolver = fakeResolver({ 'rebind.test': (call) => (call === 1 ? ['8.8.8.8'] : ['127.0.0.1']) })
    const policy = createOutboundPolicy('user', false, [...userPorts, [front.port, front.port]])
    const dispatcher = dispatcherFor(policy, resolver)
    const first = await guardedFetch(`http://rebind.test:${front.port}/`, {}, { policy, dispatcher })
    expect(await first.text()).toBe('front')
    const connectionsAfterFirst = front.connections()
    // The server closed the connection, so the second request dials again and re-resolves.
    const second = guardedFetch(`http://rebind.test:${front.port}/`, {}, { policy, dispatcher })
    await expect(second).rejects.toMatchObject({ reason: 'ADDRESS_NOT_ALLOWED' })
    expect(resolver.calls).toEqual(['rebind.test', 'rebind.test'])
    expect(front.connections()).toBe(connectionsAfterFirst)
  })

  it('passes resolver failures through and refuses answers that are not IPs', async () => {
    const dispatcher = dispatcherFor(
      createOutboundPolicy('user', false),
      fakeResolver({ 'empty.test': [], 'junk.test': ['not-an-ip'] })
    )
    const empty = await request('http://empty.test/', { dispatcher }).then(
      () => undefined,
      (error: unknown) => error
    )
    expect(empty).toMatchObject({ code: 'ENOTFOUND' })
    expect(await blockedReason(request('http://junk.test/', { dispatcher }))).toBe('ADDRESS_NOT_ALLOWED')
  })

  it('answers net.connect in both lookup shapes and honours the family asked for', async () => {
    const lookup = createGuardedLookup(
      createOutboundPolicy('user', false),
      fakeResolver({ 'dual.test': ['8.8.8.8', '2001:4860:4860::8888'] })
    )
    const one = await new Promise((resolve) => lookup('dual.test', { family: 6 }, (...args) => resolve(args)))
    expect(one).toEqual([null, '2001:4860:4860::8888', 6])
    const all = await new Promise((resolve) => lookup('dual.test', { all: true }, (...args) => resolve(args)))
    expect(all).toEqual([
      null,
      [
        { address: '8.8.8.8', family: 4 },
        { address: '2001:4860:4860::8888', family: 6 },
      ],
    ])
    const v4 = await new Promise((resolve) =>
      lookup('dual.test', { family: 'IPv4', all: true }, (...args) => resolve(args))
    )
    expect(v4).toEqual([null, [{ address: '8.8.8.8', family: 4 }]])
  })

  it('keeps one shared dispatcher per distinct policy', async () => {
    const a = getGuardedDispatcher(createOutboundPolicy('user', false))
    expect(getGuardedDispatcher(createOutboundPolicy('user', false))).toBe(a)
    expect(getGuardedDispatcher(createOutboundPolicy('user', true))).not.toBe(a)
    await closeGuardedDispatchers()
    expect(getGuardedDispatcher(createOutboundPolicy('user', false))).not.toBe(a)
  })

  it('never reached the internal listener except in the allowed case', () => {
    expect(internal.connections()).toBe(2)
  })
})
