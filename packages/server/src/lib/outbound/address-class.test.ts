import { describe, expect, it } from 'vitest'
import { classifyAddress, classifyHostname, normalizeHostname, type AddressClass } from './address-class.ts'
import { parseIpBytes } from './ip-bytes.ts'

const cases: [string, AddressClass][] = [
  ['8.8.8.8', 'public'],
  ['1.1.1.1', 'public'],
  ['100.63.255.255', 'public'],
  ['100.128.0.0', 'public'],
  ['172.15.255.255', 'public'],
  ['172.32.0.0', 'public'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.0.1', 'private'],
  ['169.254.1.1', 'link-local'],
  ['100.64.0.1', 'cgnat'],
  ['100.127.255.255', 'cgnat'],
  ['198.18.0.1', 'benchmark'],
  ['198.19.255.255', 'benchmark'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.255', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.254', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['192.0.0.8', 'reserved'],
  ['192.0.2.1', 'documentation'],
  ['198.51.100.1', 'documentation'],
  ['203.0.113.1', 'documentation'],
  ['169.254.169.254', 'metadata'],
  ['169.254.170.2', 'metadata'],
  ['100.100.100.200', 'metadata'],
  ['168.63.129.16', 'metadata'],
  ['fd00:ec2::254', 'metadata'],
  ['2001:4860:4860::8888', 'public'],
  ['2606:4700::1111', 'public'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['[::1]', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:8.8.8.8', 'public'],
  ['::ffff:169.254.169.254', 'metadata'],
  ['::ffff:0:10.0.0.1', 'private'],
  ['::7f00:1', 'loopback'],
  ['::0.0.0.2', 'reserved'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['64:ff9b::a9fe:a9fe', 'metadata'],
  ['64:ff9b::8.8.8.8', 'public'],
  ['64:ff9b:1::1', 'reserved'],
  ['2002:7f00:1::1', 'loopback'],
  ['2002:a00:1::', 'private'],
  ['2002:808:808::1', 'public'],
  ['2001:0:4136:e378::1', 'reserved'],
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation'],
  ['100::1', 'reserved'],
  ['fc00::1', 'private'],
  ['fd12:3456::1', 'private'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf::1', 'link-local'],
  ['fec0::1', 'private'],
  ['ff02::1', 'multicast'],
  ['4000::1', 'reserved'],
  ['1::1', 'reserved'],
]

describe('classifyAddress', () => {
  it.each(cases)('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected)
  })

  it('returns undefined for anything that is not an IP literal', () => {
    for (const text of ['', 'localhost', '0x7f.1', '2130706433', '127.1', '1.2.3.4.5', '::g', 'example.com']) {
      expect(classifyAddress(text), text).toBeUndefined()
    }
  })
})

describe('parseIpBytes', () => {
  it('spells one address one way whatever the text', () => {
    const loopback = [...(parseIpBytes('::1') ?? [])]
    expect([...(parseIpBytes('0:0:0::0:1') ?? [])]).toEqual(loopback)
    expect([...(parseIpBytes('::ffff:127.0.0.1') ?? [])]).toEqual([...(parseIpBytes('::ffff:7f00:1') ?? [])])
    expect([...(parseIpBytes('1::') ?? [])]).toEqual([0, 1, ...new Array(14).fill(0)])
    expect(parseIpBytes('10.1.2.3')).toEqual(Uint8Array.from([10, 1, 2, 3]))
  })
})

describe('hostnames', () => {
  it('normalises case, brackets and trailing dots', () => {
    expect(normalizeHostname('LocalHost.')).toBe('localhost')
    expect(normalizeHostname('Example.COM..')).toBe('example.com')
    expect(normalizeHostname('[::1]')).toBe('::1')
  })

  it('judges special names without DNS and leaves ordinary names to the resolver', () => {
    expect(classifyHostname('localhost')).toBe('loopback')
    expect(classifyHostname('LOCALHOST.')).toBe('loopback')
    expect(classifyHostname('api.localhost')).toBe('loopback')
    expect(classifyHostname('metadata.google.internal.')).toBe('metadata')
    expect(classifyHostname('METADATA.GOOG')).toBe('metadata')
    expect(classifyHostname('metadata')).toBe('metadata')
    expect(classifyHostname('[::ffff:a9fe:a9fe]')).toBe('metadata')
    expect(classifyHostname('notlocalhost')).toBeUndefined()
    expect(classifyHostname('metadata.example.com')).toBeUndefined()
    expect(classifyHostname('api.openai.com')).toBeUndefined()
  })
})
