import { mockFetch, renderWithRouter } from '@test/render'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '@/i18n'
import { RegisterForm } from './auth-register-form'

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } })
}

describe('RegisterForm', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
  })

  it('shows the spec messages for a short password and a mismatch', async () => {
    const calls = mockFetch(() => ({ body: { success: true, message: '', data: null } }))
    await renderWithRouter(<RegisterForm emailVerification={false} turnstileToken={null} />, '/register')
    fill('register-username', 'bob')
    fill('register-password', 'short')
    fill('register-confirm', 'other')
    fireEvent.click(screen.getByTestId('register-submit'))
    expect(await screen.findByText('Password length must not be under 8')).toBeVisible()
    expect(screen.getByText('The two passwords differ')).toBeVisible()
    expect(calls).toHaveLength(0)
  })

  it('sends the invite code and goes to /login', async () => {
    localStorage.setItem('aff', 'INV1')
    const calls = mockFetch(() => ({ body: { success: true, message: 'ok', data: null } }))
    const { router } = await renderWithRouter(
      <RegisterForm emailVerification={false} turnstileToken={null} />,
      '/register'
    )
    fill('register-username', 'bob')
    fill('register-password', 'password1')
    fill('register-confirm', 'password1')
    fireEvent.click(screen.getByTestId('register-submit'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(calls[0]?.url).toBe('/api/user/register?turnstile=')
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      username: 'bob',
      password: 'password1',
      password2: 'password1',
      email: '',
      verification_code: '',
      aff_code: 'INV1',
    })
  })

  it('asks for an email before sending a code, then counts down', async () => {
    const calls = mockFetch(() => ({ body: { success: true, message: '', data: null } }))
    await renderWithRouter(<RegisterForm emailVerification turnstileToken={null} />, '/register')
    fireEvent.click(await screen.findByTestId('register-send-code'))
    expect(await screen.findByText('Please enter email')).toBeVisible()
    fill('register-email', 'bob@example.com')
    await act(async () => fireEvent.click(screen.getByTestId('register-send-code')))
    await waitFor(() => expect(screen.getByTestId('register-send-code').textContent).toBe('Resend (30)'))
    expect((screen.getByTestId('register-send-code') as HTMLButtonElement).disabled).toBe(true)
    expect(calls[0]?.url).toBe('/api/verification?email=bob%40example.com&turnstile=')
  })
})
