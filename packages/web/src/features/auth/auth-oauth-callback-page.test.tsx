import { mockFetch, renderWithRouter } from '@test/render'
import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '@/i18n'
import { OAuthCallbackPage } from './auth-oauth-callback-page'

describe('OAuthCallbackPage', () => {
  beforeEach(async () => {
    localStorage.clear()
    await i18n.changeLanguage('en')
  })

  it('signs in: stores the user and goes to /token', async () => {
    const user = { id: 7, username: 'github_7', display_name: 'Octo', role: 1, status: 1, group: 'default' }
    const calls = mockFetch(() => ({ body: { success: true, message: '', data: user } }))
    const { router } = await renderWithRouter(
      <OAuthCallbackPage provider="github" code="abc" state="s1" />,
      '/oauth/github'
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/token'))
    expect(calls[0]?.url).toBe('/api/oauth/github?code=abc&state=s1')
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').username).toBe('github_7')
  })

  it("treats message 'bind' as a finished binding and goes to /setting", async () => {
    mockFetch(() => ({ body: { success: true, message: 'bind', data: null } }))
    const { router } = await renderWithRouter(
      <OAuthCallbackPage provider="linuxdo" code="abc" state="s1" />,
      '/oauth/linuxdo'
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting'))
    expect(localStorage.getItem('user')).toBeNull()
  })

  it('shows the failure and stores nothing', async () => {
    mockFetch(() => ({ status: 403, body: { success: false, message: 'state is empty or not same' } }))
    await renderWithRouter(<OAuthCallbackPage provider="github" code="abc" state="bad" />, '/oauth/github')
    expect(await screen.findByText('Operation failed, redirecting to login page...')).toBeVisible()
    expect(localStorage.getItem('user')).toBeNull()
  })
})
