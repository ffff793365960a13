import { mockFetch, renderWithRouter } from '@test/render'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '@/i18n'
import { ResetConfirmPage } from './auth-reset-confirm-page'
import { ResetRequestPage } from './auth-reset-request-page'

const status = { success: true, message: '', data: { system_name: 'Gateway', turnstile_check: false } }

describe('password reset pages', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
  })

  it('asks for the email, sends the request, then waits before another', async () => {
    const calls = mockFetch((url) =>
      url.startsWith('/api/status') ? { body: status } : { body: { success: true, message: 'sent', data: null } }
    )
    await renderWithRouter(<ResetRequestPage />, '/reset')
    fireEvent.click(await screen.findByTestId('reset-submit'))
    expect(await screen.findByText('Please enter email')).toBeVisible()
    fireEvent.change(screen.getByTestId('reset-email'), { target: { value: ' bob@example.com ' } })
    await act(async () => fireEvent.click(screen.getByTestId('reset-submit')))
    expect(await screen.findByTestId('reset-sent')).toBeVisible()
    await waitFor(() => expect(screen.getByTestId('reset-submit').textContent).toBe('Resend (30)'))
    expect(calls.filter((c) => c.url.startsWith('/api/reset_password')).map((c) => c.url)).toEqual([
      '/api/reset_password?email=bob%40example.com&turnstile=',
    ])
  })

  it('confirms with the link parameters and shows the new password', async () => {
    const calls = mockFetch((url) =>
      url.startsWith('/api/status') ? { body: status } : { body: { success: true, message: '', data: 'NewPass12345' } }
    )
    await renderWithRouter(
      <ResetConfirmPage search={{ email: 'bob@example.com', token: 'a'.repeat(32) }} />,
      '/user/reset'
    )
    await act(async () => fireEvent.click(await screen.findByTestId('reset-confirm-submit')))
    expect(((await screen.findByTestId('reset-confirm-password')) as HTMLInputElement).value).toBe('NewPass12345')
    const call = calls.find((c) => c.url === '/api/user/reset')
    expect(JSON.parse(String(call?.init.body))).toEqual({ email: 'bob@example.com', token: 'a'.repeat(32) })
  })

  it('shows the server message for a used link, and disables the button for a broken one', async () => {
    mockFetch((url) =>
      url.startsWith('/api/status')
        ? { body: status }
        : { body: { success: false, message: 'The reset link is invalid or has expired' } }
    )
    const { unmount } = await renderWithRouter(
      <ResetConfirmPage search={{ email: 'bob@example.com', token: 'b'.repeat(32) }} />,
      '/user/reset'
    )
    await act(async () => fireEvent.click(await screen.findByTestId('reset-confirm-submit')))
    expect((await screen.findByTestId('reset-confirm-error')).textContent).toBe(
      'The reset link is invalid or has expired'
    )
    unmount()
    await renderWithRouter(<ResetConfirmPage search={{ email: 'bob@example.com' }} />, '/user/reset')
    expect(await screen.findByTestId('reset-confirm-broken')).toBeVisible()
    expect((screen.getByTestId('reset-confirm-submit') as HTMLButtonElement).disabled).toBe(true)
  })
})
