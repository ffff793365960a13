import { mockFetch } from '@test/render'
import { renderAppAt } from '@test/render-app'
import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '@/i18n'
import { expireStoredUser, setStoredUser } from '@/lib/session'
import { defaultStatus } from '@/lib/status'

function serve(status: Partial<typeof defaultStatus> = {}) {
  return mockFetch((url) => {
    if (url.startsWith('/api/status'))
      return { body: { success: true, message: '', data: { ...defaultStatus, ...status } } }
    if (url.startsWith('/api/setup'))
      return {
        body: { success: true, message: '', data: { status: false, root_init: false, database_type: 'sqlite' } },
      }
    return { body: { success: true, message: '', data: '' } }
  })
}

const open = (path: string) => renderAppAt(path)

describe('routes', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
  })

  it('sends logged-out visitors of protected pages to /login', async () => {
    serve()
    for (const path of ['/token', '/channel', '/setting', '/user/edit/3', '/chat2link']) {
      const router = await open(path)
      expect(router.state.location.pathname, path).toBe('/login')
    }
  })

  it('sends a visitor whose session the server ended to /login?expired=true, and a plain sign-out to /login', async () => {
    serve()
    setStoredUser({ id: 1, username: 'root', display_name: 'Root', role: 100, status: 1, group: 'default' })
    // A 401 cleared the user before the page's guard ran (as when the shell's own call is refused mid-load).
    expireStoredUser()
    const expired = await open('/personal')
    expect(expired.state.location.pathname).toBe('/login')
    expect(expired.state.location.search).toEqual({ expired: true })
    // Signing in again forgets it: a later sign-out is not an expiry.
    setStoredUser({ id: 1, username: 'root', display_name: 'Root', role: 100, status: 1, group: 'default' })
    localStorage.removeItem('user')
    const signedOut = await open('/personal')
    expect(signedOut.state.location.pathname).toBe('/login')
    expect(signedOut.state.location.search).toEqual({})
  })

  it('lets a stored user in and shows the side navigation', async () => {
    serve()
    setStoredUser({ id: 1, username: 'root', display_name: 'Root', role: 100, status: 1, group: 'default' })
    const router = await open('/token')
    expect(router.state.location.pathname).toBe('/token')
    expect((await screen.findByTestId('page-title')).textContent).toBe('API tokens')
    expect(screen.getByTestId('sidebar').dataset.collapsed).toBe('false')
  })

  it('leads every page to /setup before the first-run setup', async () => {
    serve({ setup: false })
    const router = await open('/login')
    expect(router.state.location.pathname).toBe('/setup')
    expect(await screen.findByTestId('setup-username')).toBeVisible()
  })

  it('shows the not-found page for unknown paths', async () => {
    serve()
    await open('/no/such/page')
    expect((await screen.findByTestId('not-found')).textContent).toContain('Page does not exist')
  })

  it('defaults the settings tab to operation', async () => {
    serve()
    setStoredUser({ id: 1, username: 'root', display_name: 'Root', role: 100, status: 1, group: 'default' })
    await open('/setting?tab=bogus')
    // The settings page is a lazy chunk: its first import takes a while in jsdom.
    await waitFor(
      () => expect(screen.getByTestId('setting-tab-operation').getAttribute('aria-selected')).toBe('true'),
      { timeout: 10_000 }
    )
  })
})
