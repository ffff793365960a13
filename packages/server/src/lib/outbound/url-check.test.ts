import { describe, expect, it } from 'vitest'
import { createOutboundPolicy } from './address-policy.ts'
import { OutboundBlockedError, type OutboundBlockedReason } from './outbound-errors.ts'
import { checkOutboundUrl } from './url-check.ts'

const user = createOutboundPolicy('user', false)
const channelPrivate = createOutboundPolicy('channel', true)
const channelPublic = createOutboundPolicy('channel', false)

function reasonOf(url: string, policy = user): OutboundBlockedReason | undefined {
  try {
    checkOutboundUrl(url, policy)
    return undefined
  } catch (error) {
    if (error instanceof OutboundBlockedError) return error.reason
    throw error
  }
}

describe('checkOutboundUrl', () => {
  it('returns the parsed URL for public names and addresses', () => {
    expect(checkOutboundUrl('https://api.openai.com/v1', user).href).toBe('https://api.openai.com/v1')
    expect(checkOutboundUrl('HTTPS://Example.COM:8443/a?b#c', user).host).toBe('example.com:8443')
    expect(checkOutboundUrl(new URL('http://8.8.8.8/'), user).hostname).toBe('8.8.8.8')
    expect(checkOutboundUrl('http://[2606:4700::1111]:8080/', user).hostname).toBe('[2606:4700::1111]')
  })

  it('allows local model servers on channels when private networks are allowed', () => {
    expect(checkOutboundUrl('http://127.0.0.1:11434', channelPrivate).port).toBe('11434')
    expect(checkOutboundUrl('http://10.1.2.3', channelPrivate).hostname).toBe('10.1.2.3')
    expect(checkOutboundUrl('http://localhost:8000/v1', channelPrivate).hostname).toBe('localhost')
    expect(checkOutboundUrl('http://[::1]:11434', channelPrivate).hostname).toBe('[::1]')
    expect(checkOutboundUrl('http://100.101.102.103:11434', channelPrivate).hostname).toBe('100.101.102.103')
  })

  it('refuses the same local targets when private networks are not allowed', () => {
    expect(reasonOf('http://127.0.0.1:11434', channelPublic)).toBe('ADDRESS_NOT_ALLOWED')
    expect(reasonOf('http://10.1.2.3', channelPublic)).toBe('ADDRESS_NOT_ALLOWED')
    expect(reasonOf('http://localhost:8000', channelPublic)).toBe('ADDRESS_NOT_ALLOWED')
    expect(reasonOf('http://127.0.0.1:8080', user)).toBe('ADDRESS_NOT_ALLOWED')
  })

  it('refuses metadata under every policy', () => {
    for (const url of [
      'http://169.254.169.254/',
      'http://metadata.google.internal/',
      'http://[fd00:ec2::254]/',
      'http://100.100.100.200/',
    ]) {
      expect(reasonOf(url, channelPrivate), url).toBe('ADDRESS_NOT_ALLOWED')
    }
    expect(reasonOf('http://0.0.0.0:8000/', channelPrivate)).toBe('ADDRESS_NOT_ALLOWED')
    expect(reasonOf('http://224.0.0.1:8000/', channelPrivate)).toBe('ADDRESS_NOT_ALLOWED')
  })

  it('gives each refusal a stable reason', () => {
    expect(reasonOf('not a url')).toBe('INVALID_URL')
    expect(reasonOf('http://exa mple.com/')).toBe('INVALID_URL')
    expect(reasonOf('file:///etc/passwd')).toBe('SCHEME_NOT_ALLOWED')
    expect(reasonOf('gopher://example.com/')).toBe('SCHEME_NOT_ALLOWED')
    expect(reasonOf('ftp://example.com/')).toBe('SCHEME_NOT_ALLOWED')
    expect(reasonOf('data:text/plain,x')).toBe('SCHEME_NOT_ALLOWED')
    expect(reasonOf('javascript:alert(1)')).toBe('SCHEME_NOT_ALLOWED')
    expect(reasonOf('http://a@example.com/')).toBe('USERINFO_NOT_ALLOWED')
    expect(reasonOf('http://a:b@example.com/')).toBe('USERINFO_NOT_ALLOWED')
    expect(reasonOf('http://:b@example.com/')).toBe('USERINFO_NOT_ALLOWED')
    expect(reasonOf('http://example.com:22/')).toBe('PORT_NOT_ALLOWED')
    expect(reasonOf('http://example.com:443/')).toBeUndefined()
    expect(reasonOf('https://example.com:80/')).toBeUndefined()
    expect(reasonOf('http://example.com:1023/', channelPrivate)).toBe('PORT_NOT_ALLOWED')
  })

  it('reads numeric host tricks the way the WHATWG parser (and so undici) does', () => {
    for (const host of [
      '2130706433',
      '0x7f.1',
      '017700000001',
      '127.1',
      '0x7f.0.0.1',
      '127.0.0.1.',
      '0177.0.0.1',
      '127.000.000.001',
    ]) {
      expect(reasonOf(`http://${host}/`), host).toBe('ADDRESS_NOT_ALLOWED')
      expect(checkOutboundUrl(`http://${host}:8000/`, channelPrivate).hostname, host).toBe('127.0.0.1')
    }
    expect(reasonOf('http://0/', channelPrivate)).toBe('ADDRESS_NOT_ALLOWED')
    expect(reasonOf('http://1.2.3.4.5/')).toBe('INVALID_URL')
    expect(reasonOf('http://999.1.1.1/')).toBe('INVALID_URL')
  })

  it('normalises case and trailing dots before judging names', () => {
    for (const host of [
      'localhost',
      'localhost.',
      'LOCALHOST',
      'LocalHost..',
      'x.localhost',
      'METADATA.google.internal.',
    ]) {
      expect(reasonOf(`http://${host}/`), host).toBe('ADDRESS_NOT_ALLOWED')
    }
  })

  it('never mentions the target in the message', () => {
    try {
      checkOutboundUrl('http://169.254.169.254/latest', user)
    } catch (error) {
      expect((error as Error).message).toBe('The URL points to an address that is not allowed')
    }
  })
})
