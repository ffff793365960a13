import { mockFetch } from '@test/render'
import { renderAppAt } from '@test/render-app'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '@/i18n'
import { clearStoredUser, getStoredUser } from '@/lib/session'
import { defaultStatus } from '@/lib/status'

const root = { id: 1, username: 'admin', display_name: 'Root User', role: 100, status: 1, group: 'default' }

/** The first run as the browser sees it: setup pending until POST /api/setup succeeds. */
function serveFirstRun() {
  let done = false
  return mockFetch((url, init) => {
    if (url.startsWith('/api/status'))
      return { body: { success: true, message: '', data: { ...defaultStatus, setup: done } } }
    if (url.startsWith('/api/setup') && init.method === 'POST') {
      done = true
      return { body: { success: true, message: '', data: { ...root, user: { ...root, quota: 100_000_000 } } } }
    }
    if (url.startsWith('/api/setup'))
      return { body: { success: true, message: '', data: { status: done, root_init: done, database_type: 'sqlite' } } }
    return { body: { success: true, message: '', data: '' } }
  })
}

const openSetup = () => renderAppAt('/setup')

describe('setup page', () => {
  beforeEach(async () => {
    clearStoredUser()
    await i18n.changeLanguage('en')
  })

  it('offers no login or register link while setup is pending (they would lead back here)', async () => {
    serveFirstRun()
    await openSetup()
    await screen.findByTestId('setup-username')
    expect(screen.queryByTestId('login-link')).toBe(null)
    expect(screen.queryByTestId('register-link')).toBe(null)
  })

  it('keeps the signed-in root and lands on the dashboard', async () => {
    serveFirstRun()
    const router = await openSetup()
    fireEvent.change(await screen.findByTestId('setup-username'), { target: { value: 'admin' } })
    fireEvent.change(screen.getByTestId('setup-password'), { target: { value: 'password123' } })
    fireEvent.change(screen.getByTestId('setup-confirm'), { target: { value: 'password123' } })
    fireEvent.click(screen.getByTestId('setup-submit'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/detail'))
    expect(getStoredUser()).toMatchObject({ id: 1, username: 'admin', role: 100 })
  })
})
