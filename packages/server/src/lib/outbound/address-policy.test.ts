import { describe, expect, it } from 'vitest'
import { optionDefaults } from '../../services/options/option-defaults.ts'
import type { AddressClass } from './address-class.ts'
import {
  createOutboundPolicy,
  isAddressAllowed,
  isAddressClassAllowed,
  isPortAllowed,
  policyCacheKey,
  policyFor,
  type OutboundPolicyOptions,
} from './address-policy.ts'

const options = (values: Record<string, string>): OutboundPolicyOptions => ({
  bool: (key) => (values[key] ?? optionDefaults[key]) === 'true',
})

const neverAllowed: AddressClass[] = [
  'metadata',
  'link-local',
  'unspecified',
  'multicast',
  'broadcast',
  'reserved',
  'documentation',
]
const privateNetwork: AddressClass[] = ['loopback', 'private', 'cgnat', 'benchmark']

describe('policyFor', () => {
  it('follows the gateway defaults: neither channels nor user URLs reach private networks', () => {
    expect(policyFor(options({}), 'channel')).toMatchObject({ kind: 'channel', allowPrivate: false })
    expect(policyFor(options({}), 'user')).toMatchObject({ kind: 'user', allowPrivate: false })
  })

  it('reads each setting through bool()', () => {
    const read: string[] = []
    const store: OutboundPolicyOptions = { bool: (key) => (read.push(key), key === 'UserUrlPrivateNetworkAllowed') }
    expect(policyFor(store, 'user').allowPrivate).toBe(true)
    expect(policyFor(store, 'channel').allowPrivate).toBe(false)
    expect(read).toEqual(['UserUrlPrivateNetworkAllowed', 'ChannelPrivateNetworkAllowed'])
  })

  it('is frozen and caches by value', () => {
    const policy = policyFor(options({}), 'user')
    expect(Object.isFrozen(policy)).toBe(true)
    expect(policyCacheKey(policy)).toBe(policyCacheKey(policyFor(options({}), 'user')))
    expect(policyCacheKey(policy)).not.toBe(policyCacheKey(createOutboundPolicy('user', true)))
    expect(policyCacheKey(policy)).not.toBe(policyCacheKey(createOutboundPolicy('user', false, [[80, 80]])))
  })
})

describe('address decisions', () => {
  it('allows public addresses under every policy', () => {
    for (const kind of ['user', 'channel'] as const) {
      for (const allowPrivate of [false, true])
        expect(isAddressClassAllowed('public', createOutboundPolicy(kind, allowPrivate))).toBe(true)
    }
  })

  it('opens private networks only with allowPrivate', () => {
    for (const addressClass of privateNetwork) {
      expect(isAddressClassAllowed(addressClass, createOutboundPolicy('channel', true)), addressClass).toBe(true)
      expect(isAddressClassAllowed(addressClass, createOutboundPolicy('user', true)), addressClass).toBe(true)
      expect(isAddressClassAllowed(addressClass, createOutboundPolicy('channel', false)), addressClass).toBe(false)
      expect(isAddressClassAllowed(addressClass, createOutboundPolicy('user', false)), addressClass).toBe(false)
    }
  })

  it('never opens metadata, link-local, unspecified, multicast, broadcast, reserved or documentation', () => {
    for (const addressClass of neverAllowed) {
      expect(isAddressClassAllowed(addressClass, createOutboundPolicy('channel', true)), addressClass).toBe(false)
    }
  })

  it('refuses anything that is not an IP', () => {
    expect(isAddressAllowed('localhost', createOutboundPolicy('channel', true))).toBe(false)
    expect(isAddressAllowed('', createOutboundPolicy('channel', true))).toBe(false)
    expect(isAddressAllowed('127.0.0.1', createOutboundPolicy('channel', true))).toBe(true)
    expect(isAddressAllowed('169.254.169.254', createOutboundPolicy('channel', true))).toBe(false)
  })
})

describe('ports', () => {
  it('user URLs: 80, 443, 8080, 8443 only', () => {
    const user = createOutboundPolicy('user', false)
    expect([80, 443, 8080, 8443].every((port) => isPortAllowed(port, user))).toBe(true)
    expect([0, 22, 81, 1024, 6379, 8000, 11434, 65535].some((port) => isPortAllowed(port, user))).toBe(false)
  })

  it('channel base URLs: 80, 443 and unprivileged ports', () => {
    const channel = createOutboundPolicy('channel', true)
    expect([80, 443, 1024, 8000, 11434, 65535].every((port) => isPortAllowed(port, channel))).toBe(true)
    expect([0, 22, 25, 81, 1023].some((port) => isPortAllowed(port, channel))).toBe(false)
  })
})
