import { afterEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { translate } from '../i18n/messages.ts'

/**
 * X-Forwarded-Host decides the console's public host only when the direct peer is a trusted proxy.
 * The harness's requests come from 127.0.0.1 (app.request has no socket) to http://localhost.
 */
const crossSite = translate('auth.cross_site', 'zh')
let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

async function loginFrom(trustedProxies: string, headers: Record<string, string>) {
  h = await createHarness({ env: { TRUSTED_PROXIES: trustedProxies } })
  const response = await h.request('POST', '/api/user/login', {
    body: { username: 'nobody', password: 'wrong-password' },
    headers,
  })
  return response.json?.message === crossSite ? 'cross-site' : 'let through'
}

describe('same-origin writes behind proxies', () => {
  it('ignores X-Forwarded-Host from a peer that is not a trusted proxy', async () => {
    expect(await loginFrom('10.0.0.0/8', { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' })).toBe(
      'cross-site'
    )
  })
  it('believes X-Forwarded-Host from a trusted proxy', async () => {
    expect(
      await loginFrom('127.0.0.1', { origin: 'https://console.example', 'x-forwarded-host': 'console.example' })
    ).toBe('let through')
  })
  it('behind a trusted proxy measures the origin against the forwarded host, not the proxy-facing one', async () => {
    expect(await loginFrom('127.0.0.1', { origin: 'http://localhost', 'x-forwarded-host': 'console.example' })).toBe(
      'cross-site'
    )
  })
  it('takes the outermost of several forwarded hosts', async () => {
    expect(
      await loginFrom('127.0.0.1', {
        origin: 'https://console.example',
        'x-forwarded-host': 'console.example, inner.local',
      })
    ).toBe('let through')
  })
  it('lets a same-host browser write without any proxy', async () => {
    expect(await loginFrom('', { origin: 'http://localhost' })).toBe('let through')
  })
})
