import { mockFetch, renderWithRouter } from '@test/render'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '@/i18n'
import { getStoredUser } from '@/lib/session'
import { LoginForm } from './auth-login-form'

describe('LoginForm', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
  })

  it('requires both username and password', async () => {
    const calls = mockFetch(() => ({ body: { success: true, message: '', data: null } }))
    await renderWithRouter(<LoginForm turnstileToken={null} />, '/login')
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: 'alice' } })
    fireEvent.click(screen.getByTestId('login-submit'))
    expect(await screen.findByText('Please enter username and password')).toBeVisible()
    expect(calls).toHaveLength(0)
  })

  it('shows the message in Chinese too', async () => {
    await i18n.changeLanguage('zh')
    await renderWithRouter(<LoginForm turnstileToken={null} />, '/login')
    fireEvent.click(await screen.findByTestId('login-submit'))
    expect(await screen.findByText('请输入用户名和密码')).toBeVisible()
  })

  it('waits for the human check before submitting', async () => {
    const calls = mockFetch(() => ({ body: { success: true, message: '', data: null } }))
    await renderWithRouter(<LoginForm turnstileToken="" />, '/login')
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: 'alice' } })
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret123' } })
    fireEvent.click(screen.getByTestId('login-submit'))
    expect(await screen.findByText('Retry in a few seconds, checking environment')).toBeVisible()
    expect(calls).toHaveLength(0)
  })

  it('stores the user and goes to /token on success', async () => {
    const user = { id: 1, username: 'alice', display_name: '', role: 1, status: 1, group: 'default' }
    const calls = mockFetch(() => ({ body: { success: true, message: '', data: user } }))
    const { router } = await renderWithRouter(<LoginForm turnstileToken="tok" />, '/login')
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: ' alice ' } })
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret123' } })
    fireEvent.click(screen.getByTestId('login-submit'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/token'))
    expect(calls[0]?.url).toBe('/api/user/login?turnstile=tok')
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ username: 'alice', password: 'secret123' })
    expect(getStoredUser()).toEqual(user)
  })
})
