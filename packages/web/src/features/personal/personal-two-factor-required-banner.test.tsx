import type { TwoFactorStatus } from '@gateway/shared'
import { useQuery } from '@tanstack/react-query'
import { ok, serveApi } from '@test/api'
import { renderWithRouter } from '@test/render'
import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '@/i18n'
import { setStoredUser } from '@/lib/session'
import { TwoFactorRequiredBanner } from './personal-two-factor-required-banner'

function serve(status: TwoFactorStatus) {
  const urls: string[] = []
  serveApi((url) => {
    urls.push(url)
    return url === '/api/user/2fa/status' ? ok(status) : undefined
  })
  return urls
}

function Probe() {
  useQuery({ queryKey: ['probe'], queryFn: () => fetch('/api/probe').then(() => null) })
  return null
}

const signIn = (role: number) =>
  setStoredUser({ id: 2, username: 'ada', display_name: 'Ada', role, status: 1, group: 'default' })

describe('TwoFactorRequiredBanner', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
  })

  it('sends an admin without 2FA to personal settings when the root requires it', async () => {
    signIn(10)
    serve({ enabled: false, locked: false, required: true })
    await renderWithRouter(<TwoFactorRequiredBanner />, '/channel')
    expect((await screen.findByTestId('two-factor-required-banner')).textContent).toContain(
      'Two-factor authentication required'
    )
    expect(screen.getByTestId('two-factor-required-link').getAttribute('href')).toBe('/personal')
  })

  it('stays away once 2FA is on, and does not ask for plain users', async () => {
    signIn(10)
    const urls = serve({ enabled: true, locked: false, backup_codes_remaining: 10, required: true })
    await renderWithRouter(<TwoFactorRequiredBanner />, '/channel')
    await waitFor(() => expect(urls).toEqual(['/api/user/2fa/status']))
    expect(screen.queryByTestId('two-factor-required-banner')).toBeNull()

    signIn(1)
    const userUrls = serve({ enabled: false, locked: false, required: false })
    // A query of its own beside the banner: once its call has gone out, the banner's would have too.
    await renderWithRouter(
      <>
        <TwoFactorRequiredBanner />
        <Probe />
      </>,
      '/token'
    )
    await waitFor(() => expect(userUrls).toContain('/api/probe'))
    expect(userUrls).toEqual(['/api/probe'])
    expect(screen.queryByTestId('two-factor-required-banner')).toBeNull()
  })
})
