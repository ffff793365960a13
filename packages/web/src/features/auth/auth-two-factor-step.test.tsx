import { serveApi } from '@test/api'
import { mockFetch, renderWithRouter } from '@test/render'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '@/i18n'
import { getStoredUser } from '@/lib/session'
import { LoginForm } from './auth-login-form'
import { TwoFactorStep } from './auth-two-factor-step'

const user = { id: 3, username: 'bob', display_name: 'Bob', role: 1, status: 1, group: 'default' }

describe('sign-in with 2FA', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
    localStorage.clear()
  })

  it('goes to the code step when the password answer asks for it, storing no user', async () => {
    const calls = mockFetch(() => ({
      body: { success: true, message: 'Please enter two-factor authentication code', data: { require_2fa: true } },
    }))
    const { router } = await renderWithRouter(<LoginForm turnstileToken={null} />, '/login')
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: 'bob' } })
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret123' } })
    fireEvent.click(screen.getByTestId('login-submit'))
    await waitFor(() => expect(router.state.location.href).toBe('/login?two_factor=true'))
    expect(calls.map((call) => call.url)).toEqual(['/api/user/login?turnstile='])
    expect(getStoredUser()).toBeNull()
  })

  it('sends the authenticator code, shows a refusal, then signs in and lands on /token', async () => {
    let answer: { status?: number; body: unknown } = {
      status: 403,
      body: { success: false, message: 'Wrong verification or backup code, try again' },
    }
    const calls: { url: string; body: unknown }[] = []
    serveApi((url, _init, body) => {
      calls.push({ url, body })
      return answer
    })
    const { router } = await renderWithRouter(<TwoFactorStep />, '/login?two_factor=true')
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeVisible()

    fireEvent.click(screen.getByTestId('two-factor-submit'))
    expect((await screen.findByTestId('two-factor-error')).textContent).toBe('Enter the code')
    expect(calls).toHaveLength(0)

    fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: '111111' } })
    fireEvent.click(screen.getByTestId('two-factor-submit'))
    await waitFor(() =>
      expect(screen.getByTestId('two-factor-error').textContent).toBe('Wrong verification or backup code, try again')
    )

    answer = { body: { success: true, message: '', data: user } }
    fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: '222222' } })
    fireEvent.click(screen.getByTestId('two-factor-submit'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/token'))
    expect(calls).toEqual([
      { url: '/api/user/login/2fa', body: { code: '111111' } },
      { url: '/api/user/login/2fa', body: { code: '222222' } },
    ])
    expect(getStoredUser()).toEqual(user)
  })

  it('takes a backup code after the toggle, in Chinese too', async () => {
    await i18n.changeLanguage('zh')
    const calls: { url: string; body: unknown }[] = []
    serveApi((url, _init, body) => {
      calls.push({ url, body })
      return { body: { success: true, message: '', data: user } }
    })
    const { router } = await renderWithRouter(<TwoFactorStep />, '/login?two_factor=true')
    fireEvent.click(await screen.findByTestId('two-factor-toggle'))
    expect(screen.getByText('请输入一个备用码（形如 ABCD-1234），每个备用码只能使用一次。')).toBeVisible()
    expect(screen.getByTestId('two-factor-toggle').textContent).toBe('改用认证器验证码')
    fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: ' abcd-1234 ' } })
    fireEvent.click(screen.getByTestId('two-factor-submit'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/token'))
    expect(calls).toEqual([{ url: '/api/user/login/2fa', body: { code: 'abcd-1234' } }])
  })
})
