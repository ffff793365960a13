import { afterEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'

/**
 * The effective server address as GET /api/status reports it, and the CSP that lets the console
 * show drawing previews from it. The harness's requests come from 127.0.0.1 (app.request has no
 * socket) to http://localhost unless a Host header says otherwise.
 */
let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

async function statusAddress(trustedProxies: string, headers: Record<string, string>, stored?: string) {
  h = await createHarness({ env: { TRUSTED_PROXIES: trustedProxies } })
  if (stored !== undefined) await h.services.options.set('ServerAddress', stored)
  const response = await h.request('GET', '/api/status', { headers })
  return response.json?.data.server_address as string
}

async function imgSrc(stored: string | undefined, headers: Record<string, string> = {}) {
  h = await createHarness()
  if (stored !== undefined) await h.services.options.set('ServerAddress', stored)
  const response = await h.request('GET', '/api/status', { headers })
  const policy = response.headers.get('content-security-policy') ?? ''
  return policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('img-src'))
}

describe('effective server address', () => {
  it('is empty by default, so a fresh install uses the origin it is reached at', async () => {
    h = await createHarness()
    expect(h.services.options.get('ServerAddress')).toBe('')
  })
  it('unset: the scheme and Host of the request, port included', async () => {
    expect(await statusAddress('', { host: 'gw.internal:8123' })).toBe('http://gw.internal:8123')
  })
  it('unset, behind a trusted proxy: the forwarded host and scheme', async () => {
    expect(
      await statusAddress('127.0.0.1', {
        host: 'backend:3000',
        'x-forwarded-host': 'api.example.com',
        'x-forwarded-proto': 'https',
      })
    ).toBe('https://api.example.com')
  })
  it('unset, forwarded headers from an untrusted peer are ignored', async () => {
    expect(
      await statusAddress('10.0.0.0/8', {
        host: 'backend:3000',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      })
    ).toBe('http://backend:3000')
  })
  it('a stored value is kept whatever the request says', async () => {
    expect(
      await statusAddress(
        '127.0.0.1',
        { host: 'backend:3000', 'x-forwarded-host': 'api.example.com' },
        'http://localhost:3000'
      )
    ).toBe('http://localhost:3000')
  })
  it('the stored value is reported without trailing slashes', async () => {
    expect(await statusAddress('', {}, 'https://gw.example.com/')).toBe('https://gw.example.com')
  })
  it('passkeys are offered for the effective address', async () => {
    h = await createHarness()
    const response = await h.request('GET', '/api/status', { headers: { host: 'console.example:8443' } })
    expect([response.json?.data.passkey_rp_id, response.json?.data.passkey_origins]).toEqual([
      'console.example:8443',
      'http://console.example:8443',
    ])
  })
})

describe('CSP img-src for drawing previews', () => {
  it('unset: the gateway itself only', async () => {
    expect(await imgSrc(undefined, { host: 'gw.internal:8123' })).toBe("img-src 'self' data: https:")
  })
  it('a stored plain-http address other than this origin is allowed', async () => {
    expect(await imgSrc('http://10.1.2.3:3000/', { host: 'gw.internal:8123' })).toBe(
      "img-src 'self' data: https: http://10.1.2.3:3000"
    )
  })
  it('a stored address equal to this origin adds nothing', async () => {
    expect(await imgSrc('http://gw.internal:8123', { host: 'gw.internal:8123' })).toBe("img-src 'self' data: https:")
  })
})
